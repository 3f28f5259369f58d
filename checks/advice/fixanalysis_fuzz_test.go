package advice

import (
	"strings"
	"testing"

	"github.com/evalopt/evalopt/checks/internal/text"
)

// FuzzAdviceShapes checks that adviceShapes never rules out a word that,
// lower-cased, is one of adviceTriggers.
func FuzzAdviceShapes(f *testing.F) {
	for _, s := range append(text.KeysOf(adviceTriggers), "", "A", "Advisable", "WORTH", "merit!", "ideally_", "@dvise", "wis[") {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		_, in := adviceTriggers[strings.Map(func(r rune) rune {
			if r >= 'A' && r <= 'Z' {
				return r + 'a' - 'A'
			}
			return r
		}, s)]
		if in && !adviceShapes.MayHave(s) {
			t.Fatalf("adviceShapes.mayHave(%q) = false, but it is a trigger", s)
		}
	})
}
