package golden

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseSynonyms(t *testing.T) {
	s, err := parseSynonyms([]byte(`{
		"source": "tests",
		"common_keyword_synonyms": {"terminate": ["cancel"]},
		"category_synonyms": {"change_of_control": ["coc"]}
	}`), "syn.json")
	require.NoError(t, err)
	assert.Equal(t, "tests", s.Source)
	assert.Equal(t, map[string][]string{"terminate": {"cancel"}}, s.Keywords)
	assert.Equal(t, map[string][]string{"change_of_control": {"coc"}}, s.Categories)
	assert.True(t, matchesCategory("coc", "change_of_control", s))
}

func TestParseSynonymsErrors(t *testing.T) {
	tests := []struct{ name, data, want string }{
		{"unknown field", `{"keyword_synonyms": {}}`, `syn.json: keyword_synonyms: unknown field`},
		{"table not an object", `{"category_synonyms": []}`, `syn.json: category_synonyms: want an object, got an array`},
		{"synonyms not an array", `{"category_synonyms": {"a": "b"}}`, `syn.json: category_synonyms.a: want an array, got a string`},
		{"synonym not a string", `{"common_keyword_synonyms": {"a": [1]}}`, `syn.json: common_keyword_synonyms.a[0]: want a string, got a number`},
		{"empty synonym", `{"common_keyword_synonyms": {"a": [""]}}`, `syn.json: common_keyword_synonyms.a[0]: empty`},
		{"empty key", `{"common_keyword_synonyms": {"": ["a"]}}`, `syn.json: common_keyword_synonyms: empty key`},
		{"empty category key", `{"category_synonyms": {" / ": ["a"]}}`, `syn.json: category_synonyms. / : empty category`},
		{"bad JSON", `{"category_synonyms": `, `syn.json: category_synonyms: unexpected end of JSON, want an object (at byte 22)`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := parseSynonyms([]byte(tt.data), "syn.json")
			require.Error(t, err)
			assert.ErrorIs(t, err, ErrInvalidData)
			assert.Contains(t, err.Error(), tt.want)
		})
	}
}

func TestLoadSynonymsDDAgents(t *testing.T) {
	s, err := LoadSynonyms(filepath.Join(ddAgentsDir(t), "synonyms.json"))
	require.NoError(t, err)
	assert.Len(t, s.Keywords, 21)
	assert.Contains(t, s.Categories["change_of_control"], "coc")
	// The pairs dd-agents' own tests assert.
	for _, p := range [][2]string{
		{"change_of_control", "change_of_control"}, {"change_of_control_risk", "change_of_control"},
		{"access_control", "access_controls"}, {"sla_compliance", "sla_risk"},
		{"encryption", "encryption_standards"}, {"vulnerability", "vulnerability_management"},
		{"data_breach", "data_breach_history"}, {"vendor_risk", "third_party_risk"},
		{"liability_cap", "liability"}, {"financial_analysis", "financial_discrepancy"},
	} {
		assert.True(t, matchesCategory(p[0], p[1], s), "%s ~ %s", p[0], p[1])
	}
	assert.False(t, matchesCategory("pricing", "change_of_control", s))
	assert.False(t, matchesCategory("data_privacy", "revenue_recognition", s))
}

func TestNewSynonymsSkipsEmptyEntries(t *testing.T) {
	// An empty synonym would be contained in every text and category.
	s := NewSynonyms(map[string][]string{"terminate": {""}}, map[string][]string{"termination": {"", " / "}})
	assert.False(t, matchesCategory("pricing", "termination", s))
	ef := ExpectedFinding{Category: "termination", MustContainKeywords: []string{"terminate"}}
	assert.False(t, matchFinding(AgentFinding{Category: "termination", Title: "renewal"}, ef, s))
}

func TestNewSynonymsMergesKeysThatNormaliseAlike(t *testing.T) {
	s := NewSynonyms(nil, map[string][]string{"Change of Control": {"coc"}, "change_of_control": {"ownership_change"}})
	assert.True(t, matchesCategory("coc", "change_of_control", s))
	assert.True(t, matchesCategory("ownership_change", "Change Of Control", s))
}
