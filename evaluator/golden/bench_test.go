package golden

import (
	"fmt"
	"strings"
	"testing"
)

// benchCorpus builds n contracts (the dd-agents ground truths, cycled) with
// perFinding produced findings each: the findings each ground truth expects,
// then filler in other categories with realistic text lengths.
func benchCorpus(b *testing.B, n, perContract int) ([]GroundTruth, [][]AgentFinding, MetricsConfig) {
	set, syn := loadDDAgents(b)
	fillerCats := []string{"Change of Control", "Financial / Revenue Recognition", "data_privacy", "sla_risk",
		"Entity/Governance", "termination_rights", "pricing", "general_observation"}
	body := strings.Repeat("The agreement provides that either party may act upon notice; ", 5)
	gts := make([]GroundTruth, n)
	produced := make([][]AgentFinding, n)
	for i := range gts {
		gt := set.GroundTruths[i%len(set.GroundTruths)]
		gts[i] = gt
		fs := perfectFindings(gt)
		for j := len(fs); j < perContract; j++ {
			fs = append(fs, AgentFinding{
				Category:    fillerCats[j%len(fillerCats)],
				Severity:    SeverityLevel(fmt.Sprintf("P%d", j%4)),
				Title:       fmt.Sprintf("Observation %d about liability and payment terms", j),
				Description: body,
				Citations:   []Citation{{SourcePath: "contracts/" + gt.Contract, Location: fmt.Sprintf("Section %d", j), ExactQuote: "quote"}},
			})
		}
		produced[i] = fs[:perContract]
	}
	return gts, produced, MetricsConfig{Synonyms: syn}
}

// BenchmarkScore1000Contracts scores 1,000 contracts × 50 produced findings
// per op, with the dd-agents synonyms.
func BenchmarkScore1000Contracts(b *testing.B) {
	gts, produced, opts := benchCorpus(b, 1000, 50)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for c := range gts {
			metricsOf(b, produced[c], gts[c], opts)
		}
	}
}

// BenchmarkScoreOneContract scores one contract × 50 produced findings.
func BenchmarkScoreOneContract(b *testing.B) {
	gts, produced, opts := benchCorpus(b, 1, 50)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		metricsOf(b, produced[0], gts[0], opts)
	}
}

// BenchmarkParseGroundTruth measures the strict loader on a typical file.
func BenchmarkParseGroundTruth(b *testing.B) {
	data := []byte(`{"contract": "msa.md", "agent": "legal", "tags": ["golden_path"], "expected_findings": [
		{"category": "change_of_control", "min_severity": "P2", "max_severity": "P0", "must_contain_keywords": ["change of control"],
		 "citation_must_reference": {"file": "msa.md"}, "required": true},
		{"category": "termination", "must_contain_keywords": ["terminat"], "keyword_synonyms": {"terminat": ["cure", "breach"]},
		 "citation_must_reference": {"file": "msa.md"}}],
		"expected_gaps": [], "must_not_find": [{"category": "data_privacy", "reason": "none"}]}`)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, err := parseGroundTruth(data, "msa.json"); err != nil {
			b.Fatal(err)
		}
	}
}
