package golden

import (
	"os"
	"path/filepath"
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
