package text

import (
	"regexp"
	"strings"
	"unicode"
)

// Title lines: the headings of deliverables written without Markdown. A
// plain-text memo heads its parts "1 SUMMARY", "3. Recommendations" or
// "ADVICE"; a Word-style one "**Issues**" on a line of its own. Each is a
// heading as much as "## Issues" is.

// numberedTitleRe matches a numbered title without a dot: "3 RECOMMENDATIONS",
// "2 Findings".
var numberedTitleRe = regexp.MustCompile(`^\d{1,2}[ \t]+[A-Z]`)

// ReviewTitle returns the heading level and text offset of line s when it
// is a title line of a review (not a Markdown heading): a numbered title
// ("3. Next steps", "3 RECOMMENDATIONS"; level 2), a line in capitals
// ("ADVICE", "SCOPE AND METHOD"; level 1, above numbered titles) or a
// wholly bold line that is not a long label ending in ':' ("**Issues**",
// "**Next steps:**"; level 3). It returns 0 otherwise.
func ReviewTitle(s string) (level, textOff int) {
	t := strings.TrimSpace(s)
	if t == "" || len(t) > 110 {
		return 0, 0
	}
	lead := len(s) - len(strings.TrimLeft(s, " \t"))
	if lead > 3 {
		return 0, 0 // indented: quoted or drafted text
	}
	if strings.HasPrefix(t, "<") {
		if _, _, ok := htmlTitle(t); ok {
			return 2, lead // "<summary><strong>F-01 · ... · High</strong></summary>"
		}
		return 0, 0
	}
	if StartsWithAny(t, "0123456789") {
		if (OrderedItemRe.MatchString(t) || numberedTitleRe.MatchString(t)) && PlainTitle(t) {
			return 2, lead + strings.IndexByte(t, ' ') + 1
		}
		if numberedTitleRe.MatchString(t) && CapsLine(t) {
			return 2, lead + strings.IndexByte(t, ' ') + 1
		}
		return 0, 0
	}
	if CapsLine(t) && len(t) < 80 && !strings.HasPrefix(t, "|") && WordCount(t, 0, len(t)) <= 8 {
		return 1, lead
	}
	for _, mark := range []string{"**", "__"} {
		if b, ok := strings.CutPrefix(t, mark); ok {
			if i := strings.Index(b, mark); i > 0 && i+len(mark) == len(b) && (!strings.HasSuffix(strings.TrimSpace(b[:i]), ":") || WordCount(b, 0, i) <= 4) {
				return 3, lead + len(mark)
			}
		}
	}
	if markedTitle(t) {
		return 2, lead // "【Identified Issues】", "■ Findings": a section of the memo
	}
	return 0, 0
}

// CapsLine reports whether t has letters and no lower-case letter.
func CapsLine(t string) bool {
	letters := false
	for _, r := range t {
		switch {
		case unicode.IsLower(r):
			return false
		case unicode.IsUpper(r):
			letters = true
		}
	}
	return letters
}
