package xref

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/evalopt/evalopt/checks/check"
	doctext "github.com/evalopt/evalopt/checks/internal/text"
)

// RuleSelfReference: a reference to a part of the deliverable itself
// ("Section 5 of this memo", "see Recommendation 4", "as noted in Finding 6
// above") that the deliverable does not have.
const RuleSelfReference = "xref.self_reference"

// NewSelfReferenceCheck returns the check for references to the
// deliverable's own parts (rule RuleSelfReference, block). It reads the
// labels the text defines: numbered headings and paragraphs ("## 3.
// Recommendations", "2.4 ..."), "Part 4" headings, and items of a family
// (recommendation, finding, issue, step, action, question, option,
// point, vulnerability) named at the start of a heading, line or table row
// in full ("Finding 3", "Recommendation 2:") or by initial ("F3", "R-02").
// It reports:
//   - "Section/Part/Paragraph N" followed by "of this memo/report/...", or
//     by "above"/"below", when N is not one of the text's numbered parts;
//   - an item reference ("Recommendation 4", "Finding 6", "F6" when the text
//     labels its findings F1, F2, ...) whose family the text labels but
//     whose number it does not, or that says "above"/"below" or "of this
//     memo" when the text labels no item of that family; each number of a
//     list or range ("amendments (1) to (5)"), and a later bare range of
//     the same sentence that is the subject of a verb ("recommendations 1
//     and 2 ..., even if 3 to 6 are refused");
//   - in a text that numbers its own paragraphs ("1.1", "2.3"), a bare
//     "(see 7.2)" that is neither its own nor the source's, and, in a
//     review of a source that never speaks of paragraphs, "paragraphs 3.1
//     to 3.7" beyond its own.
func NewSelfReferenceCheck() check.Check { return selfRefCheck{} }

type selfRefCheck struct{}

// Rule returns RuleSelfReference.
func (selfRefCheck) Rule() string { return RuleSelfReference }

var (
	// selfRefRe finds a reference to a part or item by family and number.
	selfRefRe = regexp.MustCompile(`(?i)\b(sections?|parts?|paragraphs?|paras?\.?|recs?\.?|recommendations?|findings?|issues?|steps?|actions?|questions?|options?|points?|vulnerabilit(?:y|ies)|vulns?\.?|observations?|items?|rows?|comments?|amendments?|appendix|appendices|annex(?:es)?|tables?|figures?|attachments?)[ \t]+(?:#|\()?([0-9]{1,3}(?:\.[0-9]{1,3})*|[A-Z]?-?[0-9]{1,3}|(?-i:[A-Z])\b)`)
	// ownMarkerRe, matched right after a reference, says it is to this
	// text: "of this memo", "above", "below", "in this report".
	ownMarkerRe = regexp.MustCompile(`(?i)^[ \t]*(?:,[ \t]*)?(?:(?:of|in)[ \t]+(?:this|the[ \t]+present)[ \t]+(?:memo|memorandum|report|review|document|letter|note|analysis|assessment|reply|response|email|redline|advice|summary|deliverable|paper)\b|above\b|below\b|earlier\b|later\b)`)
	// ownBeforeRe, matched right before a reference, says the same:
	// "see", "as noted in", "as set out in", "per", "under".
	ownBeforeRe = regexp.MustCompile(`(?i)\b(?:see|cf\.?|as\s+(?:noted|set\s+out|discussed|explained|described|stated|shown|mentioned|covered)\s+(?:in|under|at)|per|in)[ \t]+$`)
	// itemLabelRe finds an item label at the start of a heading, line or
	// table row: "### F4 – ...", "**Recommendation 2:**", "| R-03 |".
	itemLabelRe = regexp.MustCompile(`(?i)^(?:#{1,6}[ \t]+|\|[ \t]*|[-*+][ \t]+)?(?:\*\*|__)?(?:(recommendation|finding|issue|step|action|question|option|point|vulnerability|observation|item)[ \t]+#?|([A-Z]{1,4})-?)([0-9]{1,3})\b`)
	// partHeadRe finds a "Part 4" or "Section 4" heading.
	partHeadRe = regexp.MustCompile(`(?i)^(?:part|section)[ \t]+([0-9]{1,3}|[ivx]{1,5})\b`)
)

// familyOf maps a reference word or an initial to its item family.
func familyOf(word string) string {
	w := strings.TrimSuffix(strings.TrimSuffix(strings.ToLower(word), "."), "s")
	switch w {
	case "rec":
		return "recommendation"
	case "section", "part", "paragraph", "para":
		return "part"
	}
	if f := itemFamilyOf(word); f != "" {
		return f
	}
	return w
}

// initialFamily maps an item initial to the family it stands for in the
// text: F for finding, R for recommendation, and so on.
var initialFamily = map[byte]string{'F': "finding", 'R': "recommendation", 'I': "issue", 'V': "vulnerability", 'A': "action", 'S': "step", 'Q': "question", 'O': "observation"}

// plainItemLine returns line s as the item-label reader takes it: without
// the HTML tags around it ("<h3>Issue #1 — Fees</h3>") and without the
// number sign between a keyword and its number ("Issue #1").
func plainItemLine(s string) string {
	if strings.HasPrefix(s, "<") {
		s, _ = doctext.StripLineTags(s)
	}
	if i := strings.Index(s, " #"); i > 0 && i <= 16 && i+2 < len(s) && s[i+2] >= '0' && s[i+2] <= '9' {
		s = s[:i+1] + s[i+2:]
	}
	return s
}

