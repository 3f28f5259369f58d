package text

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestItems(t *testing.T) {
	tests := []struct {
		name string
		text string
		want []string
	}{
		{"sub-headings", "## Recommendations\n\n### R1\n\nDo A.\n\n### R2\n\nDo B.\n\n## Next\n\nNot an item.\n",
			[]string{"### R1\n\nDo A.", "### R2\n\nDo B."}},
		{"list items with continuation", "## Recommendations\n\nIntro.\n\n- Do A.\n  - Replacement text: x\n- Do B.\n",
			[]string{"- Do A.\n  - Replacement text: x", "- Do B."}},
		{"paragraph fallback", "# Recommendations\n\nDo A.\n\nDo B\nstill B.\n",
			[]string{"Do A.", "Do B\nstill B."}},
		{"label lines anywhere", "Intro.\nRecommendation 1: Do A.\n**R2** Do B.\n",
			[]string{"Recommendation 1: Do A.", "**R2** Do B."}},
		{"deeper heading stays in section", "## Recommendations\n\n- A\n\n### Detail\n\ntext\n\n# Top\n\n- not\n",
			[]string{"- A", "### Detail\n\ntext"}},
		{"numbered heading is not a section", "## 4. Recommendations of the Board\n\n- not an item\n", nil},
		{"none", "Just text.\n", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, sp := range Items(tt.text, RecommendationKind, false) {
				got = append(got, tt.text[sp.Start:sp.End])
			}
			assert.Equal(t, tt.want, got)
		})
	}
}
