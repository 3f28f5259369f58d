package xref

import (
	"testing"

	"github.com/evalopt/evalopt/checks/check"
	"github.com/evalopt/evalopt/evaluator"
	"github.com/stretchr/testify/assert"
)

func TestSelfReferenceCheck(t *testing.T) {
	memo := "## 1. Summary\n\nSee Finding 2.\n\n## 2. Findings\n\n### Finding 1 — Cap\n\nx\n\n### Finding 2 — Exit\n\nx\n\n## 3. Recommendations\n\nR1. Do a.\n\nR2. Do b.\n"
	tests := []struct {
		name, add string
		want      []string
	}{
		{"existing items", "As noted in Finding 1 above and R2.", nil},
		{"missing finding", "As noted in Finding 4 above.", []string{"Finding 4"}},
		{"missing recommendation by initial", "Agreed with R3 in principle.", []string{"R3"}},
		{"missing section of this memo", "Part 6 of this memo covers tax.", []string{"Part 6"}},
		{"existing section of this memo", "Section 2 of this memo sets them out.", nil},
		{"the contract's section", "Section 14.2 caps liability.", nil},
		{"section below that does not exist", "See section 9 below.", []string{"section 9"}},
		{"in a quotation", `The draft says "see Finding 9".`, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			text := memo + "\n" + tt.add + "\n"
			var got []string
			for _, f := range NewSelfReferenceCheck().Check(check.Document{Kind: evaluator.KindReviewMemo, Text: text}) {
				assert.Equal(t, RuleSelfReference, f.Rule)
				got = append(got, f.Location.Text)
			}
			assert.Equal(t, tt.want, got)
		})
	}
	// A review on a source that does not use "part": "part 4" is the
	// review's own, and the review has three.
	src := "## 1. Term\n\n1.1 x\n\n## 2. Fees\n\n2.1 y\n"
	text := "1. Summary\n\nOur drafting is in part 4.\n\n2. Analysis\n\nx\n\n3. Next steps\n\ny\n"
	fs := NewSelfReferenceCheck().Check(check.Document{Kind: evaluator.KindReviewMemo, Text: text, SourceText: src})
	if assert.Len(t, fs, 1) {
		assert.Equal(t, "part 4", fs[0].Location.Text)
	}
	assert.Empty(t, NewSelfReferenceCheck().Check(check.Document{Kind: evaluator.KindReviewMemo, Text: "1. Summary\n\nUnder section 76 of the Competition Act.\n\n2. Risks\n\nx\n", SourceText: src}))
}
