package checks

import (
	"strings"
	"testing"
)

// FuzzAdviceShapes checks that adviceShapes never rules out a word that,
// lower-cased, is one of adviceTriggers.
func FuzzAdviceShapes(f *testing.F) {
	for _, s := range append(keysOf(adviceTriggers), "", "A", "Advisable", "WORTH", "merit!", "ideally_", "@dvise", "wis[") {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		_, in := adviceTriggers[strings.Map(func(r rune) rune {
			if r >= 'A' && r <= 'Z' {
				return r + 'a' - 'A'
			}
			return r
		}, s)]
		if in && !adviceShapes.mayHave(s) {
			t.Fatalf("adviceShapes.mayHave(%q) = false, but it is a trigger", s)
		}
	})
}
