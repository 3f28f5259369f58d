package golden

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// writeSet writes files (path relative to dir → content) into a new temp dir.
func writeSet(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, content := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, []byte(content), 0o644))
	}
	return dir
}

func TestLoadSetErrors(t *testing.T) {
	good := `{"contract": "msa.md", "agent": "legal"}`
	tests := []struct {
		name  string
		files map[string]string
		want  string
	}{
		{"agent differs from folder", map[string]string{"contracts/msa.md": "x", "expected/finance/msa.json": good},
			`expected/finance/msa.json: agent: "legal" does not match its folder "finance"`},
		{"contract missing", map[string]string{"expected/legal/msa.json": good},
			`expected/legal/msa.json: contract: "msa.md" not found under contracts/`},
		{"contract differs from file name", map[string]string{"contracts/msa.md": "x", "expected/legal/other.json": good},
			`expected/legal/other.json: contract: "msa.md" does not match the file name`},
		{"contract with a path", map[string]string{"contracts/msa.md": "x", "expected/legal/msa.json": `{"contract": "../contracts/msa.md", "agent": "legal"}`},
			`contract: "../contracts/msa.md" does not match the file name`},
		{"non-JSON file", map[string]string{"contracts/msa.md": "x", "expected/legal/msa.json": good, "expected/legal/notes.txt": ""},
			`expected/legal/notes.txt: expected only {contract}.json files here`},
		{"file instead of agent folder", map[string]string{"expected/README": ""}, `expected/README: expected a folder per agent`},
		{"invalid ground truth", map[string]string{"contracts/msa.md": "x", "expected/legal/msa.json": `{"contract": "msa.md", "agent": "legal", "x": 1}`},
			`expected/legal/msa.json: x: unknown field`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := writeSet(t, tt.files)
			_, err := LoadSet(dir)
			require.Error(t, err)
			assert.Contains(t, filepath.ToSlash(err.Error()), tt.want)
		})
	}
	t.Run("no expected folder", func(t *testing.T) {
		_, err := LoadSet(t.TempDir())
		require.ErrorIs(t, err, os.ErrNotExist)
	})
}

func TestLoadSetSortsAndGroups(t *testing.T) {
	dir := writeSet(t, map[string]string{
		"contracts/b.md": "x", "contracts/a.md": "x",
		"expected/legal/b.json":   `{"contract": "b.md", "agent": "legal"}`,
		"expected/legal/a.json":   `{"contract": "a.md", "agent": "legal"}`,
		"expected/finance/a.json": `{"contract": "a.md", "agent": "finance"}`,
	})
	set, err := LoadSet(dir)
	require.NoError(t, err)
	assert.Equal(t, []string{"finance", "legal"}, set.Agents())
	legal := set.ForAgent("legal")
	require.Len(t, legal, 2)
	assert.Equal(t, "a.md", legal[0].Contract)
	assert.Equal(t, "b.md", legal[1].Contract)
	assert.Equal(t, filepath.Join(dir, "contracts", "a.md"), set.ContractPath(legal[0]))
	assert.Empty(t, set.ForAgent("tax"))
}

// TestLoadersReportAShapeProblemOnce checks that a value whose shape is
// wrong is reported by the shape pass alone, at the value's own byte
// offset: the value checks that follow must not also complain about the
// zero value it decodes as.
func TestLoadersReportAShapeProblemOnce(t *testing.T) {
	metrics := `"finding_recall": 1, "finding_precision": 1, "citation_accuracy": 1, "severity_accuracy": 1, "false_positive_rate": 0, "f1_score": 1, "finding_count": 2`
	tests := []struct {
		name  string
		parse func([]byte) error
		data  string
		want  []string
	}{
		{"contract of the wrong type", groundTruthErr, `{"contract": 5, "agent": "a"}`,
			[]string{"f.json: contract: want a string, got a number (at byte 13)"}},
		{"finding not an object", groundTruthErr, `{"contract": "c", "agent": "a", "expected_findings": ["x", {"category": ""}]}`,
			[]string{"f.json: expected_findings[0]: want an object, got a string (at byte 54)", "f.json: expected_findings[1].category: empty category"}},
		{"severity of the wrong type", groundTruthErr, `{"contract": "c", "agent": "a", "expected_findings": [{"category": "c", "min_severity": 3, "max_severity": "P9"}]}`,
			[]string{"f.json: expected_findings[0].min_severity: want a string, got a number (at byte 88)", `f.json: expected_findings[0].max_severity: unknown severity "P9" (want P0, P1, P2 or P3)`}},
		{"bounds of the wrong type", groundTruthErr, `{"contract": "c", "agent": "a", "min_expected_findings": 5, "max_expected_findings": "3"}`,
			[]string{"f.json: max_expected_findings: want an integer, got a string (at byte 85)"}},
		{"missing contract, empty agent", groundTruthErr, `{"agent": " "}`,
			[]string{"f.json: contract: missing (at byte 0)", "f.json: agent: empty"}},
		{"agent entry not an object", baselineErr, `{"timestamp": "2026-06-05T09:55:35Z", "metrics": {"legal": "x", "ops": {"agent_name": "dev", ` + metrics + `}}}`,
			[]string{"f.json: metrics.legal: want an object, got a string (at byte 59)", `f.json: metrics.ops.agent_name: "dev" differs from its key "ops"`}},
		{"timestamp of the wrong type", baselineErr, `{"timestamp": 1, "metrics": {}, "samples": -1}`,
			[]string{"f.json: timestamp: want a string, got a number (at byte 14)", "f.json: samples: must be >= 0, got -1"}},
		{"synonym table entry not a list", synonymsErr, `{"category_synonyms": {"a": "b", "": ["x", ""]}}`,
			[]string{"f.json: category_synonyms.a: want an array, got a string (at byte 28)", "f.json: category_synonyms: empty key"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.parse([]byte(tt.data))
			require.Error(t, err)
			assert.Equal(t, strings.Join(tt.want, "\n"), err.Error())
			assert.ErrorIs(t, err, ErrInvalidData)
		})
	}
}

func groundTruthErr(data []byte) error { _, err := parseGroundTruth(data, "f.json"); return err }
func baselineErr(data []byte) error    { _, err := parseBaseline(data, "f.json"); return err }
func synonymsErr(data []byte) error    { _, err := parseSynonyms(data, "f.json"); return err }
