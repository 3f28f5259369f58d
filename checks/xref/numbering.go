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
	report := func(s, e int, prev, n int, what string) {
		idx := doctext.AnalysisOf(doc).LineIndex()
		out = append(out, check.Finding{Rule: RuleNumberingGap, Severity: check.SeverityWarn,
			Message:  fmt.Sprintf("%s numbering jumps from %d to %d", what, prev, n),
			Location: idx.Locate(s, e, text)})
	}
	if doc.Kind == evaluator.KindRedline {
		out = append(out, redlineNumbering(doc, doctext.AnalysisOf(doc).LineIndex())...)
	}
	if doc.Kind == evaluator.KindContract {
		out = append(out, titledParagraphGaps(text, doctext.AnalysisOf(doc).LineIndex())...)
	} else {
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
	}
	if doctext.IsReview(doc.Kind) && doc.Kind != evaluator.KindRedline {
		// Other kinds' paragraphs are clauses, which the cross-reference
		// check numbers; a redline's are the source's.
		out = append(out, ownParagraphOrder(text, doctext.AnalysisOf(doc).LineIndex())...)
	}
	// A contract's headings are its clauses and a redline's the source's,
	// both left to the cross-reference check; every other kind numbers its
	// own sections.
	headings := doc.Kind != evaluator.KindContract && doc.Kind != evaluator.KindRedline
	listPrev, listIndent := 0, -1 // the open list's last number and indent
	headPrev := 0
	fence := false
	prevBlank := true
	doctext.ForEachLine(text, func(l doctext.Line) {
		raw := text[l.Start:l.End]
		s := strings.TrimSpace(raw)
		if strings.HasPrefix(s, "```") || strings.HasPrefix(s, "~~~") {
			fence = !fence
			listIndent = -1
			return
		}
		if fence {
			return
		}
		if s == "" {
			prevBlank = true
			return
		}
		blankBefore := prevBlank
		prevBlank = false
		indent := doctext.LeadingSpaces(raw)
		if lvl, off := doctext.HeadingLevel(raw); lvl > 0 {
			listIndent = -1
			if headings {
				if m := doctext.OrderedItemRe.FindStringSubmatchIndex(raw[off:]); m != nil {
					n, _ := strconv.Atoi(raw[off+m[2] : off+m[3]])
					if headPrev > 0 && n > headPrev+1 {
						report(l.Start+off+m[2], l.Start+off+m[3], headPrev, n, "heading")
					}
					headPrev = max(headPrev, n)
				}
			}
			return
		}
		m := doctext.MatchIf(doctext.StartsWithAny(s, "0123456789"), doctext.OrderedItemRe, s)
		if m == nil {
			// A continuation line of the open item keeps the list open;
			// any other paragraph closes it.
			if listIndent >= 0 && indent <= listIndent && blankBefore {
				listIndent = -1
			}
			return
		}
		n, _ := strconv.Atoi(s[m[2]:m[3]])
		at := l.Start + indent
		if headings && indent == 0 && blankBefore && doctext.PlainTitle(s) && (headPrev > 0 || n == 1) {
			// "3. Next steps": a plain-text memo's section title.
			if headPrev > 0 && n > headPrev+1 {
				report(at+m[2], at+m[3], headPrev, n, "heading")
			}
			headPrev = max(headPrev, n)
			listIndent = -1
			return
		}
		if listIndent >= 0 && indent == listIndent {
			if n > listPrev+1 {
				report(at+m[2], at+m[3], listPrev, n, "list")
			}
			listPrev = max(listPrev, n)
			return
		}
		if listIndent < 0 || indent < listIndent {
			listIndent, listPrev = indent, n
		}
	})
	return out
}
