package text

import (
	"regexp"
	"testing"
)

// FuzzMayPartLabel checks that mayPartLabel says no only where partLabelRe
// cannot match, and that negativeLead reads what its expression matches.
func FuzzMayPartLabel(f *testing.F) {
	for _, s := range []string{
		"Part A — Overview", "Section 2: Scope", "B. Findings", "IV) Remedies", "ſection 4", "CHAPTER XII", "H) x", "C. y",
		"F1 – Liability cap", "Findings", "Recommendations", "X. Last", "VI.\tSix", "part\t9", "", "A", "A.",
		"No issues", "**Not vulnerable**", "... none", "Nonetheless", "NON", "no_x", "—no", "ünot",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if partLabelRe.MatchString(s) && !mayPartLabel(s) {
			t.Fatalf("mayPartLabel(%q) = false, but partLabelRe matches", s)
		}
		if got, want := negativeLead(s), negativeLeadRe.MatchString(s); got != want {
			t.Fatalf("negativeLead(%q) = %v, expression: %v", s, got, want)
		}
	})
}

// FuzzPrefilters checks that holdsQuoteMark says no only where
// ReplaceWithRe cannot match.
func FuzzPrefilters(f *testing.F) {
	for _, s := range []string{`Replace "30 days" with `, `change “x” to:`, "replace the cap with ", `amend "a" by`, ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if ReplaceWithRe.MatchString(s) && !holdsQuoteMark(s) {
			t.Fatalf("holdsQuoteMark(%q) = false, but ReplaceWithRe matches", s)
		}
	})
}

// negativeLeadRe is the expression negativeLead stands for.
var negativeLeadRe = regexp.MustCompile(`(?i)^(?:\W*)(?:not|no|non|none)\b`)
