package report

import (
	"github.com/evalopt/evalopt/evaluator/golden"
)

// GateVerdict is the golden regression gate's answer over one run of a
// team's agents (what `evalopt gate` computes, prints as a table, and
// writes with --json): every agent's metrics against the thresholds, its
// F1 against the baseline, and the verdict with the exit code.
type GateVerdict struct {
	// Verdict is "pass", "fail", or "error" when the baseline could not be
	// written; ExitCode the command's exit code (0, 1 or 2).
	Verdict  string `json:"verdict"`
	ExitCode int    `json:"exit_code"`
	// Set, Run and Baseline are the paths the gate read.
	Set      string `json:"set"`
	Run      string `json:"run"`
	Baseline string `json:"baseline"`
	// Thresholds are the bars every agent was judged against; Tolerance
	// the largest F1 drop the gate let pass.
	Thresholds GateThresholds `json:"thresholds"`
	Tolerance  float64        `json:"tolerance"`
	// Agents holds every agent of the set and of the baseline, sorted.
	Agents []AgentVerdict `json:"agents"`
	// Regressions are the agents the gate failed; ThresholdFailures those
	// whose metrics failed a threshold. Both sorted, never null.
	Regressions       []string `json:"regressions"`
	ThresholdFailures []string `json:"threshold_failures"`
	// BaselineUpdated is true when the run rewrote the baseline.
	BaselineUpdated bool `json:"baseline_updated"`
	// Error says why the baseline was not rewritten; empty otherwise.
	Error string `json:"error,omitempty"`
}

// GateThresholds are golden.Thresholds under the metrics' JSON names.
type GateThresholds struct {
	Recall            float64 `json:"finding_recall"`
	CitationAccuracy  float64 `json:"citation_accuracy"`
	SeverityAccuracy  float64 `json:"severity_accuracy"`
	FalsePositiveRate float64 `json:"false_positive_rate"`
	Band              float64 `json:"band"`
}

// AgentVerdict is one agent's line of a GateVerdict.
type AgentVerdict struct {
	Agent string `json:"agent"`
	// InRun is false for an agent the run has no folder for.
	InRun bool `json:"in_run"`
	// Contracts holds each of the agent's contracts in the set, sorted.
	Contracts []ContractScore `json:"contracts"`
	// Metrics aggregate the conclusive contracts; nil when none was scored.
	Metrics *golden.Metrics `json:"metrics"`
	// Thresholds are the per-metric verdicts (all inconclusive when nothing
	// was scored).
	Thresholds golden.Verdicts `json:"thresholds"`
	// BaselineF1 is the baseline's F1 for the agent; nil when it has none.
	BaselineF1 *float64 `json:"baseline_f1"`
	// Gate is the regression gate's outcome for the agent.
	Gate golden.AgentGate `json:"gate"`
}

// ContractScore is one contract of an agent.
type ContractScore struct {
	Contract string `json:"contract"`
	// Samples is how many sample files the run has (0: none); Ran how many
	// of them ran (were not infrastructure failures).
	Samples int `json:"samples"`
	Ran     int `json:"ran"`
	// Conclusive is false when fewer than half the samples ran.
	Conclusive bool `json:"conclusive"`
	// Metrics are the collapsed samples' metrics; nil when inconclusive.
	Metrics *golden.Metrics `json:"metrics"`
}

// Gate returns the report of a golden gate verdict.
func Gate(v GateVerdict) *Report { return &Report{gate: &v} }
