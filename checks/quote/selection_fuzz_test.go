package quote

import "testing"

// FuzzMayIntroduceExample checks that mayIntroduceExample is false only
// where exampleIntroRe does not match.
func FuzzMayIntroduceExample(f *testing.F) {
	for _, s := range []string{
		"a message like ", "for example: ", "e.g., ", "e.g.", "write ", "in the subject line:  ", "asking   for", "MARKED",
		"labelled\t:\t", "use the words ", "Replacement text: ", "aſ ", "li\u212ae ", "unlike", "called:", "respond with ",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if exampleIntroRe.MatchString(s) && !mayIntroduceExample(s) {
			t.Fatalf("mayIntroduceExample(%q) = false, but exampleIntroRe matches", s)
		}
	})
}
