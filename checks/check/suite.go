package check

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/evalopt/evalopt/evaluator"
)

// RuleLister is implemented by checks that report more than one rule id. A
// Suite uses it to list every rule it checked, so that a rule with no
// findings still appears as a passed criterion. A check without it is
// assumed to report only Rule().
type RuleLister interface {
	Rules() []string
}

// defaultSourceEvidenceID is the evidence ID Suite.Evaluate reads the source
// document from when no other ID or source is configured.
const defaultSourceEvidenceID = "source"

// defaultParallelThreshold is the document size, in bytes, from which a
// Suite runs its checks concurrently; below it, goroutines cost more than
// they save.
const defaultParallelThreshold = 64 << 10

// Suite runs a set of checks over a document and turns their findings into
// an evaluator.EvaluationDecision. It implements evaluator.Evaluator[string];
// use ForText for other candidate types. A Suite is immutable once built and
// safe for concurrent use. It keeps what its checks learn about the sources
// it saw last (the outline of a contract's labels, the reference words it
// uses; at most 64 MiB, least recently used out first), so that a loop
// revising one review against one contract reads the contract once.
type Suite struct {
	checks      []Check
	rules       []string
	overrides   map[string]Severity
	disabled    map[string]bool
	source      string
	hasSource   bool
	sourceID    string
	rubric      []string
	workers     int
	parallelMin int
	settings    map[any]any  // WithSetting
	across      *acrossCache // what the checks learned about the sources seen last
}

// Option configures a Suite.
type Option func(*suiteConfig)

type suiteConfig struct {
	s    *Suite
	errs []error
}

// WithSeverity overrides the severity of a rule's findings. rule is a rule
// id ("placeholder.unfilled") or a family prefix ending in "."
// ("recommendation."), which applies to every rule it starts; an exact id
// wins over a prefix, and a longer prefix over a shorter one. It is how a
// caller decides which findings block, revise (warn) or only inform.
func WithSeverity(rule string, sev Severity) Option {
	return func(c *suiteConfig) {
		if strings.TrimSpace(rule) == "" {
			c.errs = append(c.errs, optionError("WithSeverity: empty rule"))
			return
		}
		if !sev.Valid() {
			c.errs = append(c.errs, optionError("WithSeverity(%q): severity must be info, warn or block, got %q", rule, string(sev)))
			return
		}
		c.s.overrides[rule] = sev
	}
}

// WithDisabled drops every finding of the given rule ids (or family
// prefixes ending in ".") from the suite's output.
func WithDisabled(rules ...string) Option {
	return func(c *suiteConfig) {
		for _, r := range rules {
			c.s.disabled[r] = true
		}
	}
}

// WithSetting gives every Document the Suite runs the value for key
// (Document.Setting): how a family's own Suite options (for example
// WithRequiredSections) reach its check. key must be comparable; a later
// setting for an equal key replaces an earlier one.
func WithSetting(key, value any) Option {
	return func(c *suiteConfig) {
		if c.s.settings == nil {
			c.s.settings = make(map[any]any)
		}
		c.s.settings[key] = value
	}
}

// OptionError returns an Option that makes NewSuite fail with err: what a
// family's own Suite options return when their arguments are invalid.
func OptionError(err error) Option {
	return func(c *suiteConfig) { c.errs = append(c.errs, err) }
}

// WithSourceText sets the source document (for example the contract under
// review) given to every check as Document.SourceText. It takes precedence over
// the task evidence.
func WithSourceText(text string) Option {
	return func(c *suiteConfig) { c.s.source, c.s.hasSource = text, true }
}

// WithSourceEvidenceID sets the ID of the task evidence Evaluate reads the
// source document from; the default is defaultSourceEvidenceID ("source").
func WithSourceEvidenceID(id string) Option {
	return func(c *suiteConfig) {
		if strings.TrimSpace(id) == "" {
			c.errs = append(c.errs, optionError("WithSourceEvidenceID: empty id"))
			return
		}
		c.s.sourceID = id
	}
}

// WithRubric adds rubric text (one criterion per entry) that Run puts in
// front of Document.Rubric (Evaluate fills Document.Rubric with the task's
// criteria).
func WithRubric(lines ...string) Option {
	return func(c *suiteConfig) { c.s.rubric = append(c.s.rubric, lines...) }
}

