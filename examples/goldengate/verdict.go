package main

import (
	"fmt"
	"sort"
	"time"

	"github.com/evalopt/evalopt/evaluator/golden"
)

// verdict is the machine-readable answer (-json) and what the table shows.
type verdict struct {
	// Verdict is "pass", "fail", or "error" when -update-baseline could not
	// write the file; ExitCode the command's exit code.
	Verdict  string `json:"verdict"`
	ExitCode int    `json:"exit_code"`
	// Set, Run and Baseline are the paths the command read.
	Set      string `json:"set"`
	Run      string `json:"run"`
	Baseline string `json:"baseline"`
	// Thresholds are the bars every agent was judged against; Tolerance
	// the largest F1 drop the gate let pass.
	Thresholds thresholds `json:"thresholds"`
	Tolerance  float64    `json:"tolerance"`
	// Agents holds every agent of the set and of the baseline, sorted.
	Agents []agentVerdict `json:"agents"`
	// Regressions are the agents the gate failed; ThresholdFailures those
	// whose metrics failed a threshold. Both sorted, never null.
	Regressions       []string `json:"regressions"`
	ThresholdFailures []string `json:"threshold_failures"`
	// BaselineUpdated is true when -update-baseline rewrote the file.
	BaselineUpdated bool `json:"baseline_updated"`
	// Error says why -update-baseline refused to write; empty otherwise.
	Error string `json:"error,omitempty"`
}

// thresholds is golden.Thresholds with the metrics' JSON names.
type thresholds struct {
	Recall            float64 `json:"finding_recall"`
	CitationAccuracy  float64 `json:"citation_accuracy"`
	SeverityAccuracy  float64 `json:"severity_accuracy"`
	FalsePositiveRate float64 `json:"false_positive_rate"`
	Band              float64 `json:"band"`
}

// agentVerdict is one agent's line.
type agentVerdict struct {
	Agent string `json:"agent"`
	// InRun is false for an agent the run has no folder for.
	InRun bool `json:"in_run"`
	// Contracts holds each of the agent's contracts in the set, sorted.
	Contracts []contractScore `json:"contracts"`
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

// contractScore is one contract of an agent.
type contractScore struct {
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

// judge scores the run, judges each agent against the default thresholds
// and gates the run on the baseline. Its error is the scoring's or the
// gate's on options out of range.
func judge(c config, in inputs) (*verdict, error) {
	t := golden.DefaultThresholds()
	v := &verdict{
		Set: c.set, Run: c.run, Baseline: c.baseline, Tolerance: c.tolerance,
		Thresholds:  thresholds{t.Recall, t.CitationAccuracy, t.SeverityAccuracy, t.FalsePositiveRate, t.Band},
		Regressions: []string{}, ThresholdFailures: []string{},
	}
	opts := golden.MetricsConfig{Synonyms: in.synonyms}
	current := map[string]golden.Metrics{}
	for _, agent := range in.set.Agents() {
		av := agentVerdict{Agent: agent}
		contracts, inRun := in.run[agent]
		av.InRun = inRun
		var all []golden.ContractSamples
		for _, gt := range in.set.ForAgent(agent) {
			cs := golden.ContractSamples{Contract: gt.Contract}
			score := contractScore{Contract: gt.Contract}
			for _, s := range contracts[gt.Contract] {
				score.Samples++
				if s.infraFailed {
					cs.Samples = append(cs.Samples, golden.Sample{InfraFailed: true})
					continue
				}
				score.Ran++
				m, err := golden.MetricsOf(s.findings, gt, opts)
				if err != nil {
					return nil, err
				}
				cs.Samples = append(cs.Samples, golden.Sample{Metrics: m})
			}
			if m, ok := golden.CollapseSamples(cs.Samples); ok {
				score.Conclusive, score.Metrics = true, &m
			}
			av.Contracts = append(av.Contracts, score)
			all = append(all, cs)
		}
		if inRun {
			r := golden.AggregateAgent(agent, all)
			av.Thresholds = t.AgentVerdicts(r)
			if r.Conclusive() {
				m := r.Metrics
				av.Metrics = &m
				current[agent] = m
			}
		} else {
			av.Thresholds = t.AgentVerdicts(golden.AgentResult{Agent: agent})
		}
		if av.Thresholds.Overall == golden.VerdictFail {
			v.ThresholdFailures = append(v.ThresholdFailures, agent)
		}
		v.Agents = append(v.Agents, av)
	}
	gate, err := golden.Gate(in.base, current, golden.GateConfig{Tolerance: gateTolerance(c.tolerance)})
	if err != nil {
		return nil, err
	}
	v.Regressions = append(v.Regressions, gate.Failed()...)
	v.attachGate(gate, in)
	v.settle()
	return v, nil
}

// gateTolerance turns the flag's tolerance into GateConfig.Tolerance,
// whose zero means the default: a tolerance of 0 on the command line means
// no drop at all, which the gate spells as a tiny positive value.
func gateTolerance(t float64) float64 {
	if t == 0 {
		return 1e-12
	}
	return t
}

// attachGate puts each agent's gate outcome and baseline F1 on its line,
// adding a line for an agent that is only in the baseline.
func (v *verdict) attachGate(gate golden.GateResult, in inputs) {
	index := map[string]int{}
	for i, a := range v.Agents {
		index[a.Agent] = i
	}
	for _, g := range gate.Agents {
		i, ok := index[g.Agent]
		if !ok {
			v.Agents = append(v.Agents, agentVerdict{Agent: g.Agent,
				Thresholds: golden.DefaultThresholds().AgentVerdicts(golden.AgentResult{Agent: g.Agent})})
			i = len(v.Agents) - 1
			index[g.Agent] = i
		}
		v.Agents[i].Gate = g
		if am, ok := in.base.Metrics[g.Agent]; ok {
			f1 := am.F1Score
			v.Agents[i].BaselineF1 = &f1
		}
	}
	sort.Slice(v.Agents, func(i, j int) bool { return v.Agents[i].Agent < v.Agents[j].Agent })
}

// settle sets the verdict and exit code from the failures.
func (v *verdict) settle() {
	v.Verdict, v.ExitCode = "pass", exitPass
	if len(v.Regressions) > 0 || len(v.ThresholdFailures) > 0 || v.Error != "" {
		v.Verdict, v.ExitCode = "fail", exitFail
	}
}

// updateBaseline is the deliberate update: it rewrites the baseline from
// this run, unless the run fails its thresholds or scored no agent. The
// gate against the old baseline stays in the report, for review, but a
// regression does not stop the update: accepting one is what the update is
// for.
func (v *verdict) updateBaseline(c config, in inputs, now time.Time) {
	v.Regressions = []string{}
	current := map[string]golden.Metrics{}
	for _, a := range v.Agents {
		if a.Metrics != nil {
			current[a.Agent] = *a.Metrics
		}
	}
	switch {
	case len(v.ThresholdFailures) > 0:
		v.Error = fmt.Sprintf("baseline not updated: %v fail their thresholds", v.ThresholdFailures)
	case len(current) == 0:
		v.Error = "baseline not updated: the run scored no agent"
	default:
		b := golden.NewBaseline(now, c.commit, c.notes, in.run.samples(), current)
		if err := b.Save(c.baseline); err != nil {
			// Not the run's fault: a path that cannot be written is bad input.
			v.Error = fmt.Sprintf("baseline not updated: %v", err)
			v.Verdict, v.ExitCode = "error", exitBadInput
			return
		}
		v.BaselineUpdated = true
	}
	v.settle()
}
