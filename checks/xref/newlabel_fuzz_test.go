package xref

import (
	"strings"

	"fmt"
	doctext "github.com/evalopt/evalopt/checks/internal/text"
	"testing"
)

// FuzzNewLabelMatches checks that newLabelMatches, which runs the anchored
// newLabelAtRe, finds what newLabelRe finds at each candidate start.
func FuzzNewLabelMatches(f *testing.F) {
	for _, s := range []string{"new clause 7.5", "a New Section 12.4 and [inserted: 7.5 If", "[[[[[", "[add: §3.1]", "[new text: **clause 4.2.1", "renew clause 3", "new  sub-section A1.2", "new annex B", "[insert:7"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var want [][]int
		next := 0
		for i := 0; i < len(s); i++ {
			if i < next {
				continue
			}
			w := s[i:min(len(s), i+80)]
			if m := newLabelRe.FindStringSubmatchIndex(w); m != nil && m[0] == 0 && newLabelMatchesStart(s, i) {
				for k := range m {
					if m[k] >= 0 {
						m[k] += i
					}
				}
				want, next = append(want, m), m[1]
			}
		}
		if got := newLabelMatches(s); fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("newLabelMatches(%q) = %v, want %v", s, got, want)
		}
	})
}

// newLabelMatchesStart is newLabelMatches's test of a candidate start: a
// "[", or "new" (any case) not inside a word.
func newLabelMatchesStart(s string, i int) bool {
	c := s[i]
	if c == '[' {
		return true
	}
	return (c == 'n' || c == 'N') && !(i > 0 && doctext.IsWordByte(s[i-1])) && i+3 <= len(s) && strings.EqualFold(s[i:i+3], "new")
}
