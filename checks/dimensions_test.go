package checks_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/evalopt/evalopt/checks"
	"github.com/evalopt/evalopt/rubric"
)

// TestDimensionForEveryDefaultRule: every rule of the default suite maps to
// a dimension of the deliverable rubric.
func TestDimensionForEveryDefaultRule(t *testing.T) {
	r := rubric.Deliverable()
	for _, rule := range checks.DefaultSuite().Rules() {
		dim := checks.Dimension(rule)
		_, ok := r.Dimension(dim)
		assert.True(t, ok, "rule %q maps to %q, not a dimension of the deliverable rubric", rule, dim)
	}
	assert.Equal(t, "Internal Consistency", checks.Dimension("values.conflict"))
	assert.Equal(t, "Internal Consistency", checks.Dimension("xref.numbering_gap"), "a longer prefix wins")
	assert.Equal(t, "Citation Validity", checks.Dimension("xref.dangling"))
	assert.Equal(t, "Policy Compliance", checks.Dimension("requirement.no_refund"))
	assert.Equal(t, "", checks.Dimension("requirements.x"), "a prefix matches whole segments only")
	assert.Equal(t, "", checks.Dimension("unknown.rule"))
}