// WithConcurrency bounds how many checks run at once; 0 (the default) means
// runtime.GOMAXPROCS(0), 1 runs them one after another.
func WithConcurrency(n int) Option {
	return func(c *suiteConfig) {
		if n < 0 {
			c.errs = append(c.errs, optionError("WithConcurrency: must be >= 0, got %d", n))
			return
		}
		c.s.workers = n
	}
}

// WithParallelThreshold sets the document size in bytes from which checks
// run concurrently; the default is defaultParallelThreshold, and 0 keeps it.
func WithParallelThreshold(bytes int) Option {
	return func(c *suiteConfig) {
		if bytes < 0 {
			c.errs = append(c.errs, optionError("WithParallelThreshold: must be >= 0, got %d", bytes))
			return
		}
		if bytes > 0 {
			c.s.parallelMin = bytes
		}
	}
}

// NewSuite builds a suite of checks. It returns an error matching evaluator.ErrInvalidOption for an empty
// list, and otherwise an error naming the position of a nil check and every
// invalid option; an invalid or nil option's error names it and matches
// evaluator.ErrInvalidOption.
func NewSuite(checks []Check, opts ...Option) (*Suite, error) {
	if len(checks) == 0 {
		return nil, optionError("NewSuite: no checks")
	}
	s := &Suite{
		overrides:   make(map[string]Severity),
		disabled:    make(map[string]bool),
		sourceID:    defaultSourceEvidenceID,
		parallelMin: defaultParallelThreshold,
		across:      newAcrossCache(defaultSourceCacheBytes),
	}
	cfg := &suiteConfig{s: s}
	for i, c := range checks {
		if c == nil {
			cfg.errs = append(cfg.errs, fmt.Errorf("checks: NewSuite: checks[%d] is nil", i))
			continue
		}
		s.checks = append(s.checks, c)
	}
	for i, o := range opts {
		if o == nil {
			cfg.errs = append(cfg.errs, optionError("NewSuite: opts[%d]: nil option", i))
			continue
		}
		o(cfg)
	}
	if err := errors.Join(cfg.errs...); err != nil {
		return nil, err
	}
	seen := make(map[string]bool)
	for _, c := range s.checks {
		rules := []string{c.Rule()}
		if rl, ok := c.(RuleLister); ok {
			rules = rl.Rules()
		}
		for _, r := range rules {
			if !seen[r] && !s.isDisabled(r) {
				seen[r] = true
				s.rules = append(s.rules, r)
			}
		}
	}
	sort.Strings(s.rules)
	return s, nil
}

// Rules returns every rule id the suite checks (disabled ones excluded),
// sorted.
func (s *Suite) Rules() []string { return append([]string(nil), s.rules...) }

// Run runs every check on doc and returns the findings, with severity
// overrides applied and disabled rules dropped, sorted by start offset, then
// rule id, then end offset, then message. Checks run concurrently (at most
// WithConcurrency at once) when the text is at least the parallel threshold.
// A check that panics makes Run return an error naming it; so does a
// context that ends before every check ran.
func (s *Suite) Run(ctx context.Context, doc Document) ([]Finding, error) {
	if len(s.rubric) > 0 {
		doc.Rubric = append(append([]string(nil), s.rubric...), doc.Rubric...)
	}
	doc.settings = s.settings
	doc = Prepare(doc)
	doc.facts.across = s.across
	results := make([][]Finding, len(s.checks))
	errs := make([]error, len(s.checks))
	workers := s.workers
	if workers == 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	if workers <= 1 || len(s.checks) <= 1 || len(doc.Text) < s.parallelMin {
		for i, c := range s.checks {
			if err := ctx.Err(); err != nil {
				return nil, fmt.Errorf("checks: %w", err)
			}
			results[i], errs[i] = runCheck(c, doc)
		}
	} else {
		sem := make(chan struct{}, workers)
		var wg sync.WaitGroup
		for i, c := range s.checks {
			if ctx.Err() != nil {
				break
			}
			sem <- struct{}{}
			wg.Add(1)
			go func() {
				defer func() { <-sem; wg.Done() }()
				results[i], errs[i] = runCheck(c, doc)
			}()
		}
		wg.Wait()
		if err := ctx.Err(); err != nil {
			return nil, fmt.Errorf("checks: %w", err)
		}
	}
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	n := 0
	for _, r := range results {
		n += len(r)
	}
	out := make([]Finding, 0, n)
	for _, r := range results {
		for _, f := range r {
			if s.isDisabled(f.Rule) {
				continue
			}
			f.Severity = s.severity(f.Rule, f.Severity)
			out = append(out, f)
		}
	}
	SortFindings(out)
	return out, nil
}

