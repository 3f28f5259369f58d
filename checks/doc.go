// Package checks holds deterministic checks: evidence about a candidate that
// needs no model call and that a judge cannot be talked out of. They run
// before model judgment, on every candidate, including 300-page contracts.
//
// A Check reads a Document (the candidate text, the source document under
// review, the task's evidence and rubric) and returns Findings: a rule id, a
// Severity (info, warn or block), a message, and a Location with byte
// offsets, 1-based line and rune column, and the matched text. A Finding
// converts to a failed evaluator.Criterion.
//
// A Suite runs many checks (concurrently for large documents), applies
// per-rule severity overrides, orders findings deterministically, and is an
// evaluator.Evaluator[string]; ForText adapts it to any candidate type. The
// normal gate is
//
//	gate := evaluator.Chain[string](checks.DefaultSuite(), modelJudge)
//
// The default checks cover hedged and directional-only recommendations, the
// actionability ratio, uncertain findings and findings without evidence,
// unfilled placeholders, cross-references and numbering, internal
// consistency (numbers, values, dates, defined terms), completeness
// (signature blocks, required boilerplate) and text aimed at the evaluator.
// Word lists and patterns are embedded data files (data/*.txt); every
// constructor takes a config whose nil lists mean the defaults, and the
// exported accessors (HedgePhrases, PlaceholderTokens, ...) return copies a
// caller can extend.
//
// All scanning is linear in the input: regular expressions are compiled once
// and run only on short anchored windows or on lines a cheap byte test
// selects, and a Suite tokenises a document once and shares the line index,
// word list and definitions between its checks.
package checks
