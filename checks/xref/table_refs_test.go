package xref

import (
	"testing"

	"github.com/evalopt/evalopt/checks/check"
	"github.com/evalopt/evalopt/evaluator"
	"github.com/stretchr/testify/assert"
)

func TestTableReferenceColumns(t *testing.T) {
	source := "## 3. Price\n\n3.1 Prices are fixed.\n\n3.2 Prices rise yearly.\n\n## 4. Delivery\n\n4.1 Delivery is weekly.\n\n(1) Deliveries arrive by 9am.\n\n(2) Late deliveries are credited.\n"
	own := "## 1. Price\n\n1.1 Fixed prices.\n\n1.2 Yearly rise.\n\n## 2. Delivery\n\n2.1 Weekly.\n\n"
	tests := []struct {
		name string
		kind evaluator.Kind
		text string
		want []string
	}{
		{"issues list column against the source", evaluator.KindReviewMemo, "| No. | Clause | Issue |\n|---|---|---|\n| 1 | 3.2 | uncapped |\n| 2 | 4.1(2), 4.1(5) | credits |", []string{"4.1(5)"}},
		{"destinations table", evaluator.KindContract, own + "| Current clause | New clause |\n|---|---|\n| 3.1 Fixed | 1.1 |\n| 3.2 Rise | 1.2, 1.3 |\n| 3.7 Delivery | 2.1 |", []string{"1.3", "3.7"}},
		{"column without a reference word", evaluator.KindReviewMemo, "| No. | Topic | Risk |\n|---|---|---|\n| 9.9 | price | High |", nil},
		{"rows that are not ids", evaluator.KindReviewMemo, "| Clause | Issue |\n|---|---|\n| Schedule 2 | rates |\n| General | tone |", nil},
	}
	c := NewXrefCheck()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, f := range c.Check(check.Document{Text: tt.text, SourceText: source, Kind: tt.kind}) {
				if f.Rule == RuleDanglingRef {
					got = append(got, f.Location.Text)
				}
			}
			assert.Equal(t, tt.want, got)
		})
	}
}

func TestXrefTitleIsNoOrphan(t *testing.T) {
	c := NewXrefCheck()
	title := "# Annex 3 — Service Levels\n\nThis Annex forms part of the Hosting Agreement.\n\n1.1 Uptime is 99.9%.\n\n1.2 Credits apply.\n"
	assert.Empty(t, c.Check(check.Document{Text: title, Kind: evaluator.KindContract}))
	body := "# Hosting Agreement\n\n1.1 Uptime is 99.9%.\n\n1.2 Credits apply.\n\n## Annex 3 — Service Levels\n\n1.1 Text.\n"
	var got []string
	for _, f := range c.Check(check.Document{Text: body, Kind: evaluator.KindContract}) {
		got = append(got, f.Rule)
	}
	assert.Equal(t, []string{RuleOrphanLabel}, got, "an annex inside the agreement that nothing cites is still an orphan")
}
