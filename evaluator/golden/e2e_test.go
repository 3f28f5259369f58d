package golden

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// loadDDAgents loads the shared dd-agents set and its synonyms.
func loadDDAgents(t testing.TB) (Set, Synonyms) {
	t.Helper()
	dir := ddAgentsDir(t)
	set, err := LoadSet(dir)
	require.NoError(t, err)
	syn, err := LoadSynonyms(filepath.Join(dir, "synonyms.json"))
	require.NoError(t, err)
	return set, syn
}

// perfectFindings builds, from a ground truth itself, one produced finding
// per expected finding that satisfies it: its category, its keywords in the
// title, a citation to the required file and section, and its most severe
// accepted severity.
func perfectFindings(gt GroundTruth) []AgentFinding {
	out := make([]AgentFinding, 0, len(gt.ExpectedFindings))
	for _, ef := range gt.ExpectedFindings {
		file := ef.CitationMustReference.File
		if file == "" {
			file = gt.Contract
		}
		out = append(out, AgentFinding{
			Category:    ef.Category,
			Severity:    ef.MaxSeverity,
			Title:       strings.Join(ef.MustContainKeywords, " "),
			Description: "Found in the contract.",
			Citations: []Citation{{SourcePath: "contracts/" + file, Location: ef.CitationMustReference.PageOrSection,
				ExactQuote: "quoted text"}},
		})
	}
	return out
}

func requiredCount(gt GroundTruth) int {
	n := 0
	for _, ef := range gt.ExpectedFindings {
		if ef.Required {
			n++
		}
	}
	return n
}

func TestEndToEndDDAgents(t *testing.T) {
	set, syn := loadDDAgents(t)
	opts := MetricsConfig{Synonyms: syn}
	for _, gt := range set.GroundTruths {
		t.Run(gt.Agent+"/"+gt.Contract, func(t *testing.T) {
			produced := perfectFindings(gt)
			m := metricsOf(t, produced, gt, opts)
			assert.Equal(t, Metrics{FindingRecall: 1, FindingPrecision: 1, CitationAccuracy: 1, SeverityAccuracy: 1,
				FalsePositiveRate: 0, F1Score: 1, FindingCount: len(produced)}, m, "findings built from the ground truth score perfectly")
			assert.NoError(t, CheckFindingCount(len(produced), gt))
			assert.Equal(t, 1.0, GapRecall(gt.ExpectedGaps, gt))

			// Nothing produced: recall falls to 0 where findings are required.
			empty := metricsOf(t, nil, gt, opts)
			if requiredCount(gt) > 0 {
				assert.Equal(t, 0.0, empty.FindingRecall)
				assert.Equal(t, 0.0, empty.F1Score)
			}
			assert.Equal(t, 1.0, empty.FindingPrecision)

			// Citing the wrong file: every expected finding here constrains
			// the file, so nothing matches any more.
			wrongFile := perfectFindings(gt)
			for i := range wrongFile {
				wrongFile[i].Citations[0].SourcePath = "contracts/unrelated.md"
			}
			mw := metricsOf(t, wrongFile, gt, opts)
			if requiredCount(gt) > 0 {
				assert.Equal(t, 0.0, mw.FindingRecall)
			}
			if len(wrongFile) > 0 {
				assert.Equal(t, 0.0, mw.FindingPrecision)
			}

			// Adding one finding per must-not-find category: each is a false
			// positive and an unmatched finding.
			withFP := perfectFindings(gt)
			for _, mnf := range gt.MustNotFind {
				withFP = append(withFP, AgentFinding{Category: mnf.Category, Severity: SeverityP2})
			}
			mf := metricsOf(t, withFP, gt, opts)
			n, k := float64(len(produced)), float64(len(gt.MustNotFind))
			if len(withFP) > 0 {
				assert.InDelta(t, k/(n+k), mf.FalsePositiveRate, 1e-12)
				assert.InDelta(t, n/(n+k), mf.FindingPrecision, 1e-12)
			}
			assert.Equal(t, 1.0, mf.FindingRecall)
		})
	}
}

func TestEndToEndDDAgentsPerturbations(t *testing.T) {
	set, syn := loadDDAgents(t)
	opts := MetricsConfig{Synonyms: syn}
	gt := set.ForAgent("legal")[1] // coc_basic.md: two required findings, one optional
	require.Equal(t, "coc_basic.md", gt.Contract)
	require.Equal(t, 2, requiredCount(gt))

	t.Run("dropping a required finding halves recall", func(t *testing.T) {
		produced := perfectFindings(gt)[1:] // without change_of_control
		m := metricsOf(t, produced, gt, opts)
		assert.Equal(t, 0.5, m.FindingRecall)
		assert.Equal(t, 1.0, m.FindingPrecision)
		assert.InDelta(t, f1Of(0.5, 1), m.F1Score, 1e-12)
	})
	t.Run("a severity out of range halves severity accuracy", func(t *testing.T) {
		produced := perfectFindings(gt)
		produced[0].Severity = SeverityP3 // change_of_control accepts P0-P2
		m := metricsOf(t, produced, gt, opts)
		assert.Equal(t, 0.5, m.SeverityAccuracy)
		assert.Equal(t, 1.0, m.FindingRecall, "severity does not affect matching")
	})
	t.Run("a missing keyword unmatches the finding", func(t *testing.T) {
		produced := perfectFindings(gt)
		produced[1].Title = "Notice period" // termination needs terminat… or a synonym
		m := metricsOf(t, produced, gt, opts)
		assert.Equal(t, 0.5, m.FindingRecall)
		assert.InDelta(t, 2.0/3, m.FindingPrecision, 1e-12)
	})
	t.Run("a keyword synonym keeps the match", func(t *testing.T) {
		produced := perfectFindings(gt)
		produced[1].Title = "Cure period after material breach"
		assert.Equal(t, 1.0, metricsOf(t, produced, gt, opts).FindingRecall)
	})
	t.Run("a synonym category keeps the match", func(t *testing.T) {
		produced := perfectFindings(gt)
		produced[0].Category = "CoC"
		assert.Equal(t, 1.0, metricsOf(t, produced, gt, opts).FindingRecall)
		assert.Equal(t, 0.5, metricsOf(t, produced, gt, MetricsConfig{}).FindingRecall, "without synonyms it is lost")
	})
	t.Run("a forbidden category is a false positive", func(t *testing.T) {
		produced := append(perfectFindings(gt), AgentFinding{Category: "GDPR", Severity: SeverityP2})
		m := metricsOf(t, produced, gt, opts)
		assert.Equal(t, 0.25, m.FalsePositiveRate, "gdpr is a data_privacy synonym")
	})
}

func TestEndToEndAggregation(t *testing.T) {
	set, syn := loadDDAgents(t)
	opts := MetricsConfig{Synonyms: syn}
	for _, agent := range set.Agents() {
		var runs []ContractSamples
		for _, gt := range set.ForAgent(agent) {
			good := Sample{Metrics: metricsOf(t, perfectFindings(gt), gt, opts)}
			runs = append(runs, ContractSamples{Contract: gt.Contract, Samples: []Sample{good, good, {InfraFailed: true}}})
		}
		r := AggregateAgent(agent, runs)
		assert.Empty(t, r.Inconclusive, agent)
		assert.Equal(t, 1.0, r.Metrics.F1Score, agent)
		assert.Equal(t, VerdictPass, DefaultThresholds().AgentVerdicts(r).Overall, agent)
	}
}
