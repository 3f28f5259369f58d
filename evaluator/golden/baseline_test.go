package golden

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestBaselineRoundTripDDAgents(t *testing.T) {
	path := filepath.Join(ddAgentsDir(t), "baseline-latest.json")
	original, err := os.ReadFile(path)
	require.NoError(t, err)
	b, err := LoadBaseline(path)
	require.NoError(t, err)

	assert.Equal(t, "2026-06-05T09:55:35.107884+00:00", b.Timestamp)
	assert.Equal(t, "15c818b0db1796fcc203c6a4f70fd1ec2d5762cf", b.Commit)
	assert.Equal(t, 3, b.Samples)
	require.Len(t, b.Metrics, 9)
	assert.Equal(t, AgentMetrics{AgentName: "tax", Metrics: Metrics{FindingRecall: 1, FindingPrecision: 0.8333333333333334,
		CitationAccuracy: 1, SeverityAccuracy: 0.8, FalsePositiveRate: 0, F1Score: 0.9090909090909091, FindingCount: 6}}, b.Metrics["tax"])

	out := filepath.Join(t.TempDir(), "baseline.json")
	require.NoError(t, b.Save(out))
	again, err := LoadBaseline(out)
	require.NoError(t, err)
	assert.Equal(t, b, again, "load, save, load gives the same value")

	written, err := os.ReadFile(out)
	require.NoError(t, err)
	var want, got any
	require.NoError(t, json.Unmarshal(original, &want))
	require.NoError(t, json.Unmarshal(written, &got))
	assert.Equal(t, want, got, "the rewritten file means the same as the original")

	st, err := os.Stat(out)
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o644), st.Mode().Perm())
}

func TestNewBaseline(t *testing.T) {
	at := time.Date(2026, 6, 5, 11, 55, 35, 107884000, time.FixedZone("CEST", 2*3600))
	b := NewBaseline(at, "abc", "notes", 3, map[string]Metrics{"legal": {FindingRecall: 1, F1Score: 0.5, FindingCount: 2}})
	assert.Equal(t, "2026-06-05T09:55:35.107884+00:00", b.Timestamp)
	assert.Equal(t, "legal", b.Metrics["legal"].AgentName)
	got, err := time.Parse(time.RFC3339Nano, b.Timestamp)
	require.NoError(t, err)
	assert.True(t, got.Equal(at))

	data, err := b.marshal()
	require.NoError(t, err)
	again, err := parseBaseline(data, "b.json")
	require.NoError(t, err)
	assert.Equal(t, b, again)
}

func TestBaselineValidate(t *testing.T) {
	b := NewBaseline(time.Unix(0, 0), "", "", 1, map[string]Metrics{"legal": {FindingRecall: 1.5}})
	b.Metrics["tax"] = AgentMetrics{AgentName: "legal", Metrics: Metrics{FindingCount: -1}}
	b.Samples = -2
	err := b.Validate()
	require.Error(t, err)
	for _, want := range []string{
		"metrics.legal.finding_recall: must be in [0,1], got 1.5",
		`metrics.tax.agent_name: "legal" differs from its key "tax"`,
		"metrics.tax.finding_count: must be >= 0, got -1",
		"samples: must be >= 0, got -2",
	} {
		assert.ErrorContains(t, err, want)
	}
	assert.ErrorIs(t, err, ErrInvalidData)
	_, err = b.marshal()
	assert.Error(t, err, "Marshal refuses an invalid baseline")
	assert.Error(t, b.Save(filepath.Join(t.TempDir(), "x.json")))

	assert.ErrorContains(t, Baseline{Timestamp: "yesterday", Metrics: map[string]AgentMetrics{}}.Validate(), `timestamp: not an RFC 3339 time: "yesterday"`)
	assert.ErrorContains(t, Baseline{Timestamp: "2026-01-01T00:00:00Z"}.Validate(), "metrics: missing")
}

func TestParseBaselineErrors(t *testing.T) {
	metrics := `"finding_recall": 1, "finding_precision": 1, "citation_accuracy": 1, "severity_accuracy": 1, "false_positive_rate": 0, "f1_score": 1, "finding_count": 3`
	doc := func(agent string) string {
		return `{"timestamp": "2026-06-05T09:55:35.107884+00:00", "commit": "c", "notes": "", "samples": 3, "metrics": {"legal": ` + agent + `}}`
	}
	tests := []struct{ name, data, want string }{
		{"unknown top-level field", `{"timestamp": "2026-06-05T09:55:35Z", "metrics": {}, "version": 2}`, "b.json: version: unknown field"},
		{"missing timestamp", `{"metrics": {}}`, "b.json: timestamp: missing"},
		{"bad timestamp", `{"timestamp": "June 5", "metrics": {}}`, `b.json: timestamp: not an RFC 3339 time: "June 5"`},
		{"missing metrics", `{"timestamp": "2026-06-05T09:55:35Z"}`, "b.json: metrics: missing"},
		{"samples not an integer", `{"timestamp": "2026-06-05T09:55:35Z", "metrics": {}, "samples": "3"}`, "b.json: samples: want an integer, got a string"},
		{"agent_name differs", doc(`{"agent_name": "tax", ` + metrics + `}`), `b.json: metrics.legal.agent_name: "tax" differs from its key "legal"`},
		{"metric missing", doc(`{"agent_name": "legal", "finding_recall": 1}`), "b.json: metrics.legal.f1_score: missing"},
		{"metric out of range", doc(`{"agent_name": "legal", ` + metrics + `, "x": 1}`), "b.json: metrics.legal.x: unknown field"},
		{"metric not a number", doc(`{"agent_name": "legal", "finding_recall": "1", "finding_precision": 1, "citation_accuracy": 1, "severity_accuracy": 1, "false_positive_rate": 0, "f1_score": 1, "finding_count": 3}`),
			"b.json: metrics.legal.finding_recall: want a number, got a string"},
		{"metric above 1", doc(`{"agent_name": "legal", "finding_recall": 1.2, "finding_precision": 1, "citation_accuracy": 1, "severity_accuracy": 1, "false_positive_rate": 0, "f1_score": 1, "finding_count": 3}`),
			"b.json: metrics.legal.finding_recall: must be in [0,1], got 1.2"},
		{"negative count", doc(`{"agent_name": "legal", "finding_recall": 1, "finding_precision": 1, "citation_accuracy": 1, "severity_accuracy": 1, "false_positive_rate": 0, "f1_score": 1, "finding_count": -3}`),
			"b.json: metrics.legal.finding_count: must be >= 0, got -3"},
		{"bad JSON", `{"timestamp": }`, "b.json: timestamp: syntax error: invalid character '}', want a string (at byte 14)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := parseBaseline([]byte(tt.data), "b.json")
			require.Error(t, err)
			assert.ErrorIs(t, err, ErrInvalidData)
			assert.Contains(t, err.Error(), tt.want)
		})
	}
}
