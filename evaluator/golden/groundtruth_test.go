package golden

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseGroundTruthDefaults(t *testing.T) {
	gt, err := parseGroundTruth([]byte(`{
		"contract": "msa.md", "agent": "legal", "tags": ["golden_path"],
		"expected_findings": [{"category": "termination"}],
		"expected_gaps": [], "must_not_find": []
	}`), "msa.json")
	require.NoError(t, err)
	require.Len(t, gt.ExpectedFindings, 1)
	ef := gt.ExpectedFindings[0]
	assert.Equal(t, SeverityP3, ef.MinSeverity, "min_severity default")
	assert.Equal(t, SeverityP0, ef.MaxSeverity, "max_severity default")
	assert.True(t, ef.Required, "required default")
	assert.Equal(t, 20, gt.MaxExpectedFindings, "max_expected_findings default")
	assert.Equal(t, 0, gt.MinExpectedFindings, "min_expected_findings default")
	assert.Nil(t, gt.AmbiguityZone, "ambiguity_zone absent")
	assert.True(t, ef.CitationMustReference.isZero())
}

func TestParseGroundTruthAllFields(t *testing.T) {
	gt, err := parseGroundTruth([]byte(`{
		"contract": "msa.md", "agent": "legal", "tags": ["edge_case"],
		"ambiguity_zone": 0.15, "min_expected_findings": 1, "max_expected_findings": 5,
		"expected_findings": [{
			"category": "change_of_control", "alternative_categories": ["assignment"],
			"min_severity": "P2", "max_severity": "P1",
			"must_contain_keywords": ["restructuring"],
			"keyword_synonyms": {"restructuring": ["merger"]},
			"citation_must_reference": {"file": "msa.md", "page_or_section": "Section 4"},
			"required": false
		}],
		"expected_gaps": ["Missing_Doc"],
		"must_not_find": [{"category": "data_privacy", "reason": "none"}]
	}`), "msa.json")
	require.NoError(t, err)
	zone := 0.15
	assert.Equal(t, GroundTruth{
		Contract: "msa.md", Agent: "legal", Tags: []string{"edge_case"},
		AmbiguityZone: &zone, MinExpectedFindings: 1, MaxExpectedFindings: 5,
		ExpectedFindings: []ExpectedFinding{{
			Category: "change_of_control", AlternativeCategories: []string{"assignment"},
			MinSeverity: "P2", MaxSeverity: "P1",
			MustContainKeywords:   []string{"restructuring"},
			KeywordSynonyms:       map[string][]string{"restructuring": {"merger"}},
			CitationMustReference: CitationRef{File: "msa.md", PageOrSection: "Section 4"},
			Required:              false,
		}},
		ExpectedGaps: []string{"Missing_Doc"},
		MustNotFind:  []MustNotFind{{Category: "data_privacy", Reason: "none"}},
	}, gt)
}

