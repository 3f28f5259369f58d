package advice

import (
	"strings"
	"testing"

	"github.com/evalopt/evalopt/checks/internal/text"
)

// shapedSets are the word sets whose lookups a wordShapes spares, each
// with its shapes.
func shapedSets() map[string]struct {
	words  []string
	shapes *wordShapes
} {
	out := map[string]struct {
		words  []string
		shapes *wordShapes
	}{
		"adviceTriggers":      {text.KeysOf(adviceTriggers), adviceShapes},
		"rateWords":           {text.KeysOf(rateWords), rateShapes},
		"hedgeGrammarClasses": {text.KeysOf(hedgeGrammarClasses.words), hedgeGrammarClasses.shapes},
		"adviceHedgeClasses":  {text.KeysOf(adviceHedgeClasses.words), adviceHedgeClasses.shapes},
		"directionalGoal":     {text.KeysOf(directionalGoalWords.first), directionalGoalWords.shapes},
		"vagueVerb":           {text.KeysOf(vagueVerbWords.first), vagueVerbWords.shapes},
	}
	for name, w := range map[string]*wordStartRe{"replacementMarker": replacementMarker, "vagueQualifier": vagueQualifier,
		"colourSeverity": colourSeverity, "ratedLevel": ratedLevel, "findingHeading": findingHeading, "vagueObject": vagueObject,
		"deferral": deferral, "finiteDraft": finiteDraft} {
		out[name] = struct {
			words  []string
			shapes *wordShapes
		}{text.KeysOf(w.first), w.shapes}
	}
	return out
}

// FuzzWordShapes checks that each wordShapes lets through exactly the
// words, in any ASCII case, with the length, first and last byte of a word
// of its set: so never one of the set.
func FuzzWordShapes(f *testing.F) {
	sets := shapedSets()
	for _, s := range []string{"", "A", "P1", "p4", "HIGH", "Informational", "x", "i", "I", "it", "risk_", "_risk", "re-evaluate",
		"consider", "CONSIDERING", "Highrisk", "abcdefghijklmnopqrstuvwxyz", "vulnerabilities", "é", "réd", "red\u00e9"} {
		f.Add(s)
	}
	for _, set := range sets {
		for _, w := range set.words {
			f.Add(w)
			f.Add(strings.ToUpper(w))
		}
	}
	f.Fuzz(func(t *testing.T, s string) {
		lower := strings.Map(func(r rune) rune {
			if r >= 'A' && r <= 'Z' {
				return r + 'a' - 'A'
			}
			return r
		}, s)
		for name, set := range sets {
			shaped := false
			for _, w := range set.words {
				shaped = shaped || len(w) == len(s) && w[0] == lower[0] && w[len(w)-1] == lower[len(lower)-1]
			}
			if got := set.shapes.MayHave(s); got != shaped {
				t.Fatalf("%s: MayHave(%q) = %v, but a word of that shape in the set: %v", name, s, got, shaped)
			}
			if got := set.shapes.mayHaveRun([]byte(s)); got != shaped {
				t.Fatalf("%s: mayHaveRun(%q) = %v, MayHave %v", name, s, got, shaped)
			}
		}
	})
}