// ownLabels returns the text's labels: family -> numbers, with "part"
// holding the numbered headings and paragraphs. short reports which
// initials the text labels its items with.
func ownLabels(text string) (labels map[string]map[string]bool, short map[string]bool) {
	labels = map[string]map[string]bool{}
	short = map[string]bool{}
	add := func(fam, n string) {
		if labels[fam] == nil {
			labels[fam] = map[string]bool{}
		}
		labels[fam][strings.TrimLeft(n, "0")] = true
	}
	var items itemTracker // numbered items under a heading that names their family
	doctext.ForEachUnfencedLine(text, func(l doctext.Line, raw, s string) {
		// Drafted clauses (indented, block-quoted or fenced) carry the
		// source's numbering, not the deliverable's.
		if s == "" || doctext.LeadingSpaces(raw) >= 4 || strings.HasPrefix(s, ">") {
			return
		}
		body := s
		items.line(s, add)
		if lvl, off := doctext.HeadingLevel(s); lvl > 0 {
			body = s[off:]
			if m := partHeadRe.FindStringSubmatch(body); m != nil {
				add("part", m[1])
			}
		}
		if m := doctext.MatchIf(doctext.StartsWithAny(body, doctext.DigitsAndStar+"SsCcAaPp§"), doctext.HeadingNumRe, body); m != nil {
			id := body[m[2]:m[3]]
			add("part", id)
			top, _, _ := strings.Cut(id, ".")
			add("part", top)
		}
		s = plainItemLine(s)
		if !doctext.MayBeItemLabel(s) {
			return
		}
		if m := itemLabel(s); m != nil {
			if m[1] != "" {
				add(familyOf(m[1]), m[3])
			} else if strings.ToUpper(m[2]) == m[2] && (len(m[2]) > 1 || initialFamily[m[2][0]] != "" || strings.ContainsAny(s[:1], "|#*")) && idSetOff(s) && !idEnumeration(s, m[2]) {
				add(prefixFamily(m[2]), m[3])
				short[m[2]] = true
			}
		}
	})
	return labels, short
}

// selfRefRun is one run of the check on a document. The text's own labels
// are read first (the short ids they define decide what the walk over the
// words looks for); the source's are built on first need and kept here,
// because most documents never cite the source's parts this way and
// building them costs a pass over the source.
type selfRefRun struct {
	doc      check.Document
	text     string
	labels   map[string]map[string]bool // family -> numbers the text labels (ownLabels)
	short    map[string]bool            // initials the text labels its items with
	excluded []doctext.Span             // spans whose references are not the text's (quotations, code)
	vocab    map[string]bool            // the source's reference keywords, built on first need
	srcNums  map[string]bool            // the numbers the source labels, built on first need
	added    map[string]bool            // labels the text introduces ("a new Section 6.3")
	others   map[string]bool            // family+" "+number of items the text placed in another document ("item 5 of the test plan")
	dominant string                     // the review's usual noun for numbered clauses, plus "|"; built on first need
	openings map[int]*lineOpenings      // line openings of the text, source and evidence (definedElsewhere), built on first need
	idx      *doctext.LineIndex         // the text's line index, read at the first finding
	out      []check.Finding
}

// Check returns the check's findings on doc.
func (selfRefCheck) Check(doc check.Document) []check.Finding {
	r := &selfRefRun{doc: doc, text: doc.Text}
	r.ready()
	r.wordRefs()
	r.seeTitleRefs()
	r.pointedRefs()
	r.pastOwnItems()
	check.SortFindings(r.out)
	return r.out
}

// ready builds the text's own labels and excluded spans, once, before
// any reference is judged.
func (r *selfRefRun) ready() {
	if r.labels == nil {
		r.labels, r.short = ownLabels(r.text)
		r.excluded = doctext.AnalysisOf(r.doc).Excluded()
	}
}

// srcLabels returns the numbers the source labels its clauses with: a
// review's "Section 8.2" is the source's when the source has an 8.2,
// whatever word the source uses for it.
func (r *selfRefRun) srcLabels() map[string]bool {
	if r.srcNums == nil {
		r.srcNums = map[string]bool{}
		so, _ := SourceOutlineOf(r.doc)
		if so == nil {
			return r.srcNums
		}
		for k := range so.byKey {
			if id, ok := strings.CutPrefix(k, "|"); ok {
				r.srcNums[id] = true
				top, _, _ := strings.Cut(id, ".")
				r.srcNums[top] = true
			}
		}
	}
	return r.srcNums
}

// report adds a finding for the reference at [s, e) to what, unless the
// name exists after all where no outline reads it (definedElsewhere).
func (r *selfRefRun) report(s, e int, what string) {
	if r.definedElsewhere(s, e) {
		return
	}
	r.out = append(r.out, check.Finding{Rule: RuleSelfReference, Severity: check.SeverityBlock,
		Message:  fmt.Sprintf("reference to %s, which this document does not have: point to an existing part or remove the reference", what),
		Location: r.lineIndex().Locate(s, e, r.text)})
}

// lineIndex returns the text's line index, read once per run: on a
// document not prepared by a Suite each AnalysisOf is a new analysis,
// and reading the index per finding made a text of many findings
// quadratic.
func (r *selfRefRun) lineIndex() *doctext.LineIndex {
	if r.idx == nil {
		r.idx = doctext.AnalysisOf(r.doc).LineIndex()
	}
	return r.idx
}

// shiftMatch moves the offsets of a match made on text[off:] to offsets
// in text, leaving unmatched groups (-1) alone.
func shiftMatch(m []int, off int) {
	for i := range m {
		if m[i] >= 0 {
			m[i] += off
		}
	}
}
