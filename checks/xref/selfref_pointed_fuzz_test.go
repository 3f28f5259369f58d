package xref

import (
	"regexp"
	"slices"
	"strings"
	"testing"
)

// pointedRefRe is the expression pointedAt reads by hand: a noun, a number
// or capital, and "above"/"below" ending its clause.
var pointedRefRe = regexp.MustCompile(`\b([A-Za-z]{3,15})[ \t]+(\d{1,3}|[A-Z])[ \t]+(?:above|below)(?:[.,;:)]|[ \t]*$)`)

// pointedSpans returns the references pointedRefs reads, by its scan.
func pointedSpans(text string) [][2]int {
	var out [][2]int
	for _, w := range [...]string{"above", "below"} {
		for at := 0; ; {
			i := strings.Index(text[at:], w)
			if i < 0 {
				break
			}
			p := at + i
			at = p + len(w)
			if s, e, ok := pointedAt(text, p, at); ok {
				out = append(out, [2]int{s, e})
			}
		}
	}
	slices.SortFunc(out, func(a, b [2]int) int { return a[0] - b[0] })
	return out
}

// FuzzPointedAt checks that the hand scan finds what pointedRefRe finds.
func FuzzPointedAt(f *testing.F) {
	for _, s := range []string{
		"(see Change 8 above).", "paragraph 9 above.", "Option C below:", "level 3 above the threshold",
		"Change 8 above", "Change 8 above  ", "Change 8 above .", "x_Change 8 above,", "Change 1234 above,",
		"Ch 8 above,", "Changeeeeeeeeeeee 8 above,", "Change\t8\tbelow)", "Change 8 aboveboard.", "Change 8 above\nmore",
		"Step 2 below; Step 3 above,", "A 1 above,",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		var want [][2]int
		for _, m := range pointedRefRe.FindAllStringSubmatchIndex(text, -1) {
			want = append(want, [2]int{m[2], m[5]})
		}
		if got := pointedSpans(text); !slices.Equal(got, want) {
			t.Fatalf("%q: scan %v, expression %v", text, got, want)
		}
	})
}
