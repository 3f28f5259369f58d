package golden

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// ddAgentsDir is the dd-agents golden set the tests read: a copy of
// shared/golden/dd-agents (Apache-2.0, see its NOTICE) kept in testdata so
// that the tests run on a clone without shared/ beside it.
// TestDDAgentsCopyMatchesShared keeps the copy honest.
func ddAgentsDir(t testing.TB) string {
	t.Helper()
	dir := filepath.Join("testdata", "dd-agents")
	st, err := os.Stat(dir)
	require.NoError(t, err, "the dd-agents copy is missing")
	require.True(t, st.IsDir(), "%s is not a folder", dir)
	return dir
}

// sharedDir walks up from the working directory to a folder holding
// shared/<rel> (CI checks out shared/ beside the clone); "" if none does.
func sharedDir(t testing.TB, rel string) string {
	t.Helper()
	dir, err := os.Getwd()
	require.NoError(t, err)
	for {
		cand := filepath.Join(dir, "shared", rel)
		if _, err := os.Stat(cand); err == nil {
			return cand
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}

// The copy in testdata must be the shared set, file for file, byte for byte.
func TestDDAgentsCopyMatchesShared(t *testing.T) {
	shared := sharedDir(t, filepath.Join("golden", "dd-agents"))
	if shared == "" {
		t.Skip("shared/golden/dd-agents is not beside this clone; nothing to compare the copy with")
	}
	files := func(root string) map[string][]byte {
		out := map[string][]byte{}
		err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			rel, err := filepath.Rel(root, p)
			if err != nil {
				return err
			}
			b, err := os.ReadFile(p)
			out[rel] = b
			return err
		})
		require.NoError(t, err)
		return out
	}
	want, got := files(shared), files(ddAgentsDir(t))
	require.Equal(t, len(want), len(got), "file count")
	for name, b := range want {
		require.Equal(t, string(b), string(got[name]), "testdata/dd-agents/%s differs from shared", name)
	}
}

func TestLoadSetDDAgents(t *testing.T) {
	dir := ddAgentsDir(t)
	set, err := LoadSet(dir)
	require.NoError(t, err)
	require.Len(t, set.GroundTruths, 22)
	require.Equal(t, []string{"commercial", "cybersecurity", "esg", "finance", "hr", "legal", "producttech", "regulatory", "tax"}, set.Agents())
	legal := set.ForAgent("legal")
	require.Len(t, legal, 8)
	require.Equal(t, "ambiguous_coc.md", legal[0].Contract)
	for _, gt := range set.GroundTruths {
		_, err := os.Stat(set.ContractPath(gt))
		require.NoError(t, err, gt.Contract)
	}
	_, err = LoadSynonyms(filepath.Join(dir, "synonyms.json"))
	require.NoError(t, err)
	_, err = LoadBaseline(filepath.Join(dir, "baseline-latest.json"))
	require.NoError(t, err)
}
