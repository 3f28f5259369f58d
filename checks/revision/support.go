package revision

import (
	"regexp"
	"strings"

	doctext "github.com/evalopt/evalopt/checks/internal/text"
	"github.com/evalopt/evalopt/evaluator"
)

// sourceSupport returns what the configured source states. It is read
// without the task's evidence IDs: support sets never use evidence-ref
// facts, and a figure inside an ID is never a number.
func (g *RevisionGuard) sourceSupport() supportSet {
	g.sourceOnce.Do(func() { g.source = newSupport("source", g.cfg.SourceText, newFactsOptions(nil)) })
	return g.source
}

// ownHeadingRe finds the labels a candidate defines with headings: a
// Markdown heading numbered with or without a keyword ("## 2. Findings",
// "### Section 4.1"), a multi-level number opening a line ("4.1 Fees"), or an
// attachment heading ("## Exhibit B"). A plain line that merely starts with
// "Section 9" is a reference, not a definition.
var ownHeadingRe = regexp.MustCompile(`(?m)^#{1,6}[ \t]+(?:(?i:section|clause|article|paragraph)[ \t]+)?(\d{1,4}(?:\.\d{1,4})*)\b|^(\d{1,4}(?:\.\d{1,4})+)[ \t]|^#{1,6}[ \t]+(?i:(exhibit|schedule|annex|appendix))[ \t]+([A-Z]{1,2}|\d{1,3})\b`)

// supportSet is what one piece of material (an evidence item, the source,
// the input) states.
type supportSet struct {
	name    string
	keys    map[string]bool // "kind|key" of every fact
	nums    map[string]bool // values of its plain numbers (no currency)
	figures map[string]bool // every figure outside dates, and dates' years (generous)
	quoteIn string          // the text normalised for quotation matching
}

func newSupport(name, text string, o factsOptions) supportSet {
	s := supportSet{name: name, keys: map[string]bool{}, nums: map[string]bool{}, figures: map[string]bool{}, quoteIn: normQuote(text)}
	o.skipQuotes = true // a figure the evidence quotes is still a figure it states
	facts := append(extractFacts(text, o), labelFacts(text)...)
	for _, f := range facts {
		s.keys[string(f.kind)+"|"+f.key] = true
		if f.alt != "" {
			s.keys[string(f.kind)+"|"+f.alt] = true
		}
		if f.kind == FactAmount || f.kind == FactNumber {
			s.figures[doctext.FormatNum(f.num)] = true
		}
		if f.kind == FactNumber {
			s.nums[doctext.FormatNum(f.num)] = true
		}
		if f.kind == FactReference {
			// "3.2(a)" is supported where "3.2" is.
			if i := strings.IndexByte(f.key, '('); i > 0 {
				s.keys[string(f.kind)+"|"+f.key[:i]] = true
			}
		}
	}
	// For a plain number, every figure in the text counts, even inside an
	// identifier or a reference: support is read generously, changes
	// strictly. Inside a date only the year counts: "15" in "2025-04-15" is
	// a day, not a quantity. An amount needs an amount in the same currency,
	// or a plain number of that value ("Total due: 1,200.00"); never a
	// figure inside an identifier, nor the same value in another currency.
	var dates []doctext.Span
	for _, d := range doctext.ScanDates(text, doctext.WordSpans(text)) {
		dates = append(dates, doctext.Span{Start: d.Start, End: d.End})
		s.figures[d.Key[:4]] = true
		// A full date supports its partial forms ("March 3", "March 2025").
		for _, k := range []string{d.Key, d.Alt} {
			if k != "" {
				s.keys["date|*"+k[4:]] = true
				s.keys["date|"+k[:8]+"*"] = true
			}
		}
	}
	for _, m := range scanNumbers(text) {
		if doctext.InSpans(dates, m.Start, m.End) {
			continue
		}
		if v, ok := parseDigits(text[m.Start:m.End], ""); ok {
			s.figures[doctext.FormatNum(v)] = true
		}
	}
	return s
}

// supports reports whether the material states f.
func (s supportSet) supports(f fact) bool {
	switch f.kind {
	case FactQuotation:
		return quoteIn(f.key, s.quoteIn)
	case FactNumber:
		return s.figures[doctext.FormatNum(f.num)]
	case FactAmount:
		return s.keys["amount|"+f.key] || s.nums[doctext.FormatNum(f.num)]
	case FactReference:
		k := "reference|" + f.key
		if s.keys[k] {
			return true
		}
		if i := strings.IndexByte(f.key, '('); i > 0 {
			return s.keys[k[:len("reference|")+i]]
		}
		return false
	}
	return s.keys[string(f.kind)+"|"+f.key] || f.alt != "" && s.keys[string(f.kind)+"|"+f.alt]
}

// quoteIn reports whether the normalised quotation q appears in the
// normalised text: verbatim, or piece by piece in order when it elides
// text with "..." or "…".
func quoteIn(q, text string) bool {
	if strings.Contains(text, q) {
		return true
	}
	q = strings.ReplaceAll(q, "…", "...")
	if !strings.Contains(q, "...") {
		return false
	}
	at := 0
	for _, piece := range strings.Split(q, "...") {
		piece = strings.Trim(piece, " .,;:'\"[]")
		if piece == "" {
			continue
		}
		k := strings.Index(text[at:], piece)
		if k < 0 {
			return false
		}
		at += k + len(piece)
	}
	return true
}

// supportLookup finds what supports a fact of a revision. The task's
// material and the revision's own headings are read on first need only: a
// revision that changes nothing reads neither.
type supportLookup struct {
	g      *RevisionGuard
	task   evaluator.Task
	o      factsOptions
	next   string          // the revision
	sup    []supportSet    // the evidence, the source, the input
	labels map[string]bool // the labels next's headings define
}

// support returns the support sets: each evidence item, then the source,
// then the task's input unless the guard ignores it.
func (l *supportLookup) support() []supportSet {
	if l.sup == nil {
		for _, e := range l.task.Evidence {
			l.sup = append(l.sup, newSupport(e.ID, e.Content, l.o))
		}
		if l.g.cfg.SourceText != "" {
			l.sup = append(l.sup, l.g.sourceSupport())
		}
		if !l.g.cfg.IgnoreInput && l.task.Input != "" {
			l.sup = append(l.sup, newSupport("input", l.task.Input, l.o))
		}
	}
	return l.sup
}

// ownLabels returns the labels the revision defines with its headings,
// keyed like references ("num 2.1", "exhibit b").
func (l *supportLookup) ownLabels() map[string]bool {
	if l.labels == nil {
		l.labels = map[string]bool{}
		for _, m := range ownHeadingRe.FindAllStringSubmatch(l.next, -1) {
			switch {
			case m[1] != "":
				l.labels["num "+m[1]] = true
			case m[2] != "":
				l.labels["num "+m[2]] = true
			default:
				l.labels[strings.ToLower(m[3])+" "+strings.ToLower(m[4])] = true
			}
		}
	}
	return l.labels
}

// supportedBy names what supports f: an evidence ID, "source", "input", or
// "candidate" for a reference to one of the revision's own headings; empty
// when nothing does. An evidence citation is supported only by the task
// holding that evidence.
func (l *supportLookup) supportedBy(f fact) string {
	if f.kind == FactEvidenceRef {
		if l.o.evidenceIDs[f.key] {
			return f.key
		}
		return ""
	}
	for _, s := range l.support() {
		if s.supports(f) {
			return s.name
		}
	}
	if f.kind == FactReference && l.ownLabels()[f.key] {
		return "candidate" // a cross-reference to the candidate's own heading
	}
	return ""
}
