package check

import (
	"fmt"
	"strconv"

	"github.com/evalopt/evalopt/checks/internal/clip"
	"github.com/evalopt/evalopt/evaluator"
)

// Severity of a finding: SeverityInfo, SeverityWarn or SeverityBlock.
type Severity string

// The three severities a finding may carry. A Suite maps them to a decision:
// any block finding blocks, warn findings ask for a revision, info findings
// only inform.
const (
	// SeverityInfo reports something worth knowing; it never fails a candidate.
	SeverityInfo Severity = "info"
	// SeverityWarn asks for a revision.
	SeverityWarn Severity = "warn"
	// SeverityBlock rejects the candidate whatever its score.
	SeverityBlock Severity = "block"
)

// Valid reports whether s is one of the three severities.
func (s Severity) Valid() bool {
	return s == SeverityInfo || s == SeverityWarn || s == SeverityBlock
}

// Location of a match in the document text.
//
// Start and End are byte offsets, End exclusive: Text == doc[Start:End].
// Line and Column are 1-based; Column counts runes (Unicode code points), not
// bytes, from the start of the line, so it matches what an editor shows for
// text without combining characters or tabs.
type Location struct {
	Start, End   int
	Line, Column int
	Text         string
}

// String returns "line:column".
func (l Location) String() string {
	return strconv.Itoa(l.Line) + ":" + strconv.Itoa(l.Column)
}

// Finding is one thing a check found.
type Finding struct {
	// Rule is the id of the check that found it ("placeholder.unfilled").
	Rule string
	// Severity is the check's default severity; a Suite may override it.
	Severity Severity
	// Message says what is wrong and, where possible, how to fix it.
	Message string
	// Location is where in Document.Text it was found.
	Location Location
	// Failure, when set, is what Suite.Decide reports for the finding in
	// BlockingFailures or RevisionInstructions instead of the default
	// "rule: message (line L:C, ...)"; a requirement sets it to its Name.
	Failure string
	// Instruction, when set, is a revision instruction Suite.Decide adds for
	// a block finding (a requirement's Instruction).
	Instruction string
	// StopReason, when set on a block finding, is the stop reason
	// Suite.Decide reports instead of StopPolicyBlock (the first one set
	// wins): a requirement whose evidence is missing reports
	// StopMissingEvidence.
	StopReason evaluator.StopReason
}

// Criterion converts f to a failed evaluator.Criterion: Name is the rule id,
// Passed is false, and Reason is the message followed by the location and the
// quoted matched text, e.g. `unfilled placeholder (line 12:5, "[DATE]")`.
func (f Finding) Criterion() evaluator.Criterion {
	// EvidenceRefs is empty, not nil, so that the decision survives a JSON
	// round trip through evaluator.ParseDecision, which rejects nulls.
	return evaluator.Criterion{Name: f.Rule, Passed: false, EvidenceRefs: []string{}, Reason: f.Describe()}
}

// Describe returns the message followed by the location and the quoted
// matched text (shortened to 80 runes).
func (f Finding) Describe() string {
	return fmt.Sprintf("%s (line %s, %q)", f.Message, f.Location, clip.Runes(f.Location.Text, 80))
}

// Document is what checks read.
type Document struct {
	// Text is the candidate under review.
	Text string
	// SourceText is the source document (for example the contract a review is
	// about); it may be empty.
	SourceText string
	// Evidence is the task's evidence, for checks that verify citations.
	Evidence []evaluator.Evidence
	// Rubric is the rubric or criteria text the candidate is judged against
	// (a Suite fills it from Task.Criteria); checks use it to spot rubric
	// language copied into the candidate. It may be empty.
	Rubric []string

	// Kind is the deliverable's kind (a Suite fills it from Task.Kind);
	// kind-aware checks apply only what fits it. Empty means generic text.
	Kind evaluator.Kind

	// Requirements are the task's compiled requirements (a Suite fills
	// them from Task.Requirements); the requirement check enforces them.
	Requirements []evaluator.CompiledRequirement

	// settings are the Suite's settings for its checks (WithSetting).
	settings map[any]any
	// facts are the analyses shared between checks (Prepare, Shared); nil
	// when a check is called on its own.
	facts *facts
}

// Setting returns the value a Suite was given for key (WithSetting), and
// whether it was given one.
func (d Document) Setting(key any) (any, bool) {
	v, ok := d.settings[key]
	return v, ok
}

// Check inspects a document and returns findings in document order (by
// Location.Start). Implementations must be safe for concurrent use.
type Check interface {
	// Rule returns the check's rule id (or, for a check that reports several
	// rules, its family prefix); a Suite uses it for overrides and ordering.
	Rule() string
	// Check returns the findings in doc; nil when there are none.
	Check(doc Document) []Finding
}
