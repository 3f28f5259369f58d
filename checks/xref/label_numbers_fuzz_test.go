package xref

import (
	"strconv"
	"strings"
	"testing"
)

// FuzzLabelNumbers checks romanValue and splitNumber, which read numerals
// without allocating, against the code they replaced (a map of digits per
// call, the canonical numeral written out and compared, strconv.Atoi).
func FuzzLabelNumbers(f *testing.F) {
	for _, s := range []string{"iv", "IV", "Iv", "iiii", "xlix", "XC", "cccc", "mcm", "ic", "vx", "", "i", "C",
		"3.2.1", "3.IV", "3.iv", "Iİ", "ı", "A.B", "12.+4", "7.-3", "1.99999999999999999999", "x\u212a", "4.2(a)"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n, ok := romanValue(s)
		if wn, wok := romanValueRef(s); n != wn || ok != wok {
			t.Fatalf("romanValue(%q) = %d, %v; before: %d, %v", s, n, ok, wn, wok)
		}
		p, n2 := splitNumber(s)
		if wp, wn := splitNumberRef(s); p != wp || n2 != wn {
			t.Fatalf("splitNumber(%q) = %q, %d; before: %q, %d", s, p, n2, wp, wn)
		}
	})
}

func splitNumberRef(id string) (string, int) {
	parent, last := "", id
	if i := strings.LastIndexByte(id, '.'); i >= 0 {
		parent, last = id[:i], id[i+1:]
	}
	if n, ok := romanValueRef(strings.ToLower(last)); ok && last != "" && last[0] >= 'A' && last[0] <= 'Z' {
		return parent, n
	}
	n, _ := strconv.Atoi(last)
	return parent, n
}

func romanValueRef(s string) (int, bool) {
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
	if total <= 0 || toRomanRef(total) != strings.ToLower(s) {
		return 0, false
	}
	return total, true
}

func toRomanRef(n int) string {
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
