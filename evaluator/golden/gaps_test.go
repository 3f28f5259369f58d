package golden

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestGapRecall(t *testing.T) {
	tests := []struct {
		name     string
		expected []string
		produced []string
		want     float64
	}{
		{"no gaps expected gives 1", nil, []string{"Missing_Doc"}, 1},
		{"expected gap reported", []string{"Missing_Doc"}, []string{"Missing_Doc"}, 1},
		{"compared after normalisation", []string{"Missing_Doc"}, []string{"missing doc"}, 1},
		{"exact, not substring", []string{"Missing_Doc"}, []string{"missing_docs"}, 0},
		{"nothing reported", []string{"Missing_Doc"}, nil, 0},
		{"share of expected", []string{"Missing_Doc", "Unsigned"}, []string{"unsigned", "other"}, 0.5},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.InDelta(t, tt.want, GapRecall(tt.produced, GroundTruth{ExpectedGaps: tt.expected}), 1e-12)
		})
	}
}

func TestCheckFindingCount(t *testing.T) {
	gt := GroundTruth{Agent: "legal", Contract: "sparse.md", MinExpectedFindings: 1, MaxExpectedFindings: 3}
	tests := []struct {
		n    int
		want string
	}{
		{0, "legal/sparse.md: 0 findings, below min_expected_findings 1"},
		{1, ""},
		{3, ""},
		{4, "legal/sparse.md: 4 findings, above max_expected_findings 3"},
	}
	for _, tt := range tests {
		err := CheckFindingCount(tt.n, gt)
		if tt.want == "" {
			assert.NoError(t, err, "n=%d", tt.n)
			continue
		}
		assert.ErrorIs(t, err, ErrFindingCount)
		assert.ErrorContains(t, err, tt.want)
	}
}

func TestContradictions(t *testing.T) {
	f := func(category string, s SeverityLevel) AgentFinding {
		return AgentFinding{Category: category, Severity: s}
	}
	tests := []struct {
		name    string
		byAgent map[string][]AgentFinding
		want    []Contradiction
	}{
		{"two levels apart", map[string][]AgentFinding{"legal": {f("termination", "P1")}, "finance": {f("termination", "P3")}},
			[]Contradiction{{Category: "termination", AgentA: "finance", SeverityA: "P3", AgentB: "legal", SeverityB: "P1", Gap: 2}}},
		{"one level apart is not", map[string][]AgentFinding{"legal": {f("termination", "P1")}, "finance": {f("termination", "P2")}}, nil},
		{"three levels apart, category spelled differently", map[string][]AgentFinding{"legal": {f("Change of Control", "P0")}, "finance": {f("change_of_control", "P3")}},
			[]Contradiction{{Category: "change_of_control", AgentA: "finance", SeverityA: "P3", AgentB: "legal", SeverityB: "P0", Gap: 3}}},
		{"different categories are not", map[string][]AgentFinding{"legal": {f("termination", "P0")}, "finance": {f("pricing", "P3")}}, nil},
		{"same agent is not", map[string][]AgentFinding{"legal": {f("termination", "P0"), f("termination", "P3")}}, nil},
		{"unknown severity is left out", map[string][]AgentFinding{"legal": {f("termination", "high")}, "finance": {f("termination", "P3")}}, nil},
		{"empty category is left out", map[string][]AgentFinding{"legal": {f("", "P0")}, "finance": {f("", "P3")}}, nil},
		{"every cross-agent pair", map[string][]AgentFinding{
			"legal":   {f("termination", "P0")},
			"finance": {f("termination", "P2"), f("termination", "P3")},
			"hr":      {f("termination", "P0")},
		}, []Contradiction{
			{Category: "termination", AgentA: "finance", SeverityA: "P2", AgentB: "hr", SeverityB: "P0", Gap: 2},
			{Category: "termination", AgentA: "finance", SeverityA: "P2", AgentB: "legal", SeverityB: "P0", Gap: 2},
			{Category: "termination", AgentA: "finance", SeverityA: "P3", AgentB: "hr", SeverityB: "P0", Gap: 3},
			{Category: "termination", AgentA: "finance", SeverityA: "P3", AgentB: "legal", SeverityB: "P0", Gap: 3},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, Contradictions(tt.byAgent))
		})
	}
}
