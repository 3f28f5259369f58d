package text

import (
	"strings"
)

// SelfRefWords are the lower-case keywords selfRefRe starts with.
var SelfRefWords = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range []string{"section", "part", "paragraph", "para", "rec", "recommendation", "finding", "issue", "step", "action", "question", "option", "point", "vulnerability", "vulnerabilities", "vuln", "observation", "item", "row", "comment", "amendment", "appendix", "annex", "table", "figure", "attachment"} {
		m[w] = true
		m[w+"s"] = true
	}
	m["appendices"], m["annexes"] = true, true
	return m
}()

// MayBeItemLabel is a cheap test that s (a trimmed line) may start with an
// item label: after heading, table or list markup and bold, an upper-case
// initial followed by a digit or '-', or a family word.
func MayBeItemLabel(s string) bool {
	s = strings.TrimLeft(s, "#|-*+_ \t")
	if len(s) < 2 {
		return false
	}
	u := 0 // an id prefix: up to four capitals, then a digit or '-'
	for u < len(s) && u < 4 && s[u] >= 'A' && s[u] <= 'Z' {
		u++
	}
	if u > 0 && u < len(s) && (s[u] >= '0' && s[u] <= '9' || s[u] == '-') {
		return true
	}
	i := 0
	for i < len(s) && i < 16 && (s[i] >= 'a' && s[i] <= 'z' || s[i] >= 'A' && s[i] <= 'Z') {
		i++
	}
	if i < 4 {
		return false
	}
	// ASCII letters: lower-cased on the stack, looked up without a copy.
	var buf [16]byte
	for k := 0; k < i; k++ {
		buf[k] = s[k] | 0x20
	}
	return SelfRefWords[string(buf[:i])]
}
