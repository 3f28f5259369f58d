package golden

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/evalopt/evalopt/evaluator"
)

// DefaultTolerance is how far an agent's F1 may fall below its baseline
// before the regression gate fails, when GateConfig.Tolerance is zero.
const DefaultTolerance = 0.05

// GateConfig configures Gate. The zero value is the default; a field out
// of range is an error naming it.
type GateConfig struct {
	// Tolerance is the largest F1 drop (baseline minus current) that still
	// passes; zero means DefaultTolerance (0.05). To allow no drop at all,
	// pass a tiny positive value such as 1e-9; a negative value demands an
	// improvement of at least its size. NaN and infinities are errors.
	Tolerance float64
}

// validate reports a Tolerance that is NaN or infinite as an
// *evaluator.FieldError naming the field ("GateConfig.Tolerance"),
// matching evaluator.ErrInvalidOption.
func (o GateConfig) validate() error {
	if math.IsNaN(o.Tolerance) || math.IsInf(o.Tolerance, 0) {
		return &evaluator.FieldError{Field: "GateConfig.Tolerance", Err: evaluator.ErrInvalidOption,
			Problem: fmt.Sprintf("must be a finite number (0 means the default, %v), got %v", DefaultTolerance, o.Tolerance)}
	}
	return nil
}

// MetricMove is how one metric moved between the baseline and this run.
type MetricMove struct {
	// Metric is the JSON name ("f1_score").
	Metric string `json:"metric"`
	// Old is the baseline value.
	Old float64 `json:"old"`
	// New is this run's value.
	New float64 `json:"new"`
	// Delta is New - Old.
	Delta float64 `json:"delta"`
}

// AgentGate is one agent's outcome at the regression gate.
type AgentGate struct {
	// Agent names the agent.
	Agent string `json:"agent"`
	// Status is VerdictPass when F1 fell by no more than the tolerance (or
	// rose), VerdictFail when it fell by more, and VerdictInconclusive
	// when there was nothing to compare (no baseline for the agent, or the
	// agent is in the baseline but not in this run).
	Status MetricVerdict `json:"status"`
	// Reason says why, in one line.
	Reason string `json:"reason"`
	// Moves lists every metric that changed, in the order of Metrics'
	// fields (finding_count included); empty when inconclusive.
	Moves []MetricMove `json:"moves,omitempty"`
}

// GateResult is the regression gate's report over all agents.
type GateResult struct {
	// Tolerance is the tolerance applied.
	Tolerance float64 `json:"tolerance"`
	// Agents holds one entry per agent in the baseline or the run, sorted by
	// name.
	Agents []AgentGate `json:"agents"`
}

// Passed reports whether no agent failed (inconclusive agents do not
// fail).
func (g GateResult) Passed() bool { return len(g.Failed()) == 0 }

// Failed returns the agents that failed, sorted.
func (g GateResult) Failed() []string {
	var out []string
	for _, a := range g.Agents {
		if a.Status == VerdictFail {
			out = append(out, a.Agent)
		}
	}
	return out
}

// String renders the report, one line per agent followed by one indented
// line per moved metric:
//
//	legal: fail: f1_score fell 0.0800 (0.7627 -> 0.6827), more than the tolerance 0.05
//	    f1_score 0.7627 -> 0.6827 (-0.0800)
//	    finding_count 29 -> 25 (-4)
func (g GateResult) String() string {
	var b strings.Builder
	for _, a := range g.Agents {
		fmt.Fprintf(&b, "%s: %s: %s\n", a.Agent, a.Status, a.Reason)
		for _, m := range a.Moves {
			if m.Metric == "finding_count" {
				fmt.Fprintf(&b, "    %s %d -> %d (%+d)\n", m.Metric, int(m.Old), int(m.New), int(m.Delta))
				continue
			}
			fmt.Fprintf(&b, "    %s %.4f -> %.4f (%+.4f)\n", m.Metric, m.Old, m.New, m.Delta)
		}
	}
	return b.String()
}

// Gate compares this run's per-agent metrics with a baseline. An agent fails
// when its F1 fell more than the tolerance below its baseline F1
// (differences under 1e-9 count as equal, so a drop of exactly the
// tolerance passes; a NaN F1 fails). Every agent's report lists what moved, metric by
// metric. An agent with no baseline is inconclusive and said so, as is an
// agent in the baseline that this run did not score; neither fails the
// gate.
// A config out of range (a NaN or infinite Tolerance) gives an empty
// GateResult and an *evaluator.FieldError naming the field
// ("GateConfig.Tolerance"), matching evaluator.ErrInvalidOption.
func Gate(base Baseline, current map[string]Metrics, cfg GateConfig) (GateResult, error) {
	if err := cfg.validate(); err != nil {
		return GateResult{}, fmt.Errorf("golden: %w", err)
	}
	tol := cfg.Tolerance
	if tol == 0 {
		tol = DefaultTolerance
	}
	names := map[string]bool{}
	for a := range base.Metrics {
		names[a] = true
	}
	for a := range current {
		names[a] = true
	}
	agents := make([]string, 0, len(names))
	for a := range names {
		agents = append(agents, a)
	}
	sort.Strings(agents)

	res := GateResult{Tolerance: tol}
	for _, a := range agents {
		old, inBase := base.Metrics[a]
		cur, inRun := current[a]
		switch {
		case !inBase:
			res.Agents = append(res.Agents, AgentGate{Agent: a, Status: VerdictInconclusive, Reason: "no baseline for this agent; nothing to compare"})
			continue
		case !inRun:
			res.Agents = append(res.Agents, AgentGate{Agent: a, Status: VerdictInconclusive, Reason: "in the baseline but not scored in this run"})
			continue
		}
		g := AgentGate{Agent: a, Moves: moves(old.Metrics, cur)}
		drop := old.F1Score - cur.F1Score
		switch {
		case math.IsNaN(drop): // fail closed: a NaN compares false with everything
			g.Status = VerdictFail
			g.Reason = fmt.Sprintf("f1_score is not a number (%v -> %v)", old.F1Score, cur.F1Score)
		case drop > tol+floatSlack:
			g.Status = VerdictFail
			g.Reason = fmt.Sprintf("f1_score fell %.4f (%.4f -> %.4f), more than the tolerance %.4g", drop, old.F1Score, cur.F1Score, tol)
		default:
			g.Status = VerdictPass
			g.Reason = fmt.Sprintf("f1_score %.4f -> %.4f (%+.4f), within the tolerance %.4g", old.F1Score, cur.F1Score, cur.F1Score-old.F1Score, tol)
		}
		res.Agents = append(res.Agents, g)
	}
	return res, nil
}

// moves lists the metrics that changed from old to cur.
func moves(old, cur Metrics) []MetricMove {
	of, cf := metricFields(&old), metricFields(&cur)
	var out []MetricMove
	for i := range of {
		if d := *cf[i].ptr - *of[i].ptr; math.Abs(d) > floatSlack {
			out = append(out, MetricMove{Metric: of[i].name, Old: *of[i].ptr, New: *cf[i].ptr, Delta: d})
		}
	}
	if cur.FindingCount != old.FindingCount {
		out = append(out, MetricMove{Metric: "finding_count", Old: float64(old.FindingCount),
			New: float64(cur.FindingCount), Delta: float64(cur.FindingCount - old.FindingCount)})
	}
	return out
}
