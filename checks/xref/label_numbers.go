package xref

import (
	"strconv"
	"strings"
)

// How labels number: the top number of an id, its parent and last number,
// an attachment's ordinal and Roman numerals, shared by the outline and
// the reference checks.

// topNumber returns the leading decimal number of an id ("382" of "382(a)",
// "3" of "3.2").
func topNumber(id string) (int, bool) {
	n := 0
	for n < len(id) && id[n] >= '0' && id[n] <= '9' {
		n++
	}
	if n == 0 {
		return 0, false
	}
	v, err := strconv.Atoi(id[:n])
	return v, err == nil
}

// splitNumber splits "3.2.1" into its parent "3.2" and last number 1.
func splitNumber(id string) (string, int) {
	parent, last := "", id
	if i := strings.LastIndexByte(id, '.'); i >= 0 {
		parent, last = id[:i], id[i+1:]
	}
	lower := last // romanValue folds ASCII case itself: lower-case a copy only when it is not ASCII
	if !asciiOnly(last) {
		lower = strings.ToLower(last)
	}
	if n, ok := romanValue(lower); ok && last != "" && last[0] >= 'A' && last[0] <= 'Z' {
		return parent, n
	}
	return parent, atoiOrZero(last)
}

// atoiOrZero is strconv.Atoi's value, without the error it allocates for
// the words a label's last part mostly is. Atoi gives 0 for a string too
// short to overflow that holds a byte no number has; a longer one may
// overflow (and give the largest int) before that byte, so it is asked.
func atoiOrZero(s string) int {
	if len(s) < 10 || strconv.IntSize == 64 && len(s) < 19 {
		for i := 0; i < len(s); i++ {
			if c := s[i]; (c < '0' || c > '9') && c != '+' && c != '-' {
				return 0
			}
		}
	}
	n, _ := strconv.Atoi(s)
	return n
}

// asciiOnly reports whether s holds only ASCII bytes.
func asciiOnly(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// ordinal turns an attachment or item id into its position: "A"/"a" -> 1,
// "B" -> 2, "3" -> 3. Two-letter ids and other forms have none.
func ordinal(id string) (int, bool) {
	if n, err := strconv.Atoi(id); err == nil {
		return n, true
	}
	if len(id) == 1 {
		c := id[0] | 0x20
		if c >= 'a' && c <= 'z' {
			return int(c-'a') + 1, true
		}
	}
	return 0, false
}

// romanValue parses a lower-case Roman numeral up to 89 ("i".."lxxxix").
func romanValue(s string) (int, bool) {
	if s == "" {
		return 0, false
	}
	total := 0
	for i := 0; i < len(s); i++ {
		v := romanDigit(s[i])
		if v == 0 {
			return 0, false
		}
		if i+1 < len(s) && romanDigit(s[i+1]) > v {
			total -= v
		} else {
			total += v
		}
	}
	if total <= 0 || !isCanonicalRoman(total, s) {
		return 0, false
	}
	return total, true
}

// romanDigit returns the value of a Roman digit in either case, 0 for
// any other byte.
func romanDigit(c byte) int {
	switch c | 0x20 {
	case 'i':
		return 1
	case 'v':
		return 5
	case 'x':
		return 10
	case 'l':
		return 50
	case 'c':
		return 100
	}
	return 0
}

// romanParts are the parts of a Roman numeral up to c, largest first.
var romanParts = [...]struct {
	v int
	s string
}{{100, "c"}, {90, "xc"}, {50, "l"}, {40, "xl"}, {10, "x"}, {9, "ix"}, {5, "v"}, {4, "iv"}, {1, "i"}}

// isCanonicalRoman reports whether s, whose bytes are Roman digits in
// either case, is n written as a Roman numeral ("iv", not "iiii"; past
// 399 the hundreds repeat).
func isCanonicalRoman(n int, s string) bool {
	at := 0
	for _, p := range romanParts {
		for n >= p.v {
			if len(s)-at < len(p.s) {
				return false
			}
			for k := 0; k < len(p.s); k++ {
				if s[at+k]|0x20 != p.s[k] {
					return false
				}
			}
			at += len(p.s)
			n -= p.v
		}
	}
	return at == len(s)
}
