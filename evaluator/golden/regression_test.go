package golden

import (
	"flag"
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// The regression-gate recipe: the test scores this run, compares it with the
// baseline committed in testdata, and fails on a regression. After a
// deliberate change, rewrite the baseline and commit it:
//
//	go test ./evaluator/golden -run TestRegressionGate -update-baseline
var updateBaseline = flag.Bool("update-baseline", false, "rewrite testdata/baseline.json from this run instead of gating on it")

const baselinePath = "testdata/baseline.json"

// simulatedRun stands in for calling a real agent: sample s of a contract
// produces the findings the ground truth expects plus s unrelated ones, so
// that precision varies between samples the way a real agent's does.
func simulatedRun(gt GroundTruth, sample int) []AgentFinding {
	out := perfectFindings(gt)
	for i := 0; i < sample; i++ {
		out = append(out, AgentFinding{Category: "general_observation", Severity: SeverityP3, Title: fmt.Sprintf("note %d", i)})
	}
	return out
}

// scoreAgents runs every agent of the set over its contracts, samples times
// each, and aggregates per agent.
func scoreAgents(t *testing.T, set Set, opts MetricsConfig, samples int, run func(GroundTruth, int) []AgentFinding) map[string]AgentResult {
	t.Helper()
	out := map[string]AgentResult{}
	for _, agent := range set.Agents() {
		var contracts []ContractSamples
		for _, gt := range set.ForAgent(agent) {
			cs := ContractSamples{Contract: gt.Contract}
			for s := 0; s < samples; s++ {
				cs.Samples = append(cs.Samples, Sample{Metrics: metricsOf(t, run(gt, s), gt, opts)})
			}
			contracts = append(contracts, cs)
		}
		out[agent] = AggregateAgent(agent, contracts)
	}
	return out
}

func conclusiveMetrics(results map[string]AgentResult) map[string]Metrics {
	out := map[string]Metrics{}
	for agent, r := range results {
		if r.Conclusive() {
			out[agent] = r.Metrics
		}
	}
	return out
}

func TestRegressionGate(t *testing.T) {
	set, syn := loadDDAgents(t)
	const samples = 3
	results := scoreAgents(t, set, MetricsConfig{Synonyms: syn}, samples, simulatedRun)
	current := conclusiveMetrics(results)

	if *updateBaseline {
		b := NewBaseline(time.Now(), os.Getenv("GIT_COMMIT"), "rewritten by go test -update-baseline (simulated agent over dd-agents)", samples, current)
		require.NoError(t, b.Save(baselinePath))
		t.Logf("baseline rewritten: %s", baselinePath)
		return
	}

	base, err := LoadBaseline(baselinePath)
	require.NoError(t, err, "no usable baseline; create one with: go test ./evaluator/golden -run TestRegressionGate -update-baseline")
	gate := gateOf(t, base, current, GateConfig{})
	t.Logf("regression gate:\n%s", gate)
	if !gate.Passed() {
		t.Fatalf("F1 regressed for %v:\n%s", gate.Failed(), gate)
	}
	for agent, r := range results {
		if v := DefaultThresholds().AgentVerdicts(r); v.Overall == VerdictFail {
			t.Errorf("%s fails its thresholds: %+v (metrics %+v)", agent, v, r.Metrics)
		}
	}
}

// TestRegressionGateCatchesADrop shows that the committed baseline does gate:
// an agent that stops finding one contract's change-of-control clause fails.
func TestRegressionGateCatchesADrop(t *testing.T) {
	if *updateBaseline {
		t.Skip("rewriting the baseline")
	}
	set, syn := loadDDAgents(t)
	base, err := LoadBaseline(baselinePath)
	require.NoError(t, err)
	worse := func(gt GroundTruth, s int) []AgentFinding {
		out := simulatedRun(gt, s)
		if gt.Agent == "legal" && gt.Contract == "coc_basic.md" {
			out = out[1:]
		}
		return out
	}
	gate := gateOf(t, base, conclusiveMetrics(scoreAgents(t, set, MetricsConfig{Synonyms: syn}, 3, worse)), GateConfig{})
	require.Equal(t, []string{"legal"}, gate.Failed(), gate.String())
}
