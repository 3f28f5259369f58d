package golden

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestNormalizeCategory(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"lower case", "Change_Of_Control", "change_of_control"},
		{"slash becomes separator", "financial/revenue", "financial_revenue"},
		{"ampersand becomes separator", "ip&licensing", "ip_licensing"},
		{"comma becomes separator", "fees,pricing", "fees_pricing"},
		{"run of slash ampersand comma is one separator", "a/&,b", "a_b"},
		{"white space becomes underscore", "change of control", "change_of_control"},
		{"white space run is one underscore", "change \t\n of", "change_of"},
		{"slash with spaces around", "Financial / Revenue Recognition", "financial_revenue_recognition"},
		{"repeated underscores collapse", "a___b", "a_b"},
		{"underscore next to space collapses", "a _ b", "a_b"},
		{"leading and trailing underscores trimmed", "__a_b__", "a_b"},
		{"leading and trailing space trimmed", "  entity/governance  ", "entity_governance"},
		{"other punctuation kept", "sla-risk.v2", "sla-risk.v2"},
		{"only separators is empty", " / & , _ ", ""},
		{"empty", "", ""},
		{"non-ASCII lower-cased", "ÉTAT Civil", "état_civil"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, normalizeCategory(tt.in))
		})
	}
}

// testSynonyms is a small vocabulary written for these tests.
func testSynonyms() Synonyms {
	return NewSynonyms(
		map[string][]string{
			"terminate":  {"cancel", "end early"},
			"MFA":        {"multi-factor", "2FA"},
			"out of use": {"retired"},
			"obsolete":   {"retired", "outmoded"},
		},
		map[string][]string{
			"change_of_control": {"coc", "ownership_change"},
			"access_controls":   {"authentication", "mfa"},
			"sla_risk":          {"service_level", "uptime"},
			"fee_analysis":      {"pricing_review"},
			"pricing_risk":      {"fee_analysis"},
		},
	)
}

func TestCategoryMatches(t *testing.T) {
	syn := testSynonyms()
	tests := []struct {
		name               string
		produced, expected string
		want               bool
	}{
		{"identical", "change_of_control", "change_of_control", true},
		{"identical after normalisation", "Change of Control", "change_of_control", true},
		{"produced contains expected", "change_of_control_risk", "change_of_control", true},
		{"expected contains produced", "control", "change_of_control", true},
		{"produced is a synonym", "coc", "change_of_control", true},
		{"produced contains a synonym", "ownership_change_clause", "change_of_control", true},
		{"produced contained in a synonym", "ownership", "change_of_control", true},
		{"expected is a synonym, produced the canonical (same group)", "access_controls", "authentication", true},
		{"expected is a synonym, produced another synonym (same group)", "mfa", "authentication", true},
		{"expected is a synonym, produced contains a group member", "uptime_breach", "service_level", true},
		{"expected in two groups matches both groups' members", "pricing_risk", "fee_analysis", true},
		{"unrelated", "data_privacy", "change_of_control", false},
		{"unrelated, no synonyms involved", "tax", "sla_risk", false},
		{"empty produced matches nothing", "", "change_of_control", false},
		{"separator-only produced matches nothing", " / ", "change_of_control", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, matchesCategory(tt.produced, tt.expected, syn))
		})
	}
	t.Run("without synonyms only containment", func(t *testing.T) {
		assert.False(t, matchesCategory("coc", "change_of_control", Synonyms{}))
		assert.True(t, matchesCategory("change_of_control", "change of control", Synonyms{}))
	})
	t.Run("a Synonyms literal works like a built one", func(t *testing.T) {
		lit := Synonyms{Categories: map[string][]string{"change_of_control": {"coc"}}}
		assert.True(t, matchesCategory("coc", "change_of_control", lit))
	})
}

func TestMatchFindingAlternativeCategories(t *testing.T) {
	ef := ExpectedFinding{Category: "termination", AlternativeCategories: []string{"Pricing Risk", "coc"}}
	syn := testSynonyms()
	tests := []struct {
		category string
		want     bool
	}{
		{"termination", true},
		{"pricing_risk", true},
		{"fee_analysis", true},      // a synonym of the alternative pricing_risk
		{"change_of_control", true}, // the group of the alternative coc
		{"data_privacy", false},
	}
	for _, tt := range tests {
		t.Run(tt.category, func(t *testing.T) {
			assert.Equal(t, tt.want, matchFinding(AgentFinding{Category: tt.category}, ef, syn))
		})
	}
}

