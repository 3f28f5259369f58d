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
	if n, ok := romanValue(strings.ToLower(last)); ok && last != "" && last[0] >= 'A' && last[0] <= 'Z' {
		return parent, n
	}
	n, _ := strconv.Atoi(last)
	return parent, n
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
	vals := map[byte]int{'i': 1, 'v': 5, 'x': 10, 'l': 50, 'c': 100}
	if s == "" {
		return 0, false
	}
	total := 0
	for i := 0; i < len(s); i++ {
		v, ok := vals[s[i]|0x20]
		if !ok {
			return 0, false
		}
		if i+1 < len(s) && vals[s[i+1]|0x20] > v {
			total -= v
		} else {
			total += v
		}
	}
	if total <= 0 || toRoman(total) != strings.ToLower(s) {
		return 0, false
	}
	return total, true
}

func toRoman(n int) string {
	var b strings.Builder
	for _, p := range []struct {
		v int
		s string
	}{{100, "c"}, {90, "xc"}, {50, "l"}, {40, "xl"}, {10, "x"}, {9, "ix"}, {5, "v"}, {4, "iv"}, {1, "i"}} {
		for n >= p.v {
			b.WriteString(p.s)
			n -= p.v
		}
	}
	return b.String()
}
