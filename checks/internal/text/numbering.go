package text

import (
	"regexp"
	"strings"
)

// OrderedItemRe matches an ordered-list item: "3. text", "3) text".
var OrderedItemRe = regexp.MustCompile(`^(\d{1,3})[.)][ \t]+\S`)

// PlainTitle reports whether s (a trimmed line starting "N. ") reads as a
// section title in a plain-text document: short, no sentence punctuation
// at the end, and the words after the number start with a capital.
func PlainTitle(s string) bool {
	if len(s) > 110 || strings.ContainsAny(s[len(s)-1:], ".:;,!?") {
		return false
	}
	_, rest, ok := strings.Cut(s, " ")
	rest = strings.TrimSpace(rest)
	return ok && rest != "" && rest[0] >= 'A' && rest[0] <= 'Z'
}
