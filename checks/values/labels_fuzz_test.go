package values

import (
	"strings"
	"testing"
)

// FuzzRecommendationTitle checks vRecommendationTitle, which lower-cases a
// short ASCII title on the stack, against the strings.ToLower search it
// replaced.
func FuzzRecommendationTitle(f *testing.F) {
	for _, s := range []string{"## Recommendations", "**Proposed Changes**", "Next steps", "Findings and recommendations",
		"ACTION ITEMS", "Our Proposal", "Key Issues", "REQUESTED CHANGE", "Recommandations", "İssue and Action", "Acti\u212aon", "", "[@`{"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := vRecommendationTitle(s), recommendationTitleRef(s); got != want {
			t.Fatalf("vRecommendationTitle(%q) = %v, before: %v", s, got, want)
		}
	})
}

func recommendationTitleRef(s string) bool {
	l := strings.ToLower(s)
	if strings.Contains(l, "finding") || strings.Contains(l, "issue") || strings.Contains(l, "observation") || strings.Contains(l, "analysis") {
		return false
	}
	for _, w := range []string{"recommend", "proposed change", "proposed amendment", "our proposal", "next step", "suggested change", "requested change", "action"} {
		if strings.Contains(l, w) {
			return true
		}
	}
	return false
}
