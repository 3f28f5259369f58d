package advice

import (
	"strings"
	"testing"
)

// FuzzClosedClassWord checks closedClassWord against the lookup of the
// word lower-cased by strings.ToLower.
func FuzzClosedClassWord(f *testing.F) {
	for _, s := range []string{"", "The", "THOSE", "Although", "Neither", "neitherx", "A", "Ab", "\u212a", "Whe\u212a", "İf", "ıf",
		"Ünder", "Because_", "Withoutabc", "abcdefghijk"} {
		f.Add(s)
	}
	for w := range closedClass {
		f.Add(w)
		f.Add(strings.ToUpper(w))
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := closedClassWord(s), closedClass[strings.ToLower(s)]; got != want {
			t.Fatalf("closedClassWord(%q) = %v, want %v", s, got, want)
		}
	})
}
