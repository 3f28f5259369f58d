package golden

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestJSONUnmarshalAppliesLoaderRules(t *testing.T) {
	var gt GroundTruth
	require.NoError(t, json.Unmarshal([]byte(`{"contract": "a.md", "agent": "legal", "expected_findings": [{"category": "c"}]}`), &gt))
	assert.True(t, gt.ExpectedFindings[0].Required, "default applied")
	assert.Equal(t, 20, gt.MaxExpectedFindings)
	err := json.Unmarshal([]byte(`{"contract": "a.md", "agent": "legal", "expected_findings": [{"category": "c", "min_severity": "P5"}]}`), &gt)
	assert.ErrorIs(t, err, ErrInvalidData)
	assert.ErrorContains(t, err, `expected_findings[0].min_severity: unknown severity "P5"`)

	var s Synonyms
	require.NoError(t, json.Unmarshal([]byte(`{"category_synonyms": {"change_of_control": ["coc"]}}`), &s))
	assert.NotNil(t, s.idx, "lookup tables built")
	assert.True(t, matchesCategory("coc", "change_of_control", s))
	assert.ErrorIs(t, json.Unmarshal([]byte(`{"categories": {}}`), &s), ErrInvalidData)

	var b Baseline
	assert.ErrorContains(t, json.Unmarshal([]byte(`{"timestamp": "2026-06-05T09:55:35Z"}`), &b), "metrics: missing")
	require.NoError(t, json.Unmarshal([]byte(`{"timestamp": "2026-06-05T09:55:35Z", "metrics": {}}`), &b))
	assert.Empty(t, b.Metrics)

	// Round trip through encoding/json both ways.
	gt2 := gt
	data, err := json.Marshal(gt2)
	require.NoError(t, err)
	var again GroundTruth
	require.NoError(t, json.Unmarshal(data, &again))
	assert.Equal(t, gt2, again)
}
