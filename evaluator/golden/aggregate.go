package golden

import (
	"math"
	"sort"
)

// Sample is one run of an agent over one contract.
type Sample struct {
	// Metrics is the run's score (see MetricsOf).
	Metrics Metrics
	// InfraFailed marks a run that failed for infrastructure reasons (a
	// timeout, a rate limit, a crashed worker) rather than by producing poor
	// findings; its Metrics are ignored and it is not scored as zero.
	InfraFailed bool
}

// CollapseSamples reduces repeated runs of one contract to one Metrics: each
// field is the lower median of that field over the samples that ran (for an
// even count, the smaller of the two middle values), and F1Score is then
// recomputed from the median recall and precision rather than taken as a
// median of its own. Infrastructure-failed samples are dropped. When fewer
// than half the samples ran (or there are none), the contract is
// inconclusive: CollapseSamples returns false and a zero Metrics.
func CollapseSamples(samples []Sample) (Metrics, bool) {
	ran := make([]Metrics, 0, len(samples))
	for _, s := range samples {
		if !s.InfraFailed {
			ran = append(ran, s.Metrics)
		}
	}
	if len(ran) == 0 || 2*len(ran) < len(samples) {
		return Metrics{}, false
	}
	field := func(get func(Metrics) float64) float64 {
		vals := make([]float64, len(ran))
		for i, m := range ran {
			vals[i] = get(m)
		}
		return lowerMedian(vals)
	}
	m := Metrics{
		FindingRecall:     field(func(m Metrics) float64 { return m.FindingRecall }),
		FindingPrecision:  field(func(m Metrics) float64 { return m.FindingPrecision }),
		CitationAccuracy:  field(func(m Metrics) float64 { return m.CitationAccuracy }),
		SeverityAccuracy:  field(func(m Metrics) float64 { return m.SeverityAccuracy }),
		FalsePositiveRate: field(func(m Metrics) float64 { return m.FalsePositiveRate }),
		FindingCount:      int(field(func(m Metrics) float64 { return float64(m.FindingCount) })),
	}
	m.F1Score = f1Of(m.FindingRecall, m.FindingPrecision)
	return m, true
}

// lowerMedian returns the lower median of vals (which it sorts); vals must
// not be empty.
func lowerMedian(vals []float64) float64 {
	sort.Float64s(vals)
	return vals[(len(vals)-1)/2]
}

// aggregateContracts combines one agent's per-contract metrics: recall is
// the worst contract's (the minimum), false-positive rate the worst (the
// maximum), precision, citation accuracy and severity accuracy are means,
// F1Score is recomputed from the aggregated recall and precision, and
// FindingCount is the sum. It returns false (and a zero Metrics) when there
// are no contracts.
func aggregateContracts(perContract []Metrics) (Metrics, bool) {
	if len(perContract) == 0 {
		return Metrics{}, false
	}
	agg := Metrics{FindingRecall: math.Inf(1), FalsePositiveRate: math.Inf(-1)}
	for _, m := range perContract {
		agg.FindingRecall = math.Min(agg.FindingRecall, m.FindingRecall)
		agg.FalsePositiveRate = math.Max(agg.FalsePositiveRate, m.FalsePositiveRate)
		agg.FindingPrecision += m.FindingPrecision
		agg.CitationAccuracy += m.CitationAccuracy
		agg.SeverityAccuracy += m.SeverityAccuracy
		agg.FindingCount += m.FindingCount
	}
	n := float64(len(perContract))
	agg.FindingPrecision /= n
	agg.CitationAccuracy /= n
	agg.SeverityAccuracy /= n
	agg.F1Score = f1Of(agg.FindingRecall, agg.FindingPrecision)
	return agg, true
}

// ContractSamples are the runs of one agent over one contract.
type ContractSamples struct {
	// Contract names the contract ("coc_basic.md").
	Contract string
	// Samples are the repeated runs, in any order.
	Samples []Sample
}

// AgentResult is one agent's aggregated score over a golden set.
type AgentResult struct {
	// Agent names the agent.
	Agent string
	// Metrics aggregate the scored contracts (see AggregateAgent); zero
	// when none was scored.
	Metrics Metrics
	// Scored lists the contracts that were scored, in input order.
	Scored []string
	// Inconclusive lists the contracts excluded because fewer than half
	// their samples ran, in input order.
	Inconclusive []string
}

// Conclusive reports whether at least one contract was scored.
func (r AgentResult) Conclusive() bool { return len(r.Scored) > 0 }

// AggregateAgent collapses each contract's samples (CollapseSamples) and
// aggregates the conclusive contracts: recall is the worst contract's (the
// minimum), false-positive rate the worst (the maximum), precision,
// citation accuracy and severity accuracy are means, F1Score is recomputed
// from the aggregated recall and precision, and FindingCount is the sum.
// Inconclusive contracts are listed, not scored as zero.
func AggregateAgent(agent string, contracts []ContractSamples) AgentResult {
	r := AgentResult{Agent: agent}
	var per []Metrics
	for _, c := range contracts {
		m, ok := CollapseSamples(c.Samples)
		if !ok {
			r.Inconclusive = append(r.Inconclusive, c.Contract)
			continue
		}
		r.Scored = append(r.Scored, c.Contract)
		per = append(per, m)
	}
	r.Metrics, _ = aggregateContracts(per)
	return r
}
