package text

import (
	"regexp"
	"strings"
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

// refAbbrevAtRef is RefAbbrevAt as it was written: the keyword first.
func refAbbrevAtRef(text string, s, e int) bool {
	w := text[s:e]
	if !(strings.EqualFold(w, "art") || strings.EqualFold(w, "cl")) || e+2 >= len(text) || text[e] != '.' {
		return false
	}
	j := e + 1
	for j < len(text) && (text[j] == ' ' || text[j] == '\t') {
		j++
	}
	return j > e+1 && j < len(text) && text[j] >= '0' && text[j] <= '9'
}

// FuzzRefAbbrevAt checks RefAbbrevAt, which tests the dot and the length
// first, against the version that folds the word first.
func FuzzRefAbbrevAt(f *testing.F) {
	for _, s := range []string{"Art. 9.4", "cl. 6.4", "ART.  15", "CL.x", "art.", "ärt. 9", "cl 5"} {
		f.Add(s, 0, 3)
		f.Add(s, 0, 2)
	}
	f.Fuzz(func(t *testing.T, text string, s, e int) {
		if s < 0 || e < s || e > len(text) {
			return
		}
		if got, want := RefAbbrevAt(text, s, e), refAbbrevAtRef(text, s, e); got != want {
			t.Fatalf("RefAbbrevAt(%q, %d, %d) = %v, want %v", text, s, e, got, want)
		}
	})
}
