package checks

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

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
func NewListNumberingCheck() Check { return listNumberingCheck{} }

type listNumberingCheck struct{}

func (listNumberingCheck) Rule() string { return RuleNumberingGap }

// orderedItemRe matches an ordered-list item: "3. text", "3) text".
var orderedItemRe = regexp.MustCompile(`^(\d{1,3})[.)][ \t]+\S`)

func (listNumberingCheck) Check(doc Document) []Finding {
	text := doc.Text
	var out []Finding
	report := func(s, e int, prev, n int, what string) {
		idx := analysisOf(doc).lineIndex()
		out = append(out, Finding{Rule: RuleNumberingGap, Severity: SeverityWarn,
			Message:  fmt.Sprintf("%s numbering jumps from %d to %d", what, prev, n),
			Location: idx.Locate(s, e, text)})
	}
	if doc.Kind == evaluator.KindRedline {
		out = append(out, redlineNumbering(doc, analysisOf(doc).lineIndex())...)
	}
	if doc.Kind == evaluator.KindContract {
		out = append(out, titledParagraphGaps(text, analysisOf(doc).lineIndex())...)
	} else {
		defs := itemDefs(text)
		for _, d := range itemRepeats(text, defs) {
			name := strings.TrimPrefix(d.family, "id:")
			out = append(out, Finding{Rule: RuleNumberingGap, Severity: SeverityWarn,
				Message:  fmt.Sprintf("%s %d is numbered twice in a row, where %s %d belongs", name, d.n, name, d.n+1),
				Location: analysisOf(doc).lineIndex().Locate(d.start, d.end, text)})
		}
		for _, d := range itemNumberGaps(defs) {
			name := strings.TrimPrefix(d.family, "id:")
			out = append(out, Finding{Rule: RuleNumberingGap, Severity: SeverityWarn,
				Message:  fmt.Sprintf("%s numbering skips %d: %s %d follows no %d", name, d.n-1, name, d.n, d.n-1),
				Location: analysisOf(doc).lineIndex().Locate(d.start, d.end, text)})
		}
	}
	if isReview(doc.Kind) && doc.Kind != evaluator.KindRedline {
		// Other kinds' paragraphs are clauses, which the cross-reference
		// check numbers; a redline's are the source's.
		out = append(out, ownParagraphOrder(text, analysisOf(doc).lineIndex())...)
	}
	// A contract's headings are its clauses and a redline's the source's,
	// both left to the cross-reference check; every other kind numbers its
	// own sections.
	headings := doc.Kind != evaluator.KindContract && doc.Kind != evaluator.KindRedline
	listPrev, listIndent := 0, -1 // the open list's last number and indent
	headPrev := 0
	fence := false
	prevBlank := true
	forEachLine(text, func(l line) {
		raw := text[l.start:l.end]
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
		indent := leadingSpaces(raw)
		if lvl, off := headingLevel(raw); lvl > 0 {
			listIndent = -1
			if headings {
				if m := orderedItemRe.FindStringSubmatchIndex(raw[off:]); m != nil {
					n, _ := strconv.Atoi(raw[off+m[2] : off+m[3]])
					if headPrev > 0 && n > headPrev+1 {
						report(l.start+off+m[2], l.start+off+m[3], headPrev, n, "heading")
					}
					headPrev = max(headPrev, n)
				}
			}
			return
		}
		m := matchIf(startsWithAny(s, "0123456789"), orderedItemRe, s)
		if m == nil {
			// A continuation line of the open item keeps the list open;
			// any other paragraph closes it.
			if listIndent >= 0 && indent <= listIndent && blankBefore {
				listIndent = -1
			}
			return
		}
		n, _ := strconv.Atoi(s[m[2]:m[3]])
		at := l.start + indent
		if headings && indent == 0 && blankBefore && plainTitle(s) && (headPrev > 0 || n == 1) {
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

// plainTitle reports whether s (a trimmed line starting "N. ") reads as a
// section title in a plain-text document: short, no sentence punctuation
// at the end, and the words after the number start with a capital.
func plainTitle(s string) bool {
	if len(s) > 110 || strings.ContainsAny(s[len(s)-1:], ".:;,!?") {
		return false
	}
	_, rest, ok := strings.Cut(s, " ")
	rest = strings.TrimSpace(rest)
	return ok && rest != "" && rest[0] >= 'A' && rest[0] <= 'Z'
}
