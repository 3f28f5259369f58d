package checks

import (
	"github.com/evalopt/evalopt/checks/check"
	"github.com/evalopt/evalopt/evaluator"
)

// The framework's names, here for callers of the default suite, so that
// checks.DefaultSuite(), checks.Document and checks.SeverityBlock read as
// they always have. Each is the checks/check name it aliases; a family's
// own checks, configs and rule identifiers are in its package
// (checks/advice, checks/values, ...).
type (
	// Check inspects a document and returns findings (check.Check).
	Check = check.Check
	// Document is what checks read (check.Document).
	Document = check.Document
	// Finding is one thing a check found (check.Finding).
	Finding = check.Finding
	// Location is where in the text a finding is (check.Location).
	Location = check.Location
	// Severity is a finding's severity (check.Severity).
	Severity = check.Severity
	// Suite runs checks and turns their findings into a decision
	// (check.Suite).
	Suite = check.Suite
	// Option configures a Suite (check.Option).
	Option = check.Option
)

// The three severities (check.SeverityInfo, SeverityWarn, SeverityBlock).
const (
	// SeverityInfo reports something worth knowing; it never fails a candidate.
	SeverityInfo = check.SeverityInfo
	// SeverityWarn asks for a revision.
	SeverityWarn = check.SeverityWarn
	// SeverityBlock rejects the candidate whatever its score.
	SeverityBlock = check.SeverityBlock
)

// NewSuite builds a suite of checks (check.NewSuite).
func NewSuite(cs []Check, opts ...Option) (*Suite, error) { return check.NewSuite(cs, opts...) }

// OnlyFor restricts c to documents of the given kinds (check.OnlyFor).
func OnlyFor(c Check, kinds ...evaluator.Kind) Check { return check.OnlyFor(c, kinds...) }

// WithSeverity overrides the severity of a rule or rule family
// (check.WithSeverity).
func WithSeverity(rule string, sev Severity) Option { return check.WithSeverity(rule, sev) }

// WithDisabled turns rules or rule families off (check.WithDisabled).
func WithDisabled(rules ...string) Option { return check.WithDisabled(rules...) }

// WithSourceText sets the source document every check reads (check.WithSourceText).
func WithSourceText(text string) Option { return check.WithSourceText(text) }

// ForText makes a Suite an evaluator of any candidate type, checking the
// text it returns for a candidate (check.ForText).
func ForText[C any](s *Suite, text func(C) string) evaluator.Evaluator[C] {
	return check.ForText(s, text)
}
