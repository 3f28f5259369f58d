package requirement

import (
	"strings"

	"github.com/evalopt/evalopt/checks/check"
	"github.com/evalopt/evalopt/checks/internal/clip"
	doctext "github.com/evalopt/evalopt/checks/internal/text"
	"github.com/evalopt/evalopt/evaluator"
)

// RuleRequirement is the family of requirement findings: a violated task
// requirement is reported as "requirement.NAME" (NAME is Requirement.Name),
// so WithSeverity and WithDisabled can address one requirement or all.
const RuleRequirement = "requirement"

// MaxRequirementFindings bounds the findings one forbidding requirement
// reports, so that a pattern matching every word costs bounded memory.
const MaxRequirementFindings = 20

// NewRequirementCheck returns the check that enforces the task's
// requirements (evaluator.Requirement), which a Suite hands it from
// Task.Requirements; on a Document built by hand it finds nothing. For each
// requirement that applies (When matches the candidate, or When is empty):
//   - Needs set and the task holds no evidence whose Metadata["kind"] is one
//     of them: one finding at the first When match;
//   - Must set and the candidate does not match it: one finding at the first
//     When match;
//   - When set with neither Needs nor Must: one finding at every match (at
//     most 20), the matched text being forbidden.
//
// A finding with no When match to stand on (When empty) is placed at the
// start of the document. Every finding is rule "requirement.NAME", severity
// block, with Failure set to the requirement's Name and Instruction to its
// Instruction, so Suite.Decide reports exactly those; a finding for missing
// evidence (Needs) sets StopReason to evaluator.StopMissingEvidence.
func NewRequirementCheck() check.Check { return requirementCheck{} }

type requirementCheck struct{}

// Rule returns RuleRequirement.
func (requirementCheck) Rule() string { return RuleRequirement }

// Rules lists the rule ids the check reports.
func (requirementCheck) Rules() []string { return []string{RuleRequirement} }

// Check returns the check's findings on doc.
func (requirementCheck) Check(doc check.Document) []check.Finding {
	if len(doc.Requirements) == 0 {
		return nil
	}
	text := doc.Text
	var out []check.Finding
	idx := doctext.AnalysisOf(doc).LineIndex()
	for _, r := range doc.Requirements {
		var first []int
		if r.WhenRE != nil {
			if first = r.WhenRE.FindStringIndex(text); first == nil {
				continue
			}
		}
		report := func(loc []int, why string, stop evaluator.StopReason) {
			f := check.Finding{Rule: RuleRequirement + "." + r.Name, Severity: check.SeverityBlock,
				Message: "requirement " + r.Name + " violated: " + why,
				Failure: r.Name, Instruction: r.Instruction, StopReason: stop}
			if loc == nil {
				f.Location = idx.Locate(0, 0, text)
			} else {
				f.Location = idx.Locate(loc[0], loc[1], text)
			}
			out = append(out, f)
		}
		switch {
		case len(r.Needs) > 0 && !holdsEvidenceKind(doc.Evidence, r.Needs):
			report(first, "the task holds no evidence of kind "+strings.Join(r.Needs, " or "), evaluator.StopMissingEvidence)
		case r.MustRE != nil && !r.MustRE.MatchString(text):
			report(first, "the text must match "+clip.Runes(r.Must, 60), "")
		case r.WhenRE != nil && len(r.Needs) == 0 && r.MustRE == nil:
			for _, loc := range r.WhenRE.FindAllStringIndex(text, MaxRequirementFindings) {
				report(loc, "the text says what the policy forbids", "")
			}
		}
	}
	check.SortFindings(out)
	return out
}

// holdsEvidenceKind reports whether some evidence item's kind is in kinds.
func holdsEvidenceKind(ev []evaluator.Evidence, kinds []string) bool {
	for _, e := range ev {
		k := e.Metadata[evaluator.EvidenceKindKey]
		for _, want := range kinds {
			if k != "" && k == want {
				return true
			}
		}
	}
	return false
}
