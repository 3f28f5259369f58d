package xref

import (
	doctext "github.com/evalopt/evalopt/checks/internal/text"
	"strconv"
	"strings"
)

// This file reads the form of a line's opening label: "(c)", "3", "3.2",
// "C.3", "R5", "RT-03", "E".

// readForm reads the label form at raw[i:], sets the label's style, place
// and end, and returns where the text after it (and its closing mark)
// starts.
func (lb *lineLabel) readForm(raw string, i int) (int, bool) {
	if i < len(raw) && raw[i] == '(' {
		j, ok := lb.single(raw, i+1)
		if !ok || j >= len(raw) || raw[j] != ')' {
			return 0, false
		}
		lb.term, lb.end = "()", j+1
		return j + 1, true
	}
	j, ok := lb.numbers(raw, i)
	if !ok {
		j, ok = lb.lettered(raw, i)
	}
	if !ok {
		return 0, false
	}
	lb.end = j
	if j < len(raw) && (raw[j] == '.' || raw[j] == ')') && !lb.dotted {
		lb.term = raw[j : j+1]
		j++
	}
	return j, true
}

// single reads one number of up to three digits or one letter at i.
func (lb *lineLabel) single(raw string, i int) (int, bool) {
	if d := digitsAt(raw, i); d > 0 && d <= 3 {
		lb.style = "n"
		lb.n, _ = strconv.Atoi(raw[i : i+d])
		return i + d, true
	}
	if i < len(raw) && asciiLetterByte(raw[i]) && (i+1 == len(raw) || !asciiLetterByte(raw[i+1])) {
		lb.letter(raw[i])
		return i + 1, true
	}
	return 0, false
}

// letter sets a single letter's style and place.
func (lb *lineLabel) letter(c byte) {
	if c >= 'a' {
		lb.style, lb.n = "a", int(c-'a')+1
	} else {
		lb.style, lb.n = "A", int(c-'A')+1
	}
}

// numbers reads "3" or a dotted "3.2.1" at i.
func (lb *lineLabel) numbers(raw string, i int) (int, bool) {
	d := digitsAt(raw, i)
	if d == 0 || d > 3 {
		return 0, false
	}
	last, j := i, i+d
	for j+1 < len(raw) && raw[j] == '.' {
		e := digitsAt(raw, j+1)
		if e == 0 || e > 3 {
			break
		}
		last, j = j+1, j+1+e
	}
	lb.n, _ = strconv.Atoi(raw[last:j])
	if last == i {
		lb.style = "n"
		return j, true
	}
	lb.dotted, lb.style = true, "dot:"+raw[i:last]
	return j, true
}

// lettered reads "C.3", "R5", "RT-03" or a single letter at i.
func (lb *lineLabel) lettered(raw string, i int) (int, bool) {
	u := 0
	for i+u < len(raw) && u <= 4 && raw[i+u] >= 'A' && raw[i+u] <= 'Z' {
		u++
	}
	switch {
	case u == 1 && i+2 < len(raw) && raw[i+1] == '.' && digitsAt(raw, i+2) > 0:
		d := digitsAt(raw, i+2)
		if d > 3 {
			return 0, false
		}
		lb.dotted, lb.style = true, "dot:"+raw[i:i+2]
		lb.n, _ = strconv.Atoi(raw[i+2 : i+2+d])
		return i + 2 + d, true
	case u >= 1 && u <= 4 && i+u < len(raw):
		j := i + u
		if raw[j] == '-' {
			j++
		}
		d := digitsAt(raw, j)
		if d == 0 || d > 3 || lb.noun == "" && classPrefixes[raw[i:i+u]] {
			break
		}
		lb.style = "id:" + raw[i:i+u]
		lb.n, _ = strconv.Atoi(raw[j : j+d])
		return j + d, true
	}
	if i < len(raw) && asciiLetterByte(raw[i]) && (i+1 == len(raw) || !asciiLetterByte(raw[i+1]) && !isDigitByte(raw[i+1])) {
		lb.letter(raw[i])
		return i + 1, true
	}
	return 0, false
}

// closes reports whether the label that ends at j closes where a label
// does: at the end of its line, or (after its bold mark) at a colon or a
// dash; after a closing "." or ")" at a blank; a dotted number also at a
// blank and no lower-case word.
func (lb *lineLabel) closes(raw string, j int) bool {
	rest := strings.TrimPrefix(strings.TrimPrefix(raw[j:], "**"), "__")
	t := strings.TrimLeft(rest, " \t")
	if strings.TrimSpace(t) == "" {
		return lb.noun != "" || lb.term != "" || strings.HasPrefix(lb.style, "id:")
	}
	blank := len(t) < len(rest)
	if lb.term != "" {
		return blank || len(rest) < len(raw[j:]) // "**E.**" or "E. "
	}
	for _, sep := range []string{":", "—", "–", "- ", "·", "|"} {
		if strings.HasPrefix(t, sep) {
			return true
		}
	}
	// A dotted number opens a clause's text, not a decimal's unit
	// ("4.3 [Deleted]", "4.3 The ...", not "1.5 hours").
	return lb.dotted && blank && !(t[0] >= 'a' && t[0] <= 'z')
}

// digitsAt returns how many ASCII digits s has at i.
func digitsAt(s string, i int) int { return doctext.DigitsEnd(s, i) - i }

func isDigitByte(c byte) bool { return c >= '0' && c <= '9' }

func asciiLetterByte(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