func TestMatchFindingKeywords(t *testing.T) {
	syn := testSynonyms()
	base := ExpectedFinding{Category: "termination"}
	tests := []struct {
		name        string
		keywords    []string
		explicit    map[string][]string
		title, desc string
		want        bool
	}{
		{"keyword in title", []string{"terminat"}, nil, "Termination right", "", true},
		{"keyword in description", []string{"terminat"}, nil, "", "may terminate", true},
		{"keyword is case-insensitive", []string{"Notice"}, nil, "NOTICE period", "", true},
		{"keyword absent", []string{"terminat"}, nil, "Renewal", "auto renews", false},
		{"all keywords must occur", []string{"notice", "cure"}, nil, "notice", "no remedy", false},
		{"all keywords occur", []string{"notice", "cure"}, nil, "notice", "30-day cure", true},
		{"title and description are joined by a space", []string{"end of term"}, nil, "end of", "term", true},
		{"explicit synonym replaces keyword", []string{"restructuring"}, map[string][]string{"restructuring": {"merger"}}, "", "a merger", true},
		{"explicit synonym keyed in another case", []string{"Restructuring"}, map[string][]string{"RESTRUCTURING": {"Merger"}}, "", "a merger", true},
		{"explicit synonym of another keyword does not help", []string{"restructuring"}, map[string][]string{"other": {"merger"}}, "", "a merger", false},
		{"common table: keyword is canonical, text has synonym", []string{"terminate"}, nil, "", "may cancel", true},
		{"common table: keyword is a synonym, text has canonical", []string{"cancel"}, nil, "", "may terminate", true},
		{"common table: keyword is a synonym, text has another synonym", []string{"cancel"}, nil, "", "may end early", true},
		{"common table is case-insensitive", []string{"mfa"}, nil, "", "no 2fa enforced", true},
		{"common table: member of two groups gets both", []string{"retired"}, nil, "", "outmoded and out of use", true},
		{"common table: only exact keyword lookups expand", []string{"terminat"}, nil, "", "may cancel", false},
		{"explicit and common synonyms combine", []string{"terminate"}, map[string][]string{"terminate": {"rescind"}}, "", "rescind or cancel", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ef := base
			ef.MustContainKeywords = tt.keywords
			ef.KeywordSynonyms = tt.explicit
			f := AgentFinding{Category: "termination", Title: tt.title, Description: tt.desc}
			assert.Equal(t, tt.want, matchFinding(f, ef, syn))
		})
	}
}

func TestMatchFindingCitationGate(t *testing.T) {
	tests := []struct {
		name      string
		ref       CitationRef
		citations []Citation
		want      bool
	}{
		{"no constraint, no citation", CitationRef{}, nil, true},
		{"file constraint, no citation", CitationRef{File: "coc_basic.md"}, nil, false},
		{"file constraint, path contains file", CitationRef{File: "coc_basic.md"}, []Citation{{SourcePath: "contracts/coc_basic.md"}}, true},
		{"file constraint is case-insensitive", CitationRef{File: "COC_Basic.md"}, []Citation{{SourcePath: "Contracts/coc_basic.MD"}}, true},
		{"file constraint, other file", CitationRef{File: "coc_basic.md"}, []Citation{{SourcePath: "contracts/dpa.md"}}, false},
		{"file constraint, second citation matches", CitationRef{File: "coc_basic.md"}, []Citation{{SourcePath: "dpa.md"}, {SourcePath: "coc_basic.md"}}, true},
		{"section alone does not gate matching", CitationRef{PageOrSection: "Section 9"}, []Citation{{SourcePath: "x.md", Location: "Section 1"}}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ef := ExpectedFinding{Category: "termination", CitationMustReference: tt.ref}
			f := AgentFinding{Category: "termination", Citations: tt.citations}
			assert.Equal(t, tt.want, matchFinding(f, ef, Synonyms{}))
		})
	}
}

func TestSeverityInRange(t *testing.T) {
	tests := []struct {
		sev, most, least SeverityLevel
		want             bool
	}{
		{"P1", "P0", "P3", true},
		{"P0", "P0", "P0", true},
		{"P3", "P0", "P1", false},
		{"P0", "P1", "P3", false},
		{"P2", "P1", "P2", true},
		{"PX", "P0", "P3", false},
		{"", "P0", "P3", false},
		{"p1", "P0", "P3", false},
		{"P2", "", "", true}, // empty bounds default to P0…P3
		{"P1", "P0", "P9", false},
	}
	for _, tt := range tests {
		t.Run(string(tt.sev)+" in "+string(tt.most)+"-"+string(tt.least), func(t *testing.T) {
			assert.Equal(t, tt.want, tt.sev.inRange(tt.most, tt.least))
		})
	}
}
