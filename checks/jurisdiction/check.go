package jurisdiction

import (
	"fmt"
	"sort"
	"sync"

	"github.com/evalopt/evalopt/checks/check"
	"github.com/evalopt/evalopt/checks/internal/clip"
	doctext "github.com/evalopt/evalopt/checks/internal/text"
	"github.com/evalopt/evalopt/evaluator"
)

// Rule ids of the jurisdiction check.
const (
	// RuleWrongLaw: the deliverable states another governing law or forum
	// than the source's clauses (block). Rubric dimension: Jurisdictional
	// Accuracy.
	RuleWrongLaw = "jurisdiction.wrong_law"
	// RuleForeignStatute: the deliverable applies a statute of a
	// jurisdiction other than the source's governing law without saying
	// why (info; warn when the deliverable also treats that jurisdiction's
	// law as governing). Rubric dimension: Jurisdictional Accuracy.
	RuleForeignStatute = "jurisdiction.foreign_statute"
)

// Config configures New. The zero value means the defaults.
type Config struct {
	// Table is a jurisdiction table in the format of DefaultTable, used
	// instead of it; empty means DefaultTable(). At most 1 MiB.
	Table string
}

// maxFindings bounds the findings of each rule on one document.
const maxFindings = 50

// New returns the jurisdiction check. It reads the governing law and the
// forum from the source and the evidence (Document.SourceText and every
// evidence item but tool outputs and posted findings): the jurisdictions
// named in their governing-law and jurisdiction clauses, in the usual
// wordings ("governed by the laws of the State of New York", "the courts
// of England and Wales have exclusive jurisdiction", "Governing law:
// Ontario", a section headed "Law and Jurisdiction"). Then, in the
// deliverable, outside quotations and code:
//   - RuleWrongLaw (block) for a sentence that states what law governs
//     the agreement or where its disputes go and names a jurisdiction
//     neither equal to, inside nor around one the source names for that
//     use. A sentence that proposes, supposes, negates, asks or compares,
//     names the source's jurisdiction as well, or is drafted text (a
//     redline's clause, a proposed-text column, tracked changes) states
//     nothing and is never reported.
//   - RuleForeignStatute (info) for a statute of a jurisdiction unrelated
//     to the source's governing law, unless its sentence or the one before
//     gives a reason (where the data subjects or consumers are, a mandatory
//     rule, a comparison, a hypothesis); warn when the deliverable also
//     states that jurisdiction's law governs or reasons "under" it.
//
// With no governing law or forum in the source it reports nothing. An
// invalid Config.Table is an *evaluator.FieldError naming the line,
// matching evaluator.ErrInvalidOption.
func New(cfg Config) (check.Check, error) {
	src := cfg.Table
	if src == "" {
		defaultOnce.Do(func() { defaultParsed, defaultErr = parseTable(defaultTable) })
		if defaultErr != nil {
			return nil, defaultErr
		}
		return &jurisdictionCheck{t: defaultParsed}, nil
	}
	t, err := parseTable(src)
	if err != nil {
		return nil, err
	}
	return &jurisdictionCheck{t: t}, nil
}

var (
	defaultOnce   sync.Once
	defaultParsed *table
	defaultErr    error
)

type jurisdictionCheck struct{ t *table }

func (c *jurisdictionCheck) Rule() string { return "jurisdiction." }

func (c *jurisdictionCheck) Rules() []string { return []string{RuleForeignStatute, RuleWrongLaw} }

