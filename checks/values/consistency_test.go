package values

import (
	"testing"

	"github.com/evalopt/evalopt/checks/check"
	"github.com/evalopt/evalopt/checks/internal/text"
	"github.com/stretchr/testify/assert"
)

func TestParseNumberWords(t *testing.T) {
	tests := []struct {
		words string
		want  int
	}{
		{"ten", 10}, {"thirty", 30}, {"twenty five", 25}, {"one hundred and twenty", 120},
		{"two thousand five hundred", 2500}, {"one million", 1000000}, {"zero", 0},
	}
	for _, tt := range tests {
		got, ok := text.ParseNumberWords(splitWords(tt.words))
		assert.True(t, ok, tt.words)
		assert.Equal(t, tt.want, got, tt.words)
	}
	_, ok := text.ParseNumberWords([]string{"and"})
	assert.False(t, ok)
}

func splitWords(s string) []string {
	var out []string
	for i := 0; i < len(s); {
		a, b := text.NextWord(s, i, len(s))
		if a >= len(s) {
			break
		}
		out = append(out, s[a:b])
		i = b
	}
	return out
}

func TestConsistencyCheck(t *testing.T) {
	tests := []struct {
		name string
		text string
		rule string
		want string
	}{
		{"matching numbers", "within thirty (30) days and Twenty-Five (25) hours, one hundred and twenty (120) days, five percent (5%) and one thousand (1,000) units", "", ""},
		{"ten fifteen", "within ten (15) days", RuleNumberMismatch, "ten (15)"},
		{"percent mismatch", "interest at two percent (3%) a month", RuleNumberMismatch, "two percent (3%)"},
		{"and prose", "the Parties and three (4) others", RuleNumberMismatch, "three (4)"},
		{"list marker", "as follows: (1) first and (2) second", "", ""},
		{"same date same form", "on March 1, 2025 and again March 1, 2025", "", ""},
		{"same date two forms", "on March 1, 2025 and again 1 March 2025", RuleDateForm, "1 March 2025"},
		{"iso form", "on 1 March 2025 and 2025-03-01", RuleDateForm, "2025-03-01"},
		{"ambiguous numeric", "on March 1, 2025, i.e. 03/01/2025", RuleDateForm, "03/01/2025"},
		{"different dates", "on March 1, 2025 and 2 April 2025", "", ""},
		{"invalid date ignored", "on February 30, 2025 and 30 February 2025", "", ""},
		{"amount conflict", `a cap of $250,000 (the "Liability Cap"). The Liability Cap shall be $500,000.`, RuleValueConflict, "$500,000"},
		{"amount agree", `a cap of $250,000 (the "Liability Cap"). The Liability Cap shall be USD 250,000.`, "", ""},
		{"million", `"Fee" means money. The Fee is $1.5 million. The Fee is $1,500,000.`, "", ""},
		{"percent conflict", `"Late Rate" means interest. The Late Rate is 1.5% monthly; the Late Rate of 2% applies.`, RuleValueConflict, "2%"},
		{"date conflict", `"Effective Date" means a date. The Effective Date is March 1, 2025. The Effective Date is March 3, 2025.`, RuleValueConflict, "March 3, 2025"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := NewConsistencyCheck().Check(check.Document{Text: tt.text})
			if tt.rule == "" {
				assert.Empty(t, got)
				return
			}
			if assert.Len(t, got, 1, "%v", got) {
				assert.Equal(t, tt.rule, got[0].Rule)
				assert.Equal(t, tt.want, got[0].Location.Text)
			}
		})
	}
}
