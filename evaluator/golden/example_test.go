package golden_test

import (
	"encoding/json"
	"fmt"

	"github.com/evalopt/evalopt/evaluator/golden"
)

// Scoring one agent's findings on one contract against its ground truth.
func Example() {
	// json.Unmarshal applies LoadGroundTruth's defaults and checks.
	var gt golden.GroundTruth
	err := json.Unmarshal([]byte(`{
		"contract": "msa.md", "agent": "legal",
		"expected_findings": [
			{"category": "change_of_control", "min_severity": "P2", "max_severity": "P0",
			 "must_contain_keywords": ["change of control"], "citation_must_reference": {"file": "msa.md"}},
			{"category": "termination", "must_contain_keywords": ["terminat"],
			 "keyword_synonyms": {"terminat": ["cure period"]}, "citation_must_reference": {"file": "msa.md"}}
		],
		"must_not_find": [{"category": "data_privacy", "reason": "the MSA has no privacy terms"}]
	}`), &gt)
	if err != nil {
		fmt.Println(err)
		return
	}
	// The caller's vocabulary: the library ships none.
	syn := golden.NewSynonyms(
		map[string][]string{"change of control": {"coc", "change in ownership"}},
		map[string][]string{"change_of_control": {"coc", "ownership_change"}},
	)
	produced, err := golden.ParseFindings([]byte(`[
		{"category": "Ownership Change", "severity": "P1", "title": "CoC lets the customer exit",
		 "description": "A change in ownership allows termination.",
		 "citations": [{"source_path": "contracts/msa.md", "location": "Section 12.3", "exact_quote": "…"}]},
		{"category": "Termination", "severity": "P2", "title": "30-day cure period",
		 "description": "Either party may end the agreement after a cure period.",
		 "citations": [{"source_path": "contracts/msa.md", "location": "Section 9"}]},
		{"category": "Data Privacy", "severity": "P3", "title": "No DPA", "description": "No data processing terms."}
	]`))
	if err != nil {
		fmt.Println(err)
		return
	}
	m, err := golden.MetricsOf(produced, gt, golden.MetricsConfig{Synonyms: syn})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("recall %.2f precision %.2f F1 %.2f\n", m.FindingRecall, m.FindingPrecision, m.F1Score)
	fmt.Printf("severity %.2f citation %.2f false positives %.2f findings %d\n",
		m.SeverityAccuracy, m.CitationAccuracy, m.FalsePositiveRate, m.FindingCount)
	fmt.Println("verdict:", golden.DefaultThresholds().Verdicts(m).Overall)
	// Output:
	// recall 1.00 precision 0.67 F1 0.80
	// severity 1.00 citation 1.00 false positives 0.33 findings 3
	// verdict: fail
}

// Gating on a stored baseline: F1 may not fall more than the tolerance.
func ExampleGate() {
	var base golden.Baseline
	err := json.Unmarshal([]byte(`{"timestamp": "2026-06-05T09:55:35.107884+00:00", "commit": "15c818b", "notes": "", "samples": 3,
		"metrics": {"legal": {"agent_name": "legal", "finding_recall": 1.0, "finding_precision": 0.75, "citation_accuracy": 1.0,
		"severity_accuracy": 1.0, "false_positive_rate": 0.0, "f1_score": 0.8571428571428571, "finding_count": 9}}}`), &base)
	if err != nil {
		fmt.Println(err)
		return
	}
	current := map[string]golden.Metrics{
		"legal": {FindingRecall: 0.5, FindingPrecision: 0.75, CitationAccuracy: 1, SeverityAccuracy: 1, F1Score: 0.6, FindingCount: 8},
		"tax":   {FindingRecall: 1, FindingPrecision: 1, CitationAccuracy: 1, SeverityAccuracy: 1, F1Score: 1, FindingCount: 6},
	}
	r, err := golden.Gate(base, current, golden.GateConfig{}) // tolerance 0.05
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(r)
	fmt.Println("passed:", r.Passed())
	// Output:
	// legal: fail: f1_score fell 0.2571 (0.8571 -> 0.6000), more than the tolerance 0.05
	//     finding_recall 1.0000 -> 0.5000 (-0.5000)
	//     f1_score 0.8571 -> 0.6000 (-0.2571)
	//     finding_count 9 -> 8 (-1)
	// tax: inconclusive: no baseline for this agent; nothing to compare
	// passed: false
}
