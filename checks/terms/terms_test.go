package terms

import (
	"testing"

	"github.com/evalopt/evalopt/checks/checktest"

	"github.com/evalopt/evalopt/checks/check"
	doctext "github.com/evalopt/evalopt/checks/internal/text"
	"github.com/stretchr/testify/assert"
)

func TestExtractDefinitions(t *testing.T) {
	text := `This Agreement (the "Agreement") is between Acme, Inc. ("Supplier") and Beta LLC (“Customer”; each a "Party" and together, the "Parties").
"Effective Date" means 1 March 2025. **"Fees"** has the meaning in Schedule 1. The "best efforts" standard and "Section 2" quoted.`
	var got []string
	for _, d := range doctext.ExtractDefinitions(text) {
		assert.Equal(t, d.Term, trimQuotes(text[d.Start:d.End]))
		got = append(got, d.Term)
	}
	assert.Equal(t, []string{"Agreement", "Supplier", "Customer", "Party", "Parties", "Effective Date", "Fees"}, got)
}

func trimQuotes(s string) string {
	for _, q := range []string{`"`, "“", "”"} {
		if len(s) >= len(q) && s[:len(q)] == q {
			s = s[len(q):]
		}
		if len(s) >= len(q) && s[len(s)-len(q):] == q {
			s = s[:len(s)-len(q)]
		}
	}
	return s
}

func TestDefinitionCheck(t *testing.T) {
	base := "Acme (\"Supplier\") and Beta (\"Customer\") agree. The Supplier serves the Customer's sites.\n"
	tests := []struct {
		name string
		text string
		rule string
		want string
	}{
		{"clean", base, "", ""},
		{"duplicate", base + "Later (\"Supplier\") again.\n", RuleTermDuplicate, `"Supplier"`},
		{"unused", base + "\"Service Credit\" means a credit.\n", RuleTermUnused, `"Service Credit"`},
		{"used before", "The Fees apply.\n" + base + "\"Fees\" means money.\n", RuleTermUsedBefore, "Fees"},
		{"used before with pointer is fine", "The Fees (as defined below) apply.\n" + base + "\"Fees\" means money.\n", "", ""},
		{"heading use is fine", "# Fees\n" + base + "\"Fees\" means money. Fees are due.\n", "", ""},
		{"undefined", base + "The Supplier shall protect the Customer Data.\n", RuleTermUndefined, "Customer Data"},
		{"plural ok", base + "\"Service Credit\" means a credit. The Service Credits accrue.\n", "", ""},
		{"proper name ok", base + "Performed in the United States by the Supplier.\n", "", ""},
		{"instrument ok", base + "Subject to the Supply Agreement and the Securities Act.\n", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := checktest.Must(NewDefinitionCheck(DefinitionConfig{})).Check(check.Document{Text: tt.text})
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

func TestDefinitionCheckUsesSource(t *testing.T) {
	memo := "The Liability Cap is low and the Service Credits are generous.\n"
	c := checktest.Must(NewDefinitionCheck(DefinitionConfig{}))
	assert.Empty(t, c.Check(check.Document{Text: memo}), "no definitions and no source: nothing to compare against")
	src := `a cap of $1 (the "Liability Cap") and "Service Credits" means credits.`
	assert.Empty(t, c.Check(check.Document{Text: memo, SourceText: src}))
	got := c.Check(check.Document{Text: memo + "Also the Exit Period.\n", SourceText: src})
	assert.Equal(t, []string{RuleTermUndefined + "=Exit Period"}, checktest.Rules(got))
}

func TestUndefinedTermHeuristicEdges(t *testing.T) {
	base := "Acme (\"Supplier\") serves the Supplier.\n"
	c := checktest.Must(NewDefinitionCheck(DefinitionConfig{}))
	tests := []struct {
		name string
		text string
		want []string
	}{
		{"wrapped line joins the run", base + "under the Ontario Employment\nStandards Act.\n", nil},
		{"wrapped run still flagged", base + "the Customer\nData is kept.\n", []string{RuleTermUndefined + "=Customer\nData"}},
		{"name of a place", base + "the rules of the Central Bank of Ireland apply.\n", nil},
		{"blank line ends the run", base + "the Customer\n\nData.\n", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := c.Check(check.Document{Text: tt.text})
			assert.Equal(t, tt.want, checktest.Rules(got))
			for _, f := range got {
				assert.Equal(t, check.SeverityInfo, f.Severity)
			}
		})
	}
}
