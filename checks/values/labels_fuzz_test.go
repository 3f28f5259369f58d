package values

import (
	"strings"
	"testing"

	doctext "github.com/evalopt/evalopt/checks/internal/text"
)

// FuzzRecommendationTitle checks vRecommendationTitle, which lower-cases a
// short title on the stack (doctext.LowerInto), against the
// strings.ToLower search it replaced.
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

// FuzzSectionLevel checks that sectionLevel's early return agrees with
// reading every line through LineHeading.
func FuzzSectionLevel(f *testing.F) {
	for _, s := range []string{
		"## Fees", "  ### F1 – Title", "**Recommendations**", "__Next steps__:", "**Bold** lead-in", "1. FEES",
		"FEES AND CHARGES", "Label:", "#hashtag", "\u00a0## Fees", "####### Seven", "", " ", "* item", "_x_",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		want := 0
		switch h, _ := doctext.LineHeading(s); h.Form {
		case doctext.AtxHeading, doctext.BoldHeading:
			want = h.Level
		}
		if got := sectionLevel(s); got != want {
			t.Fatalf("sectionLevel(%q) = %d, LineHeading says %d", s, got, want)
		}
	})
}
