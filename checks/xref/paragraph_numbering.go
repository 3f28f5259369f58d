package xref

import (
	"fmt"
	"regexp"
	"strconv"

	"github.com/evalopt/evalopt/checks/check"
	doctext "github.com/evalopt/evalopt/checks/internal/text"
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
func titledParagraphGaps(text string, idx *doctext.LineIndex) []check.Finding {
	var out []check.Finding
	prev := 0
	doctext.ForEachUnfencedLine(text, func(l doctext.Line, raw, _ string) {
		if raw == "" || raw[0] < '0' || raw[0] > '9' {
			return
		}
		m := titledParaRe.FindStringSubmatchIndex(raw)
		if m == nil {
			return
		}
		n, _ := strconv.Atoi(raw[m[2]:m[3]])
		if n > prev+1 && prev > 0 || n == prev {
			out = append(out, check.Finding{Rule: RuleNumberingGap, Severity: check.SeverityWarn,
				Message:  fmt.Sprintf("paragraph numbering runs from %d to %d", prev, n),
				Location: idx.Locate(l.Start+m[2], l.Start+m[3], text)})
		}
		if n == 1 || n > prev {
			prev = n
		}
	})
	return out
}

// ownPara reads a two-level numbered paragraph at the start of s, "3.4
// From ..." or "3.4. From ...": its two numbers. (A scanner, not an
// expression: it runs on every numbered line.)
func ownPara(s string) (top, n int, end int, ok bool) {
	i := doctext.DigitsEnd(s, 0)
	if i == 0 || i > 3 || i >= len(s) || s[i] != '.' {
		return 0, 0, 0, false
	}
	j := doctext.DigitsEnd(s, i+1)
	if j == i+1 || j-i-1 > 3 {
		return 0, 0, 0, false
	}
	k := j
	if k < len(s) && s[k] == '.' {
		k++
	}
	b := k
	for k < len(s) && (s[k] == ' ' || s[k] == '\t') {
		k++
	}
	if k == b || k >= len(s) {
		return 0, 0, 0, false
	}
	top, _ = strconv.Atoi(s[:i])
	n, _ = strconv.Atoi(s[i+1 : j])
	return top, n, j, true
}

// sectionTitleRe matches a one-level section title, as a Markdown heading
// or a plain line: "3. Attack path", "## 4 Findings".
var sectionTitleRe = regexp.MustCompile(`^(?:#{1,6}[ \t]+)?(?:\*\*)?(\d{1,3})\.?(?:\*\*)?[ \t]+(?:\*\*)?\pL`)

// ownParagraphOrder reports, in a text that numbers its own paragraphs by
// section ("3. Attack path", then "3.1", "3.2", ...), a paragraph that does
// not follow the one before it: a skip ("3.3" then "3.6") or a step back
// ("3.6" then "3.5"). Only paragraphs whose first number is the section
// they stand in, and whose run opens at N.1, are the text's own numbering;
// a quoted clause of a source ("7.3 The Tenant shall ...") under a section
// 3 is left alone, and so is an indented or block-quoted one.
func ownParagraphOrder(text string, idx *doctext.LineIndex) []check.Finding {
	var out []check.Finding
	section, prev := -1, 0 // the open section's number; its last paragraph, -1 when not numbered from 1
	doctext.ForEachUnfencedLine(text, func(l doctext.Line, raw, s string) {
		if s == "" || doctext.LeadingSpaces(raw) >= 4 || s[0] == '>' || raw[0] == ' ' || raw[0] == '\t' {
			return
		}
		if !doctext.StartsWithAny(s, "0123456789#*") {
			return
		}
		if top, n, end, ok := ownPara(s); ok {
			if top != section || prev < 0 {
				return
			}
			if prev == 0 && n != 1 {
				prev = -1 // not the text's own run: it would open at 1
				return
			}
			if prev > 0 && n != prev+1 {
				out = append(out, check.Finding{Rule: RuleNumberingGap, Severity: check.SeverityWarn,
					Message:  fmt.Sprintf("paragraph %d.%d follows %d.%d: number the paragraphs of section %d in order", top, n, top, prev, top),
					Location: idx.Locate(l.Start, l.Start+end, text)})
			}
			prev = max(prev, n)
			return
		}
		if m := sectionTitleRe.FindStringSubmatchIndex(s); m != nil && (s[0] == '#' || doctext.PlainTitle(s)) {
			section, _ = strconv.Atoi(s[m[2]:m[3]])
			prev = 0
		}
	})
	return out
}