func TestParseGroundTruthErrors(t *testing.T) {
	// wrap puts one expected finding into an otherwise valid file.
	wrap := func(finding string) string {
		return `{"contract": "coc_basic.md", "agent": "legal", "expected_findings": [{"category": "a"}, {"category": "b"}, ` + finding + `]}`
	}
	tests := []struct {
		name string
		data string
		want string // the full message of one of the errors
	}{
		{"unknown severity", wrap(`{"category": "c", "min_severity": "P5"}`),
			`expected/legal/coc_basic.json: expected_findings[2].min_severity: unknown severity "P5" (want P0, P1, P2 or P3)`},
		{"unknown max severity", wrap(`{"category": "c", "max_severity": "high"}`),
			`expected/legal/coc_basic.json: expected_findings[2].max_severity: unknown severity "high" (want P0, P1, P2 or P3)`},
		{"lower-case severity", wrap(`{"category": "c", "min_severity": "p1"}`),
			`expected_findings[2].min_severity: unknown severity "p1"`},
		{"severity not a string", wrap(`{"category": "c", "min_severity": 1}`),
			`expected_findings[2].min_severity: want a string, got a number`},
		{"min/max in the wrong order", wrap(`{"category": "c", "min_severity": "P1", "max_severity": "P2"}`),
			`expected_findings[2].max_severity: P2 is less severe than min_severity P1`},
		{"max above default min is fine but below explicit is not", wrap(`{"category": "c", "min_severity": "P0", "max_severity": "P3"}`),
			`expected_findings[2].max_severity: P3 is less severe than min_severity P0`},
		{"empty category", wrap(`{"category": ""}`), `expected_findings[2].category: empty category`},
		{"category of separators only", wrap(`{"category": " / "}`), `expected_findings[2].category: empty category`},
		{"missing category", wrap(`{"min_severity": "P1"}`), `expected_findings[2].category: missing`},
		{"empty alternative category", wrap(`{"category": "c", "alternative_categories": ["x", ""]}`),
			`expected_findings[2].alternative_categories[1]: empty category`},
		{"empty keyword", wrap(`{"category": "c", "must_contain_keywords": [""]}`), `expected_findings[2].must_contain_keywords[0]: empty`},
		{"empty keyword synonym", wrap(`{"category": "c", "keyword_synonyms": {"k": ["x", ""]}}`),
			`expected_findings[2].keyword_synonyms.k[1]: empty`},
		{"unknown field in a finding", wrap(`{"category": "c", "severity": "P1"}`), `expected_findings[2].severity: unknown field`},
		{"unknown field in a citation", wrap(`{"category": "c", "citation_must_reference": {"path": "x"}}`),
			`expected_findings[2].citation_must_reference.path: unknown field`},
		{"required not a boolean", wrap(`{"category": "c", "required": "yes"}`), `expected_findings[2].required: want a boolean, got a string`},
		{"null value", wrap(`{"category": null}`), `expected_findings[2].category: want a string, got null`},
		{"finding not an object", wrap(`"termination"`), `expected_findings[2]: want an object, got a string`},
		{"unknown top-level field", `{"contract": "c.md", "agent": "a", "expected": []}`, `expected: unknown field`},
		{"missing contract", `{"agent": "a"}`, `contract: missing`},
		{"empty agent", `{"contract": "c.md", "agent": " "}`, `agent: empty`},
		{"empty must-not-find category", `{"contract": "c.md", "agent": "a", "must_not_find": [{"category": ""}]}`,
			`must_not_find[0].category: empty category`},
		{"must-not-find unknown field", `{"contract": "c.md", "agent": "a", "must_not_find": [{"category": "x", "why": ""}]}`,
			`must_not_find[0].why: unknown field`},
		{"empty expected gap", `{"contract": "c.md", "agent": "a", "expected_gaps": [""]}`, `expected_gaps[0]: empty`},
		{"ambiguity zone out of range", `{"contract": "c.md", "agent": "a", "ambiguity_zone": 1.5}`, `ambiguity_zone: must be in [0,1], got 1.5`},
		{"max expected not an integer", `{"contract": "c.md", "agent": "a", "max_expected_findings": 2.5}`,
			`max_expected_findings: want an integer, got 2.5`},
		{"negative min expected", `{"contract": "c.md", "agent": "a", "min_expected_findings": -1}`, `min_expected_findings: must be >= 0, got -1`},
		{"min above max", `{"contract": "c.md", "agent": "a", "min_expected_findings": 4, "max_expected_findings": 3}`,
			`min_expected_findings: 4 is above max_expected_findings 3`},
		{"min above default max", `{"contract": "c.md", "agent": "a", "min_expected_findings": 21}`,
			`min_expected_findings: 21 is above max_expected_findings 20`},
		{"duplicate key", `{"contract": "c.md", "contract": "d.md", "agent": "a"}`, `contract: duplicate key`},
		{"bad JSON", `{"contract": "c.md",}`, `syntax error: invalid character '}', want a key (at byte 20)`},
		{"truncated JSON", `{"contract": `, `contract: unexpected end of JSON, want a string (at byte 13)`},
		{"trailing data", `{"contract": "c.md", "agent": "a"} {}`, `unexpected data after the JSON object (at byte 35)`},
		{"not an object", `[1, 2]`, `want an object, got an array`},
		{"empty file", ``, `unexpected end of JSON, want an object (at byte 0)`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := parseGroundTruth([]byte(tt.data), "expected/legal/coc_basic.json")
			require.Error(t, err)
			assert.ErrorIs(t, err, ErrInvalidData)
			assert.Contains(t, err.Error(), tt.want)
			assert.True(t, strings.HasPrefix(err.Error(), "expected/legal/coc_basic.json: "), "error names the file: %v", err)
			var de *DataError
			assert.True(t, errors.As(err, &de))
		})
	}
}

func TestParseGroundTruthReportsEveryProblem(t *testing.T) {
	_, err := parseGroundTruth([]byte(`{"contract": "c.md", "agent": "a", "extra": 1,
		"expected_findings": [{"category": "", "min_severity": "P9"}]}`), "f.json")
	require.Error(t, err)
	for _, want := range []string{"extra: unknown field", "expected_findings[0].category: empty category", `expected_findings[0].min_severity: unknown severity "P9"`} {
		assert.Contains(t, err.Error(), want)
	}
}

func TestLoadGroundTruthFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "x.json")
	require.NoError(t, os.WriteFile(path, []byte(`{"contract": "x.md", "agent": "legal", "expected_findings": [{"category": "c", "min_severity": "P5"}]}`), 0o644))
	_, err := LoadGroundTruth(path)
	require.Error(t, err)
	assert.Contains(t, err.Error(), path+`: expected_findings[0].min_severity: unknown severity "P5"`)

	_, err = LoadGroundTruth(filepath.Join(dir, "missing.json"))
	require.Error(t, err)
	assert.ErrorIs(t, err, os.ErrNotExist)
}
