package xref

import "strings"

// itemLabelWords are itemLabelRe's family words.
var itemLabelWords = []string{"recommendation", "finding", "issue", "step", "action", "question", "option", "point",
	"vulnerability", "observation", "item"}

// itemLabel returns what itemLabelRe.FindStringSubmatch(s) does, read by
// hand: ownLabels asks it of every heading of a deliverable, which the
// expression's backtracker made one of the memo's dearest lines. Each
// part of the expression can be read only one way: the markup, the
// emphasis and the blanks must be taken whole for a letter to follow, a
// letter run must be whole and at most four long for a '-' or digit to
// follow it, and the digits must be one to three before a non-word byte.
// A line holding ſ or the Kelvin sign, which (?i) folds to ASCII letters,
// goes to the expression. FuzzItemLabel checks it against the expression.
func itemLabel(s string) []string {
	if strings.Contains(s, "ſ") || strings.Contains(s, "\u212a") {
		return itemLabelRe.FindStringSubmatch(s)
	}
	i, ok := labelMarkup(s)
	if !ok {
		return nil
	}
	if strings.HasPrefix(s[i:], "**") || strings.HasPrefix(s[i:], "__") {
		i += 2
	}
	if m := familyLabel(s, i); m != nil {
		return m
	}
	l := i
	for l < len(s) && l-i <= 4 && (s[l]|0x20 >= 'a' && s[l]|0x20 <= 'z') {
		l++
	}
	if l == i || l-i > 4 {
		return nil
	}
	d := l
	if d < len(s) && s[d] == '-' {
		d++
	}
	e, ok := labelDigits(s, d)
	if !ok {
		return nil
	}
	return []string{s[:e], "", s[i:l], s[d:e]}
}

// labelMarkup returns the offset after itemLabelRe's optional heading,
// table or list markup at the start of s, and false when s opens with
// markup the expression cannot read past.
func labelMarkup(s string) (int, bool) {
	if s == "" {
		return 0, true
	}
	i := 0
	switch s[0] {
	case '#':
		for i < len(s) && s[i] == '#' {
			i++
		}
		if i > 6 {
			return 0, false
		}
		b := blanksAt(s, i)
		return b, b > i
	case '|':
		return blanksAt(s, 1), true
	case '-', '+':
		b := blanksAt(s, 1)
		return b, b > 1
	case '*':
		if b := blanksAt(s, 1); b > 1 {
			return b, true
		}
	}
	return 0, true
}

// familyLabel reads a family word at s[i:], blanks, an optional '#' and
// the digits: itemLabelRe's first alternative, or nil.
func familyLabel(s string, i int) []string {
	for _, w := range itemLabelWords {
		if len(s)-i < len(w) || !strings.EqualFold(s[i:i+len(w)], w) {
			continue
		}
		b := blanksAt(s, i+len(w))
		if b == i+len(w) {
			return nil
		}
		d := b
		if d < len(s) && s[d] == '#' {
			d++
		}
		e, ok := labelDigits(s, d)
		if !ok {
			return nil
		}
		return []string{s[:e], s[i : i+len(w)], "", s[d:e]}
	}
	return nil
}

// labelDigits returns the end of a run of one to three digits at s[d:]
// followed by a non-word byte or the end of s.
func labelDigits(s string, d int) (int, bool) {
	e := d
	for e < len(s) && s[e] >= '0' && s[e] <= '9' {
		e++
	}
	if e == d || e-d > 3 || e < len(s) && isWordByte(s[e]) {
		return 0, false
	}
	return e, true
}

// blanksAt returns the offset after the spaces and tabs at s[i:].
func blanksAt(s string, i int) int {
	for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
		i++
	}
	return i
}

// isWordByte reports whether c is a word byte of the regexp package's \b.
func isWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_'
}
