package advice

import "strings"

// The words that make a fix concrete, read without the references and item
// ids among them (refIDRe): what every caller asks is
// concreteRe.MatchString(refIDRe.ReplaceAllString(s, "")), which on a whole
// recommendation ran the backtracker once per reference, clearing a bitmap
// the size of the text each time. The scans below give the same answer
// (FuzzConcreteOutsideRefs checks them against the expressions) and run the
// expressions only on the rare text the scans cannot settle.

// concreteOutsideRefs reports whether s, less its references and item ids,
// names something concrete: concreteRe.MatchString(refIDRe.ReplaceAllString(s, "")).
func concreteOutsideRefs(s string) bool { return concrete(stripRefIDs(s)) }

// concreteOrTechOutsideRefs is concreteOutsideRefs, or a technical name
// (techNameRe) in s less its references.
func concreteOrTechOutsideRefs(s string) bool {
	p := stripRefIDs(s)
	return concrete(p) || mayTechName(p) && techNameRe.MatchString(p)
}

// concrete returns concreteRe.MatchString(p): a byte of its first class
// settles it at once, and without one of the bytes or pairs its other
// alternatives need it cannot match.
func concrete(p string) bool {
	if strings.ContainsAny(p, "0123456789\"`=<>{}") || strings.Contains(p, "“") {
		return true
	}
	return mayConcreteWord(p) && concreteRe.MatchString(p)
}

// mayConcreteWord is false only when none of concreteRe's word
// alternatives can match p: each needs a "(" after a word byte, a "_", a
// "/" before a word byte, a "-" before a capital or a lower-case letter
// before a capital.
func mayConcreteWord(p string) bool {
	for i := 0; i < len(p); i++ {
		switch c := p[i]; {
		case c == '_':
			return true
		case c == '(' && i > 0 && asciiWordByte(p[i-1]):
			return true
		case i+1 < len(p) && (c == '/' && asciiWordByte(p[i+1]) || (c == '-' || c >= 'a' && c <= 'z') && p[i+1] >= 'A' && p[i+1] <= 'Z'):
			return true
		}
	}
	return false
}

// mayTechName is false only when techNameRe cannot match p: its CamelCase
// alternative needs a lower-case letter before a capital, its host and
// file alternative a "." before a lower-case letter, a digit or "-".
func mayTechName(p string) bool {
	for i := 0; i+1 < len(p); i++ {
		c, d := p[i], p[i+1]
		if c >= 'a' && c <= 'z' && d >= 'A' && d <= 'Z' || c == '.' && (d >= 'a' && d <= 'z' || d >= '0' && d <= '9' || d == '-') {
			return true
		}
	}
	return false
}

// stripRefIDs returns refIDRe.ReplaceAllString(s, ""). Every alternative
// of refIDRe holds a digit, so text without one is returned as it is; text
// holding ſ or the Kelvin sign, which (?i) folds to ASCII letters, goes to
// the expression.
func stripRefIDs(s string) string {
	if !strings.ContainsAny(s, "0123456789") {
		return s
	}
	if foldsToASCII(s) {
		return refIDRe.ReplaceAllString(s, "")
	}
	var b []byte
	last := 0
	for i := 0; i < len(s); {
		e := refIDAt(s, i)
		if e < 0 {
			i++
			continue
		}
		if b == nil {
			b = make([]byte, 0, len(s))
		}
		b = append(b, s[last:i]...)
		last, i = e, e
	}
	if b == nil {
		return s
	}
	return string(append(b, s[last:]...))
}

// refKeywords are refIDRe's nouns, lower case.
var refKeywords = map[string]bool{
	"section": true, "sections": true, "clause": true, "clauses": true, "article": true, "articles": true,
	"paragraph": true, "paragraphs": true, "schedule": true, "schedules": true, "exhibit": true, "exhibits": true,
	"annex": true, "annexes": true, "appendix": true, "appendices": true, "item": true, "items": true,
	"finding": true, "findings": true, "recommendation": true, "recommendations": true, "part": true, "parts": true,
	"rule": true, "rules": true, "step": true, "steps": true,
}

