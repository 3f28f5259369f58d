package main

import (
	"fmt"
	"sort"
	"time"

	"github.com/evalopt/evalopt/evaluator/golden"
	"github.com/evalopt/evalopt/report"
)

// judge scores the run, judges each agent against the default thresholds
// and gates the run on the baseline, reporting each agent scored to
// progress. Its error is the scoring's or the gate's on options out of
// range.
func judge(c gateConfig, in gateInputs, progress *progress) (*report.GateVerdict, error) {
	t := golden.DefaultThresholds()
	v := &report.GateVerdict{
		Set: c.set, Run: c.run, Baseline: c.baseline, Tolerance: c.tolerance,
		Thresholds:  report.GateThresholds{Recall: t.Recall, CitationAccuracy: t.CitationAccuracy, SeverityAccuracy: t.SeverityAccuracy, FalsePositiveRate: t.FalsePositiveRate, Band: t.Band},
		Regressions: []string{}, ThresholdFailures: []string{},
	}
	opts := golden.MetricsConfig{Synonyms: in.synonyms}
	current := map[string]golden.Metrics{}
	agents := in.set.Agents()
	defer progress.done()
	for i, agent := range agents {
		progress.report(i, len(agents), agent)
		av, err := judgeAgent(agent, in, t, opts)
		if err != nil {
			return nil, err
		}
		if av.Metrics != nil {
			current[agent] = *av.Metrics
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
	attachGate(v, gate, in)
	settle(v)
	return v, nil
}

// judgeAgent scores one agent's contracts and judges it against t.
func judgeAgent(agent string, in gateInputs, t golden.Thresholds, opts golden.MetricsConfig) (report.AgentVerdict, error) {
	av := report.AgentVerdict{Agent: agent}
	contracts, inRun := in.run[agent]
	av.InRun = inRun
	var all []golden.ContractSamples
	for _, gt := range in.set.ForAgent(agent) {
		cs := golden.ContractSamples{Contract: gt.Contract}
		score := report.ContractScore{Contract: gt.Contract}
		for _, s := range contracts[gt.Contract] {
			score.Samples++
			if s.infraFailed {
				cs.Samples = append(cs.Samples, golden.Sample{InfraFailed: true})
				continue
			}
			score.Ran++
			m, err := golden.MetricsOf(s.findings, gt, opts)
			if err != nil {
				return av, err
			}
			cs.Samples = append(cs.Samples, golden.Sample{Metrics: m})
		}
		if m, ok := golden.CollapseSamples(cs.Samples); ok {
			score.Conclusive, score.Metrics = true, &m
		}
		av.Contracts = append(av.Contracts, score)
		all = append(all, cs)
	}
	if !inRun {
		av.Thresholds = t.AgentVerdicts(golden.AgentResult{Agent: agent})
		return av, nil
	}
	r := golden.AggregateAgent(agent, all)
	av.Thresholds = t.AgentVerdicts(r)
	if r.Conclusive() {
		m := r.Metrics
		av.Metrics = &m
	}
	return av, nil
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
func attachGate(v *report.GateVerdict, gate golden.GateResult, in gateInputs) {
	index := map[string]int{}
	for i, a := range v.Agents {
		index[a.Agent] = i
	}
	for _, g := range gate.Agents {
		i, ok := index[g.Agent]
		if !ok {
			v.Agents = append(v.Agents, report.AgentVerdict{Agent: g.Agent,
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
func settle(v *report.GateVerdict) {
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
func updateBaseline(v *report.GateVerdict, c gateConfig, in gateInputs, now time.Time) {
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
	settle(v)
}
