package xref

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/evalopt/evalopt/checks/check"
	doctext "github.com/evalopt/evalopt/checks/internal/text"
	"github.com/evalopt/evalopt/evaluator"
)

// NewListNumberingCheck returns the check for the deliverable's own
// numbering (rule RuleNumberingGap, warn): an ordered list whose items skip
// a number ("1.", "2.", "5."), and, in a review memo or red-team report, its
// top-level numbered headings ("## 1. Summary" ... "## 4. Next steps", or
// plain-text title lines "3. Next steps") when they skip one. Lists restart
// after any other paragraph; a list that repeats "1." throughout (Markdown's
// lazy numbering) is never a gap. A review's own paragraphs numbered by
// section ("3.1", "3.2" under "3. Attack path") must run in order, and an
// item label may not repeat the one before it where the next belongs
// ("RT-03", "RT-03", no "RT-04"). Clause numbers in a redline or a memo's
// quoted clauses are the source's numbering and are left to the
// cross-reference check.
func NewListNumberingCheck() check.Check { return listNumberingCheck{} }

type listNumberingCheck struct{}

// Rule returns RuleNumberingGap.
func (listNumberingCheck) Rule() string { return RuleNumberingGap }

// Check returns the check's findings on doc.
func (listNumberingCheck) Check(doc check.Document) []check.Finding {
	text := doc.Text
	var out []check.Finding
	if doc.Kind == evaluator.KindRedline {
		out = append(out, redlineNumbering(doc, doctext.AnalysisOf(doc).LineIndex())...)
	}
	if doc.Kind == evaluator.KindContract {
		out = append(out, titledParagraphGaps(text, doctext.AnalysisOf(doc).LineIndex())...)
	} else {
		out = append(out, itemNumbering(doc)...)
	}
	if doctext.IsReview(doc.Kind) && doc.Kind != evaluator.KindRedline {
		// Other kinds' paragraphs are clauses, which the cross-reference
		// check numbers; a redline's are the source's.
		out = append(out, ownParagraphOrder(text, doctext.AnalysisOf(doc).LineIndex())...)
	}
	ls := &listScan{
		doc: doc, text: text, out: out,
		// A contract's headings are its clauses and a redline's the
		// source's, both left to the cross-reference check; every other
		// kind numbers its own sections.
		headings:   doc.Kind != evaluator.KindContract && doc.Kind != evaluator.KindRedline,
		listIndent: -1,
		prevBlank:  true,
	}
	doctext.ForEachLine(text, ls.line)
	reported := map[int]bool{}
	for _, f := range ls.out {
		reported[f.Location.Line] = true
	}
	return append(ls.out, sequenceBreaks(doc, reported)...)
}

// itemNumbering reports the text's labelled items ("F3", "Recommendation
// 2") that repeat the label before them where the next belongs, then
// those whose family's numbering skips one.
func itemNumbering(doc check.Document) []check.Finding {
	text := doc.Text
	var out []check.Finding
	defs := itemDefs(text)
	for _, d := range itemRepeats(text, defs) {
		name := strings.TrimPrefix(d.family, "id:")
		out = append(out, check.Finding{Rule: RuleNumberingGap, Severity: check.SeverityWarn,
			Message:  fmt.Sprintf("%s %d is numbered twice in a row, where %s %d belongs", name, d.n, name, d.n+1),
			Location: doctext.AnalysisOf(doc).LineIndex().Locate(d.start, d.end, text)})
	}
	for _, d := range itemNumberGaps(defs) {
		name := strings.TrimPrefix(d.family, "id:")
		out = append(out, check.Finding{Rule: RuleNumberingGap, Severity: check.SeverityWarn,
			Message:  fmt.Sprintf("%s numbering skips %d: %s %d follows no %d", name, d.n-1, name, d.n, d.n-1),
			Location: doctext.AnalysisOf(doc).LineIndex().Locate(d.start, d.end, text)})
	}
	return out
}

