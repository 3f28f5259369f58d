// Package golden answers "did my specialist agent get worse?" in go test.
//
// A golden set is a folder of source documents and, per agent, the findings
// the agent is expected to produce for each document:
//
//	contracts/*.md                      source documents
//	expected/{agent}/{contract}.json    ground truths (GroundTruth)
//
// LoadSet reads the whole layout and LoadGroundTruth one file; LoadSynonyms
// reads the caller's keyword and category synonyms (the package ships none:
// vocabulary is domain knowledge). MetricsOf matches an agent's produced
// findings (AgentFinding, as agents emit them in JSON) against a ground truth and
// returns Metrics: recall by maximum matching with a capacity, precision,
// F1, severity and citation accuracy, and the false-positive rate. The
// matching rules are spelled out on MetricsOf; they follow the dd-agents
// evaluation harness so that its stored baselines keep their meaning.
//
// Runs are noisy, so the package also holds what turns single scores into a
// decision:
//   - CollapseSamples reduces repeated runs of a contract to their lower
//     median, dropping infrastructure failures and declaring a contract
//     inconclusive, not zero, when fewer than half its runs completed;
//   - AggregateAgent combines contracts per agent
//     (recall and false-positive rate take the worst contract, the
//     accuracies and precision the mean);
//   - Thresholds.Verdicts returns three-valued verdicts (pass, fail,
//     inconclusive) with an ambiguity band beside each threshold;
//   - Baseline (LoadBaseline, Save) stores per-agent metrics in the
//     dd-agents baseline-latest.json format, and Gate fails an agent whose
//     F1 fell more than a tolerance below its baseline, reporting what moved;
//   - GapRecall, CheckFindingCount and Contradictions cover expected gaps,
//     finding-count bounds and cross-agent severity contradictions.
//
// Loaders reject bad input with a *DataError naming the file, the JSON path
// of the fault and, for a problem in the JSON text, its byte offset
// (matching ErrInvalidData); they list at most 20 problems and count the
// rest. Everything is deterministic;
// loaded values are read-only and safe for concurrent use.
package golden
