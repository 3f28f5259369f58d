package evaluator

import (
	"errors"
	"fmt"
	"regexp"
	"regexp/syntax"
	"strings"

	"github.com/evalopt/evalopt/internal/strictjson"
)

// Requirement is a piece of task policy that deterministic checks enforce
// without a model: "a reply that offers a refund needs a receipt in the
// evidence", "a reply must state the return window", "never promise a
// delivery date".
//
// A requirement applies when When matches the candidate (an empty When
// always applies). When it applies:
//   - Needs lists evidence kinds (Evidence.Metadata["kind"]); the task must
//     hold at least one evidence item of one of these kinds;
//   - Must is a regular expression the candidate must match;
//   - with When set and neither Needs nor Must, the matched text itself is
//     forbidden.
//
// A violated requirement blocks: its blocking failure is Name and its
// revision instruction is Instruction. Regular expressions use Go's RE2
// syntax (package regexp), which runs in time linear in the candidate.
type Requirement struct {
	// Name identifies the requirement; it is the blocking failure reported
	// when the requirement is violated. Required.
	Name string `json:"name"`
	// When is a regular expression over the candidate; the requirement
	// applies where it matches. Empty: the requirement always applies.
	When string `json:"when,omitempty"`
	// Needs lists evidence kinds of which the task must hold at least one
	// when the requirement applies.
	Needs []string `json:"needs,omitempty"`
	// Must is a regular expression the candidate must match when the
	// requirement applies.
	Must string `json:"must,omitempty"`
	// Instruction is the revision instruction given when the requirement is
	// violated.
	Instruction string `json:"instruction,omitempty"`
}

// EvidenceKindKey is the Evidence.Metadata key a Requirement's Needs are
// matched against.
const EvidenceKindKey = "kind"

// Validate checks the requirement on its own. It returns every problem,
// joined (the first 20, then a count), each a *FieldError naming its field
// ("when: invalid regular expression ...") and matching ErrInvalidTask.
func (r Requirement) Validate() error {
	var p strictjson.Problems
	for _, f := range r.problems() {
		p.Add(f)
	}
	return p.Err(func(n int) error {
		return &FieldError{Problem: fmt.Sprintf("... and %d more", n), Err: ErrInvalidTask}
	})
}

// problems lists what Validate reports, so that Task.Validate can prefix
// each field with the requirement's position.
func (r Requirement) problems() []*FieldError {
	var fs []*FieldError
	add := func(field, problem string) {
		fs = append(fs, &FieldError{Field: field, Problem: problem, Err: ErrInvalidTask})
	}
	if strings.TrimSpace(r.Name) == "" {
		add("name", "empty")
	}
	if _, err := compileRequirementRE(r.When); err != nil {
		add("when", err.Error())
	}
	if _, err := compileRequirementRE(r.Must); err != nil {
		add("must", err.Error())
	}
	for i, n := range r.Needs {
		if strings.TrimSpace(n) == "" {
			add(fmt.Sprintf("needs[%d]", i), "empty")
		}
	}
	if r.When == "" && r.Must == "" && len(r.Needs) == 0 {
		add("when, needs, must", "all empty (the requirement would check nothing)")
	}
	return fs
}

// CompiledRequirement is a Requirement with its regular expressions
// compiled, ready to apply many times. Build it with Compile. It is
// immutable and safe for concurrent use.
type CompiledRequirement struct {
	Requirement
	// WhenRE is When compiled; nil when When is empty.
	WhenRE *regexp.Regexp
	// MustRE is Must compiled; nil when Must is empty.
	MustRE *regexp.Regexp
}

// Compile validates r and compiles its regular expressions.
func (r Requirement) Compile() (CompiledRequirement, error) {
	if err := r.Validate(); err != nil {
		return CompiledRequirement{}, err
	}
	when, _ := compileRequirementRE(r.When)
	must, _ := compileRequirementRE(r.Must)
	return CompiledRequirement{Requirement: r, WhenRE: when, MustRE: must}, nil
}

// maxRequirementRE bounds a requirement's regular expression; policy
// patterns are short, and a bound keeps compile time and memory in check.
const maxRequirementRE = 4 << 10

func compileRequirementRE(expr string) (*regexp.Regexp, error) {
	if expr == "" {
		return nil, nil
	}
	if len(expr) > maxRequirementRE {
		return nil, fmt.Errorf("regular expression is %d bytes, more than %d", len(expr), maxRequirementRE)
	}
	re, err := regexp.Compile(expr)
	if err != nil {
		return nil, fmt.Errorf("invalid regular expression %s: %v", strictjson.Quote(expr), unwrapRegexpError(err))
	}
	return re, nil
}

// unwrapRegexpError keeps regexp's code and the offending fragment, without
// the whole expression repeated (strictjson.Quote already shows a prefix).
func unwrapRegexpError(err error) string {
	var se *syntax.Error
	if errors.As(err, &se) {
		return fmt.Sprintf("%s: %s", se.Code, strictjson.Quote(se.Expr))
	}
	return err.Error()
}