func (c *jurisdictionCheck) Check(doc check.Document) []check.Finding {
	law, forum := c.t.sourceClauses(doc)
	if len(law)+len(forum) == 0 {
		return nil
	}
	a := doctext.AnalysisOf(doc)
	text, ws, excluded := doc.Text, a.WordList(), a.Excluded()
	idx := a.LineIndex()
	lawPlaces, forumPlaces := c.t.specific(places(law)), c.t.specific(places(forum))
	var out []check.Finding
	r := newReader(c.t, text, ws)
	stmts := c.t.statements(r, excluded, doc.Kind == evaluator.KindRedline)
	lastSentence := -1
	for _, s := range stmts {
		want, clauses := lawPlaces, law
		if s.use == useForum {
			want, clauses = forumPlaces, forum
		}
		if len(want) == 0 || c.t.relatedToAny(s.m.place, want) || s.w.start == lastSentence || len(out) >= maxFindings {
			continue
		}
		if c.namesSource(r, s, append(lawPlaces, forumPlaces...)) {
			continue
		}
		lastSentence = s.w.start
		out = append(out, check.Finding{Rule: RuleWrongLaw, Severity: check.SeverityBlock,
			Message:  c.wrongMessage(s, clauses),
			Location: idx.Locate(s.m.start, s.m.end, text)})
	}
	if len(lawPlaces) > 0 {
		governing := c.t.treatedAsGoverning(r, excluded, stmts)
		n := 0
		for _, su := range c.t.statutes(r, excluded, lawPlaces) {
			if su.reasoned || c.t.relatedToAny(su.m.place, lawPlaces) || n >= maxFindings {
				continue
			}
			n++
			sev := check.SeverityInfo
			if c.t.relatedToAny(su.m.place, governing) {
				sev = check.SeverityWarn
			}
			out = append(out, check.Finding{Rule: RuleForeignStatute, Severity: sev,
				Message:  c.statuteMessage(text[su.m.start:su.m.end], su, law, sev),
				Location: idx.Locate(su.m.start, su.m.end, text)})
		}
	}
	check.SortFindings(out)
	return out
}

// namesSource reports whether the statement's sentence also names one of
// the source's jurisdictions (or a place inside one), other than a place
// around the stated one: a sentence that sets the two side by side
// compares, it does not misstate.
func (c *jurisdictionCheck) namesSource(r *reader, s statement, src []int) bool {
	lo := sort.Search(len(r.mentions), func(i int) bool { return r.mentions[i].start >= s.w.start })
	for _, m := range r.mentions[lo:] {
		if m.start >= s.w.end {
			break
		}
		if m.roles&(roleName|roleAdj|roleCourt|roleCity) == 0 || c.t.ancestorOf(m.place, s.m.place) {
			continue // a statute, or the stated place's own country ("British Columbia and the federal laws of Canada")
		}
		for _, p := range src {
			if c.t.ancestorOf(p, m.place) {
				return true // the source's jurisdiction, or a place inside it
			}
		}
	}
	return false
}

// specific drops from ps every place that another of ps, not a city, lies
// inside: "the laws of Ontario and the federal laws of Canada" chose
// Ontario, not any province of Canada. A city leaves its state in (the
// courts "located in New York County, New York" may be called New York
// courts or Manhattan courts).
func (t *table) specific(ps []int) []int {
	var out []int
	for _, p := range ps {
		keep := true
		for _, q := range ps {
			if q != p && t.ancestorOf(p, q) && !t.isCity(q) {
				keep = false
				break
			}
		}
		if keep {
			out = append(out, p)
		}
	}
	return out
}

func places(cs []clause) []int {
	out := make([]int, 0, len(cs))
	for _, c := range cs {
		out = append(out, c.place)
	}
	return out
}

func (c *jurisdictionCheck) wrongMessage(s statement, clauses []clause) string {
	what := "governing law"
	if s.use == useForum {
		what = "forum"
	}
	return fmt.Sprintf("%s: the text names %s, but the source names %s (%q): state the source's %s, or quote the clause",
		what, c.t.places[s.m.place].name, c.placeNames(clauses), clauses[0].snippet, what)
}

func (c *jurisdictionCheck) statuteMessage(name string, su statuteUse, law []clause, sev check.Severity) string {
	msg := fmt.Sprintf("%s is law of %s, but the source's governing law is %s: say why it applies (where the data subjects or consumers are, a mandatory rule, a comparison asked for) or rely on the governing law",
		clip.Runes(name, 60), c.t.places[su.m.place].name, c.placeNames(law))
	if sev == check.SeverityWarn {
		msg += "; the text also treats " + c.t.places[su.m.place].name + " law as governing"
	}
	return msg
}

// placeNames lists the distinct jurisdictions of cs ("New York, England
// and Wales"), at most four.
func (c *jurisdictionCheck) placeNames(cs []clause) string {
	var names []string
	seen := map[int]bool{}
	for _, cl := range cs {
		if !seen[cl.place] && len(names) < 4 {
			seen[cl.place] = true
			names = append(names, c.t.places[cl.place].name)
		}
	}
	out := ""
	for i, n := range names {
		if i > 0 {
			out += ", "
		}
		out += n
	}
	return out
}
