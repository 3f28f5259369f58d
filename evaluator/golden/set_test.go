package golden

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// ddAgentsDir finds the shared dd-agents golden set by walking up from the
// working directory to a folder holding shared/golden/dd-agents (CI checks
// out shared/ beside the clone).
func ddAgentsDir(t testing.TB) string {
	t.Helper()
	dir, err := os.Getwd()
	require.NoError(t, err)
	for {
		cand := filepath.Join(dir, "shared", "golden", "dd-agents")
		if st, err := os.Stat(cand); err == nil && st.IsDir() {
			return cand
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("shared/golden/dd-agents not found in any parent of the working directory; " +
				"check out the shared/ folder beside the repository clone")
		}
		dir = parent
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