// refIDAt returns the end of the match of refIDRe that starts at s[i] (the
// leftmost-first one, as the expression picks), or -1. The alternatives
// start on different bytes: a noun and a number ("Section 4.2(b)"), "§",
// a short id ("F-02", "CWE-89"), a dotted number ("7.1.2(a)"). s holds no
// rune that (?i) folds to an ASCII letter.
func refIDAt(s string, i int) int {
	c := s[i]
	if c == 0xC2 && i+1 < len(s) && s[i+1] == 0xA7 { // §+\s*[0-9][0-9.()a-z]*
		k := i
		for k+1 < len(s) && s[k] == 0xC2 && s[k+1] == 0xA7 {
			k += 2
		}
		for k < len(s) && isReSpace(s[k]) {
			k++
		}
		return refTail(s, k)
	}
	if !asciiWordByte(c) || i > 0 && asciiWordByte(s[i-1]) { // every other alternative opens on \b and a word byte
		return -1
	}
	if isDigit(c) { // \d{1,3}(?:\.\d{1,3})+(?:\([a-z0-9]{1,4}\))*
		return dottedAt(s, i)
	}
	if !isASCIILetter(c) {
		return -1
	}
	j := i
	for j < len(s) && isASCIILetter(s[j]) {
		j++
	}
	if j < len(s) && isReSpace(s[j]) && j-i <= len("recommendations") && refKeywords[strings.ToLower(s[i:j])] {
		k := j // noun\s+[0-9][0-9.()a-z]*
		for k < len(s) && isReSpace(s[k]) {
			k++
		}
		if e := refTail(s, k); e >= 0 {
			return e
		}
	}
	if j-i > 4 || !allUpper(s[i:j]) { // (?-i:[A-Z]{1,4})-?[0-9]{1,4}\b
		return -1
	}
	k := j
	if k < len(s) && s[k] == '-' {
		k++
	}
	d := k
	for d < len(s) && isDigit(s[d]) {
		d++
	}
	if d == k || d-k > 4 || d < len(s) && asciiWordByte(s[d]) {
		return -1
	}
	return d
}

// refTail returns the end of [0-9][0-9.()a-z]* ((?i)) at s[k], or -1.
func refTail(s string, k int) int {
	if k >= len(s) || !isDigit(s[k]) {
		return -1
	}
	for k++; k < len(s); k++ {
		if c := s[k]; !(isDigit(c) || isASCIILetter(c) || c == '.' || c == '(' || c == ')') {
			break
		}
	}
	return k
}

// dottedAt returns the end of \d{1,3}(?:\.\d{1,3})+(?:\([a-z0-9]{1,4}\))*
// ((?i)) at s[i], a digit, or -1. Each repetition is greedy and what
// follows it always matches, so the greedy path is the match.
func dottedAt(s string, i int) int {
	k := digitsUpTo(s, i, 3)
	if k < len(s) && isDigit(s[k]) || k+1 >= len(s) || s[k] != '.' || !isDigit(s[k+1]) {
		return -1
	}
	for k+1 < len(s) && s[k] == '.' && isDigit(s[k+1]) {
		k = digitsUpTo(s, k+1, 3)
	}
	for k < len(s) && s[k] == '(' {
		m := k + 1
		for m < len(s) && m-k-1 < 5 && (isDigit(s[m]) || isASCIILetter(s[m])) {
			m++
		}
		if n := m - k - 1; n < 1 || n > 4 || m >= len(s) || s[m] != ')' {
			break
		}
		k = m + 1
	}
	return k
}

// digitsUpTo returns the end of at most n ASCII digits from s[i].
func digitsUpTo(s string, i, n int) int {
	k := i
	for k < len(s) && k-i < n && isDigit(s[k]) {
		k++
	}
	return k
}

func isDigit(c byte) bool       { return c >= '0' && c <= '9' }
func isASCIILetter(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }

// isReSpace reports whether c is in the regexp package's \s: [\t\n\f\r ].
func isReSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r' }

// allUpper reports whether the ASCII letters w are all capitals.
func allUpper(w string) bool {
	for i := 0; i < len(w); i++ {
		if w[i] < 'A' || w[i] > 'Z' {
			return false
		}
	}
	return true
}
