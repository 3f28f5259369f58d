package checks

import (
	"fmt"
	"regexp"
	"strconv"
)

// titledParaRe matches a numbered paragraph with a bold title, the way
// short agreements and amendments number their operative paragraphs:
// "5. **Effect.** Except as ...".
var titledParaRe = regexp.MustCompile(`^(\d{1,3})\.[ \t]+(?:\*\*|__)[^*_\n]{1,80}(?:\*\*|__)`)

// titledParagraphGaps reports numbered paragraphs with bold titles
// ("4. **Transition.**" then "6. **Effect.**") that skip a number. They
// form one sequence across headings ("## Amendments", "## General"), as
// an agreement numbers its paragraphs straight through; a paragraph
// numbered 1 starts a new sequence.
func titledParagraphGaps(text string, idx *LineIndex) []Finding {
	var out []Finding
	prev := 0
	forEachUnfencedLine(text, func(l line, raw, _ string) {
		if raw == "" || raw[0] < '0' || raw[0] > '9' {
			return
		}
		m := titledParaRe.FindStringSubmatchIndex(raw)
		if m == nil {
			return
		}
		n, _ := strconv.Atoi(raw[m[2]:m[3]])
		if n > prev+1 && prev > 0 || n == prev {
			out = append(out, Finding{Rule: RuleNumberingGap, Severity: SeverityWarn,
				Message:  fmt.Sprintf("paragraph numbering runs from %d to %d", prev, n),
				Location: idx.Locate(l.start+m[2], l.start+m[3], text)})
		}
		if n == 1 || n > prev {
			prev = n
		}
	})
	return out
}
