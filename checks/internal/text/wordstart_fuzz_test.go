package text

import (
	"reflect"
	"strings"
	"testing"
)

// FuzzWordStartRe checks that each wordStartRe finds what its expression
// finds: the same matches at the same offsets.
func FuzzWordStartRe(f *testing.F) {
	for _, s := range []string{
		"Replacement text", "Replace the current text with", "Vary clause 3 so that", "Endorsed wording", "endless", "Current text, before the amendment",
		"Insert the following as a new clause 7.4", "Revise clause 11.3 to read", "Start the clause with the following",
		"ending it, as drafted, with", "counter-proposal; mark-up", "PROPOSED redlined wording", "Section 11.2 caps liability",
		"fill   in the ſource", "old\u212a reads", "preface: with", "openwith", "to  read, should\nread", "add_ed added adding",
		"draftedtext drafted  text", "change it to", "recommended drafting", "x_new new_x 9new new9",
		"Clause 4 is amended by deleting the words ", "Section 2 shall now read as follows: ", "it reads as follows:",
		"substituting for it **", "replace the words in 5.1 with ", "becomes ", "Change “x” and the rest into",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for name, w := range map[string]*wordStartRe{"draftIntro": draftIntro, "sourceIntro": sourceIntro, "draftLead": draftLead} {
			if got, want := w.findAll(s), w.re.FindAllStringIndex(s, -1); !reflect.DeepEqual(got, want) {
				t.Fatalf("%s.findAll(%q) = %v, expression: %v", name, s, got, want)
			}
			if got, want := w.match(s), w.re.MatchString(s); got != want {
				t.Fatalf("%s.match(%q) = %v, expression: %v", name, s, got, want)
			}
		}
	})
}

// TestWordStartReByPrefix checks that the alternatives are split by the
// word they open with: a word opening with "replac" is tried with
// draftIntroRe's one alternative for it, not with the whole expression.
func TestWordStartReByPrefix(t *testing.T) {
	if len(draftIntro.byPrefix) != len(draftIntro.prefixes) {
		t.Fatalf("draftIntro has %d expressions by prefix for %d prefixes", len(draftIntro.byPrefix), len(draftIntro.prefixes))
	}
	k := draftIntro.opens("Replacement")
	if got, want := draftIntro.byPrefix[k].String(), `^(?:(?i)\b(?:replac\w*)\b)`; got != want {
		t.Errorf("draftIntro's expression for %q = %s, want %s", draftIntro.prefixes[k], got, want)
	}
	if got := topAlternatives(`a[|)]b|c\|d|(e|f)g`); len(got) != 3 {
		t.Errorf("topAlternatives split into %q, want 3 alternatives", got)
	}
}

// TestWordStartRePrefixesCover checks that every alternative of the split
// expressions opens with one of the prefixes: an alternative added to the
// expression without its word would never be tried.
func TestWordStartRePrefixesCover(t *testing.T) {
	for name, w := range map[string]*wordStartRe{"draftIntro": draftIntro, "sourceIntro": sourceIntro} {
		p := w.re.String()
		for _, a := range topAlternatives(p[len(`(?i)\b(?:`) : len(p)-len(`)\b`)]) {
			lits := []string{a}
			if strings.HasPrefix(a, "(?:") {
				lits = strings.Split(a[3:strings.IndexByte(a, ')')], "|")
			}
			for _, l := range lits {
				covered := false
				for _, pre := range w.prefixes {
					covered = covered || strings.HasPrefix(l, pre)
				}
				if !covered {
					t.Errorf("%s: alternative %q opens with no prefix of %q", name, l, w.prefixes)
				}
			}
		}
	}
}
