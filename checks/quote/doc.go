// Package quote verifies a deliverable's quotations against the source and
// the task's evidence: a quotation found nowhere, even near-verbatim, is
// fabricated (block); one that differs from the source in a few words or
// figures is near-verbatim (warn); one with nothing to check against is
// unverifiable. Drafted replacement text ("Replacement text:", a
// "Proposed" column) is new wording, not a quotation, and is not checked.
//
// NewQuoteCheck returns the check (rules quote.*); QuoteConfig sets the
// shortest quotation checked and the near-verbatim threshold. Matching is
// done by checks/internal/quotematch.
package quote
