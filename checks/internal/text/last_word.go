package text

import (
	"strings"
)

// LastWordIn reports whether s, with the bytes in trim removed from its
// end, ends with one of words (lower case, ASCII letters) standing as a
// whole word. It is the cheap necessary condition of the "…word$" regexps
// run on the text before each quotation: an unanchored regexp ending in $
// tries every start position, so calling it only when the last word can
// match keeps those checks fast. A last word with non-ASCII letters
// answers true, leaving the case folding to the regexp.
func LastWordIn(s, trim string, words map[string]bool) bool {
	s = strings.TrimRight(s, trim)
	i := len(s)
	ascii := true
	for i > 0 {
		c := s[i-1]
		if c >= 0x80 {
			ascii = false
		} else if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
			break
		}
		i--
	}
	w := s[i:]
	if w == "" || len(w) > 16 {
		return !ascii
	}
	if !ascii {
		return true
	}
	var buf [16]byte
	for k := 0; k < len(w); k++ {
		c := w[k]
		if c >= 'A' && c <= 'Z' {
			c += 'a' - 'A'
		}
		buf[k] = c
	}
	return words[string(buf[:len(w)])]
}

// DraftLeadLast are the words draftLeadRe can end on.
var DraftLeadLast = map[string]bool{
	"substitute": true, "substituting": true, "insert": true, "inserting": true, "add": true, "adding": true,
	"append": true, "appending": true, "prepend": true, "prepending": true,
	"with": true, "by": true, "to": true, "into": true, "read": true, "reads": true, "follows": true,
	"become": true, "becomes": true, "word": true, "words": true, "following": true, "text": true,
	"end": true, "beginning": true, "start": true, "clause": true, "sentence": true, "paragraph": true,
	"section": true, "article": true, "item": true,
}

// ReplaceWithLast are the words replaceWithRe can end on.
var ReplaceWithLast = map[string]bool{"with": true, "to": true, "by": true, "for": true, "into": true}

// SubstituteLast are the words substituteRe can end on.
var SubstituteLast = map[string]bool{"substitute": true, "insert": true, "add": true, "append": true, "prepend": true}
