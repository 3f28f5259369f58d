package xref

import (
	"fmt"
	"strings"
	"testing"

	"github.com/evalopt/evalopt/checks/check"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// systematicDoc is a contract of six numbered clauses with no sub-clause
// labels, whose last clause cites the labels in refs.
func systematicDoc(refs ...string) string {
	var b strings.Builder
	b.WriteString("# Supply Agreement\n\n")
	for i := 1; i <= 6; i++ {
		fmt.Fprintf(&b, "## %d. Clause %d\n\nThe parties agree on point %d.\n\n", i, i, i)
	}
	b.WriteString("## 7. Order of precedence\n\n")
	for _, r := range refs {
		fmt.Fprintf(&b, "Clause %s prevails over the order form. ", r)
	}
	b.WriteString("\n")
	return b.String()
}

// TestDanglingSystematicInforms: three different labels within the
// numbering that dangle show a numbering the check has not read (they
// inform); two still block, and so does a label past the numbering
// however many in-range ones there are.
func TestDanglingSystematicInforms(t *testing.T) {
	sev := func(text string) map[string]check.Severity {
		out := map[string]check.Severity{}
		for _, f := range NewXrefCheck().Check(check.Document{Text: text}) {
			if f.Rule == RuleDanglingRef {
				out[f.Location.Text] = f.Severity
			}
		}
		return out
	}
	got := sev(systematicDoc("2.3", "3.4", "4.5", "4.5", "14.2"))
	assert.Equal(t, map[string]check.Severity{
		"Clause 2.3": check.SeverityInfo, "Clause 3.4": check.SeverityInfo, "Clause 4.5": check.SeverityInfo,
		"Clause 14.2": check.SeverityBlock,
	}, got)

	got = sev(systematicDoc("2.3", "3.4", "3.4"))
	require.Len(t, got, 2)
	for label, s := range got {
		assert.Equal(t, check.SeverityBlock, s, "two labels are verified one by one: %s", label)
	}
}
