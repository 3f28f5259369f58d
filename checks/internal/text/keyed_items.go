package text

import (
	"regexp"
	"strings"
)

// A review keys its items by the findings' ids: the findings are "H1 -
// Booking lookup can be brute-forced - High" lines, table rows or emphasised
// leads, and the fixes come later as "H1: limit lookups ..." or "1. C1,
// today: turn on ...". Read by what the items do, that is a findings
// section and a recommendations section whatever their headings say ("Where
// the bodies are buried", "Closing the doors", or none at all).

// findingFixRe matches a line that opens by naming the finding it fixes,
// then a colon: "1. For finding 1 (P0): stop passing raw text", "- Re
// issue 3: rotate the key", "To fix finding 2: add a check".
var findingFixRe = regexp.MustCompile(`(?im)^[ \t>*+-]*(?:\d{1,3}[.)][ \t]+)?(?:\*\*|__)?(?:for|re:?|to[ \t]+fix|fix(?:es)?[ \t]+for)[ \t]+(?:the[ \t]+)?(?:finding|issue|risk|vulnerability)[ \t]+#?\d{1,3}\b[^\n:]{0,30}:`)

// maxKeyedLines bounds how many lines keyedItems reads, so that its cost
// stays linear whatever the text.
const maxKeyedLines = 20000

// keyedItems returns, for the ids that lead two or more lines of text, how
// many of them lead an item keyed with a colon after the first time the id
// led a line (a fix for that finding), and how many ids lead a line at all.
func keyedItems(text string) (fixes, ids int) {
	first := make(map[string]bool)
	fixed := make(map[string]bool)
	n := 0
	for line := range strings.Lines(text) {
		if n++; n > maxKeyedLines {
			break
		}
		id, rest, ok := leadID(line)
		if !ok {
			continue
		}
		if first[id] {
			if colonKeyed(rest) {
				fixed[id] = true
			}
			continue
		}
		first[id] = true
	}
	return len(fixed), len(first)
}

// leadID returns the item id a line opens with — after a list marker, a
// number, a table's pipe or emphasis — and the rest of the line: "H1",
// "RT-3", "F-02", "C1".
func leadID(line string) (string, string, bool) {
	s := strings.TrimLeft(line, " \t|>")
	s = strings.TrimLeft(s, "-*+• ")
	if i := strings.IndexAny(s, ".)"); i > 0 && i <= 3 && allDigits(s[:i]) {
		s = strings.TrimLeft(s[i+1:], " \t")
	}
	s = strings.TrimLeft(s, "*_ ")
	i := 0
	for i < len(s) && i < 4 && s[i] >= 'A' && s[i] <= 'Z' {
		i++
	}
	if i == 0 {
		return "", "", false
	}
	j := i
	if j < len(s) && s[j] == '-' {
		j++
	}
	k := j
	for k < len(s) && k-j < 3 && s[k] >= '0' && s[k] <= '9' {
		k++
	}
	if k == j || k < len(s) && (s[k] >= '0' && s[k] <= '9' || IsWordByte(s[k]) || s[k] == '.' && k+1 < len(s) && s[k+1] >= '0' && s[k+1] <= '9') {
		return "", "", false
	}
	return s[:i] + strings.TrimPrefix(s[i:k], "-"), s[k:], true
}

// colonKeyed reports whether the rest of an item's line keys it with a
// colon: "H1: Limit", "C1, today: turn", "H2 (High): add", "RT-1:".
func colonKeyed(rest string) bool {
	rest = strings.TrimLeft(rest, "*_ ")
	c := strings.IndexByte(rest, ':')
	if c < 0 || c > 24 {
		return false
	}
	head := rest[:c]
	return head == "" || strings.HasPrefix(head, ",") || strings.HasPrefix(head, "(") || strings.HasPrefix(strings.TrimLeft(head, " "), "(")
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}
