package advice

import "testing"

// FuzzVagueObjectOpenings checks vagueImperativeOpening's prefilter: where
// vagueImperative finds a vague object after a word of a unit, that word
// opens vagueObject or an opening run of the unit follows it within 80
// bytes.
func FuzzVagueObjectOpenings(f *testing.F) {
	for _, s := range []string{
		"Negotiate stronger commitments.", "Ensure the cap is set at an appropriate level", "Use as needed; Make it better",
		"Review\nbetter", "Xbetter and Amend 9better. Seek more robust terms", "Revise " + string(make([]byte, 90)) + " better",
		"Get more\tprotective wording, as appropriate", "Set a reasonable_limit", "Fix it as\nnecessary", "Make terms cle",
	} {
		f.Add(s, len(s))
	}
	f.Fuzz(func(t *testing.T, text string, to int) {
		if to < 0 || to > len(text) || foldsToASCII(text[:to]) {
			return
		}
		objects := vagueObject.openings(text, 0, to)
		for s := 0; s < to; s++ {
			if _, _, ok := vagueImperative(text, 0, to, s); ok && !vagueObject.runOpens(text, s, to) && !anyIn(objects, s+1, s+80) {
				t.Fatalf("vagueImperative(%q, 0, %d, %d) finds a vague object the openings %v miss", text, to, s, objects)
			}
		}
	})
}
