package xref

import (
	"testing"

	"github.com/evalopt/evalopt/checks/check"
	"github.com/evalopt/evalopt/evaluator"
	"github.com/stretchr/testify/assert"
)

// A redline's clause numbers follow the source's.
func TestRedlineNumbering(t *testing.T) {
	source := "## 5. Services\n\n5.1 The Provider supplies the services.\n\n5.2 The Provider reports monthly.\n\n5.3 Reports are in English.\n\n## 6. Fees\n\n6.1 Fees are due in 30 days.\n\n**B.1** Rates are in Annex B.\n\n**B.2** Rates are fixed for a year.\n"
	tests := []struct {
		name string
		text string
		want []string
	}{
		{"clauses of the source and a new next one", "Mark-up of 5.2 and 6.1.\n\n5.2 The Provider reports ~~monthly~~ **weekly**.\n\n**5.4 The Provider keeps records for six years.**\n\n6.1 Fees are due in ~~30~~ **45** days.", nil},
		{"new clause skipping numbers", "5.2 The Provider reports weekly.\n\n**5.6 The Provider keeps records.**", []string{"5.6"}},
		{"letter-numbered new clause", "> **B.2** Rates are fixed for two years.\n\n<ins>**B.4** Rates fall if volumes double.</ins>", []string{"B.4"}},
		{"set out twice", "| Clause | Text |\n|---|---|\n| 5.2 | reports weekly |\n| 5.2 | reports in English |", []string{"5.2", "5.2"}},
		{"discussed out of order", "5.3 Reports are in French.\n\n5.2 The Provider reports weekly.", nil},
		{"before and after of one clause", "Current:\n\n> 5.2 The Provider reports monthly.\n\nProposed:\n\n> 5.2 The Provider reports weekly.", nil},
		{"clause said to be unchanged", "We make no changes to clauses 5.1 and 5.3.\n\n5.2 The Provider reports weekly.\n\n5.3 Reports are in French.", []string{"5.3"}},
		{"accepted as drafted, but set out", "We accept clause 6.1 as drafted.\n\n6.1 Fees are due in 60 days.", []string{"6.1"}},
		{"heading names another clause", "Clause 5.2 — proposed replacement\n\n5.3 The Provider reports weekly.", []string{"5.3"}},
		{"heading over quoted current and proposed text", "Clause 5.2 (reports)\n\nCurrent:\n\n\"5.2 The Provider reports monthly.\"\n\nProposed:\n\n5.4 The Provider reports weekly.", []string{"5.4"}},
		{"heading over quoted current and the same number proposed", "Clause 5.2 (reports)\n\nCurrent:\n\n“5.2 The Provider reports monthly.”\n\nProposed:\n\n5.2 The Provider reports weekly.", nil},
		{"heading far above a later clause", "Clause 5.2 (reports)\n\nWe want weekly reports.\n\nWhy: monthly is too slow.\n\n5.4 The Provider keeps records.", nil},
		{"heading over a new clause", "**New clause 5.4**\n\n[inserted: 5.4 The Provider keeps records.]", nil},
		{"diff lines share a number", "− 5.2 The Provider reports monthly.\n+ 5.2 The Provider reports weekly.", nil},
		{"source numbering unknown for the parent", "9.4 Liability is capped.", nil},
	}
	c := NewListNumberingCheck()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, f := range c.Check(check.Document{Text: tt.text, SourceText: source, Kind: evaluator.KindRedline}) {
				got = append(got, f.Location.Text)
			}
			assert.Equal(t, tt.want, got)
		})
	}
}