// runCheck runs one check, turning a panic into an error.
func runCheck(c Check, doc Document) (fs []Finding, err error) {
	defer func() {
		if r := recover(); r != nil {
			fs, err = nil, fmt.Errorf("checks: check %q panicked: %v", c.Rule(), r)
		}
	}()
	return c.Check(doc), nil
}

// lookupRule finds the value for rule in m: the exact id, else the longest
// family prefix ending in ".".
func lookupRule[V any](m map[string]V, rule string) (V, bool) {
	if v, ok := m[rule]; ok {
		return v, true
	}
	for i := len(rule) - 1; i > 0; i-- {
		if rule[i] == '.' {
			if v, ok := m[rule[:i+1]]; ok {
				return v, true
			}
		}
	}
	var zero V
	return zero, false
}

func (s *Suite) severity(rule string, def Severity) Severity {
	if v, ok := lookupRule(s.overrides, rule); ok {
		return v
	}
	if !def.Valid() {
		return SeverityBlock // fail closed on a malformed severity
	}
	return def
}

func (s *Suite) isDisabled(rule string) bool {
	_, ok := lookupRule(s.disabled, rule)
	return ok
}

// Evaluate implements evaluator.Evaluator[string]: it returns
// Decide(Findings(ctx, task, candidate)). It returns an error only when
// Findings does; the decision is then the zero value, never a pass.
func (s *Suite) Evaluate(ctx context.Context, task evaluator.Task, candidate string) (evaluator.EvaluationDecision, error) {
	fs, err := s.Findings(ctx, task, candidate)
	if err != nil {
		return evaluator.EvaluationDecision{}, err
	}
	return s.Decide(fs), nil
}

// Findings builds a Document from the candidate (Text), the source document
// (WithSource, else the task evidence whose ID is WithSourceEvidenceID,
// default "source", else empty), the task's evidence, and the rubric
// (WithRubric plus task.Criteria), and runs the suite on it. It is what
// Evaluate decides on, for callers that want the findings with their
// locations. The task's Kind and Requirements reach the checks through the
// Document. It returns an error matching evaluator.ErrInvalidTask, naming the field,
// for an unknown kind or an invalid requirement ("requirements[1].when:
// ..."), and an error when Run does (a check panicked, the context ended).
func (s *Suite) Findings(ctx context.Context, task evaluator.Task, candidate string) ([]Finding, error) {
	reqs, err := compileRequirements(task)
	if err != nil {
		return nil, err
	}
	doc := Document{Text: candidate, Evidence: task.Evidence, SourceText: s.source, Kind: task.Kind, Requirements: reqs}
	if !s.hasSource {
		if e, ok := task.FindEvidence(s.sourceID); ok {
			doc.SourceText = e.Content
		}
	}
	if len(task.Criteria) > 0 {
		doc.Rubric = append([]string(nil), task.Criteria...)
	}
	return s.Run(ctx, doc)
}

// ForText adapts a suite to candidates of any type: text extracts the text
// to check from a candidate. The returned evaluator is safe for concurrent
// use when text is, and reports the suite's models (Suite.Models), so a
// model-backed check stays visible to loop's self-approval guard. A nil
// text function makes Evaluate return an error.
func ForText[C any](s *Suite, text func(C) string) evaluator.Evaluator[C] {
	var models []string
	if s != nil {
		models = s.Models()
	}
	return evaluator.WithModel[C](evaluator.Func[C](func(ctx context.Context, task evaluator.Task, c C) (evaluator.EvaluationDecision, error) {
		if s == nil {
			return evaluator.EvaluationDecision{}, errors.New("checks: ForText: nil suite")
		}
		if text == nil {
			return evaluator.EvaluationDecision{}, errors.New("checks: ForText: nil text function")
		}
		return s.Evaluate(ctx, task, text(c))
	}), models...)
}

// Models returns the models the suite's checks report
// (evaluator.ModelsOf each check), in check order: nil for the built-in
// checks, which call no model. It makes a Suite an evaluator.Modeler, so a
// custom check that calls a model is seen by loop's self-approval guard.
func (s *Suite) Models() []string {
	var models []string
	for _, c := range s.checks {
		for _, m := range evaluator.ModelsOf(c) {
			if !slices.Contains(models, m) {
				models = append(models, m)
			}
		}
	}
	return models
}

// compile-time check that a Suite is an evaluator of strings.
var _ evaluator.Evaluator[string] = (*Suite)(nil)