// listScan follows the text's ordered lists and numbered section titles
// line by line: a gap is only a gap against the open list's last number
// at the same indent, or the last section title's, so the scan carries
// them from line to line.
type listScan struct {
	doc        check.Document
	text       string
	headings   bool // the text numbers its own sections, so their titles are checked
	listPrev   int  // the open list's last number
	listIndent int  // the open list's indent, -1 when no list is open
	headPrev   int  // the last section title's number
	fence      bool // inside a fenced code block
	prevBlank  bool // the line before was blank
	out        []check.Finding
}

// report adds a numbering-gap finding for the number at [s, e).
func (ls *listScan) report(s, e int, prev, n int, what string) {
	idx := doctext.AnalysisOf(ls.doc).LineIndex()
	ls.out = append(ls.out, check.Finding{Rule: RuleNumberingGap, Severity: check.SeverityWarn,
		Message:  fmt.Sprintf("%s numbering jumps from %d to %d", what, prev, n),
		Location: idx.Locate(s, e, ls.text)})
}

// line reads one line: a fence, a blank, a heading, an ordered item, or
// another paragraph, which closes the open list unless it continues the
// open item.
func (ls *listScan) line(l doctext.Line) {
	raw := ls.text[l.Start:l.End]
	s := strings.TrimSpace(raw)
	if strings.HasPrefix(s, "```") || strings.HasPrefix(s, "~~~") {
		ls.fence = !ls.fence
		ls.listIndent = -1
		return
	}
	if ls.fence {
		return
	}
	if s == "" {
		ls.prevBlank = true
		return
	}
	blankBefore := ls.prevBlank
	ls.prevBlank = false
	indent := doctext.LeadingSpaces(raw)
	if lvl, off := doctext.HeadingLevel(raw); lvl > 0 {
		ls.heading(l.Start, raw, off)
		return
	}
	m := doctext.MatchIf(doctext.StartsWithAny(s, "0123456789"), doctext.OrderedItemRe, s)
	if m == nil {
		// A continuation line of the open item keeps the list open;
		// any other paragraph closes it.
		if ls.listIndent >= 0 && indent <= ls.listIndent && blankBefore {
			ls.listIndent = -1
		}
		return
	}
	ls.orderedItem(l.Start+indent, s, m, indent, blankBefore)
}

// heading closes the open list and, when the text numbers its own
// sections, checks a numbered heading ("## 3. Next steps") against the
// last.
func (ls *listScan) heading(start int, raw string, off int) {
	ls.listIndent = -1
	if !ls.headings {
		return
	}
	if m := doctext.OrderedItemRe.FindStringSubmatchIndex(raw[off:]); m != nil {
		n, _ := strconv.Atoi(raw[off+m[2] : off+m[3]])
		if ls.headPrev > 0 && n > ls.headPrev+1 {
			ls.report(start+off+m[2], start+off+m[3], ls.headPrev, n, "heading")
		}
		ls.headPrev = max(ls.headPrev, n)
	}
}

// orderedItem checks an ordered item s (match m, at offset at) as a plain
// section title, as the next item of the open list, or opens a list.
func (ls *listScan) orderedItem(at int, s string, m []int, indent int, blankBefore bool) {
	n, _ := strconv.Atoi(s[m[2]:m[3]])
	if ls.headings && indent == 0 && blankBefore && doctext.PlainTitle(s) && (ls.headPrev > 0 || n == 1) {
		// "3. Next steps": a plain-text memo's section title.
		if ls.headPrev > 0 && n > ls.headPrev+1 {
			ls.report(at+m[2], at+m[3], ls.headPrev, n, "heading")
		}
		ls.headPrev = max(ls.headPrev, n)
		ls.listIndent = -1
		return
	}
	if ls.listIndent >= 0 && indent == ls.listIndent {
		if n > ls.listPrev+1 {
			ls.report(at+m[2], at+m[3], ls.listPrev, n, "list")
		}
		ls.listPrev = max(ls.listPrev, n)
		return
	}
	if ls.listIndent < 0 || indent < ls.listIndent {
		ls.listIndent, ls.listPrev = indent, n
	}
}
