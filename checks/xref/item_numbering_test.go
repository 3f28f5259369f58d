package xref

import (
	"testing"

	"github.com/evalopt/evalopt/checks/check"
	"github.com/evalopt/evalopt/evaluator"
	"github.com/stretchr/testify/assert"
)

func TestItemAndParagraphNumbering(t *testing.T) {
	tests := []struct {
		name string
		kind evaluator.Kind
		text string
		want []string
	}{
		{"id register skips", evaluator.KindRedTeamReport, "W1. Replay (High)\n\nText.\n\nW2. Bucket (Low)\n\nText.\n\nW4. Logs (Low)\n\nText.", []string{"W4"}},
		{"family labels skip", evaluator.KindRedline, "Change 1 – clause 4\n\nText.\n\nChange 3 – clause 9\n\nText.", nil},
		{"amendments skip", evaluator.KindRedline, "Amendment 1 – clause 4\n\nText.\n\nAmendment 3 – clause 9\n\nText.", []string{"Amendment 3"}},
		{"register listed again in a retest table", evaluator.KindRedTeamReport, "| ID | Issue |\n|---|---|\n| K-1 | a |\n| K-2 | b |\n| K-3 | c |\n\n## Retest\n\n| ID | Result |\n|---|---|\n| K-1 | fixed |\n| K-3 | open |", nil},
		{"prose starting with an id", evaluator.KindReviewMemo, "F1 – Cap.\n\nF2 – Audit.\n\nF4 is the least urgent.", nil},
		{"plain-language headings", evaluator.KindPlainLanguage, "## 1. Who can apply\n\nText.\n\n## 2. How to apply\n\nText.\n\n## 4. What happens next\n\nText.", []string{"4"}},
		{"agreement paragraphs across headings", evaluator.KindContract, "## Amendments\n\n1. **Fees.** Text.\n\n2. **Term.** Text.\n\n## General\n\n4. **Law.** Text.", []string{"4"}},
		{"agreement paragraphs restart in a schedule", evaluator.KindContract, "1. **Fees.** Text.\n\n2. **Term.** Text.\n\n## Schedule 1\n\n1. **Scope.** Text.\n\n2. **Levels.** Text.", nil},
	}
	c := NewListNumberingCheck()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, f := range c.Check(check.Document{Text: tt.text, Kind: tt.kind}) {
				got = append(got, f.Location.Text)
			}
			assert.Equal(t, tt.want, got)
		})
	}
}
