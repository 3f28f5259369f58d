package evaluator

import (
	"errors"
	"fmt"
	"strings"

	"github.com/evalopt/evalopt/internal/strictjson"
)

// Task is what the generator is asked to do, the criteria a candidate is
// judged against, and the evidence a decision may cite. It is a plain value.
type Task struct {
	// ID identifies the task in traces and reports.
	ID string `json:"id"`
	// Input is the request the generator answers.
	Input string `json:"input"`
	// Criteria state, one per entry, what a good candidate must satisfy.
	Criteria []string `json:"criteria,omitempty"`
	// Evidence is what a candidate and a decision may rely on. A criterion's
	// EvidenceRefs name these IDs.
	Evidence []Evidence `json:"evidence,omitempty"`
	// Metadata carries caller-defined labels (tenant, locale, policy version).
	// The library never interprets it.
	Metadata map[string]string `json:"metadata,omitempty"`
	// Kind says what sort of deliverable the task asks for; checks apply
	// what fits it. Empty means generic text.
	Kind Kind `json:"kind,omitempty"`
	// Requirements are task policy enforced by deterministic checks without
	// a model (see Requirement).
	Requirements []Requirement `json:"requirements,omitempty"`
}

// Evidence is one piece of material a task holds: a document, a tool result,
// a photo description, a policy excerpt.
type Evidence struct {
	// ID is how decisions cite this evidence; unique within a task.
	ID string `json:"id"`
	// Source says where it came from ("crm", "upload", "policy.md#4").
	Source string `json:"source,omitempty"`
	// Content is the evidence itself, as text.
	Content string `json:"content"`
	// Metadata carries caller-defined labels. The library never interprets it.
	Metadata map[string]string `json:"metadata,omitempty"`
}

// FindEvidence returns the evidence with the given ID and whether it exists.
func (t Task) FindEvidence(id string) (Evidence, bool) {
	for _, e := range t.Evidence {
		if e.ID == id {
			return e, true
		}
	}
	return Evidence{}, false
}

// HasEvidence reports whether the task holds evidence with the given ID.
func (t Task) HasEvidence(id string) bool {
	_, ok := t.FindEvidence(id)
	return ok
}

// ErrInvalidTask is matched (with errors.Is) by every error Validate
// returns: a task that breaks the contract. Package loop refuses to start
// on one, and package checks refuses to check against one.
var ErrInvalidTask = errors.New("evaluator: invalid task")

// Validate checks that every evidence item has a non-empty, unique ID, that
// the kind is known, and that every requirement is well formed (a name, valid
// regular expressions). It returns every problem found, joined, each a
// *FieldError naming its field ("evidence[2].id: duplicate of
// evidence[0].id", "requirements[1].when: invalid regular expression ...")
// and matching ErrInvalidTask; the first 20 are listed and the rest
// counted, and values are quoted by a bounded prefix, so the error stays
// small whatever the task holds.
func (t Task) Validate() error {
	var p strictjson.Problems
	add := func(field, problem string) {
		if !p.Full() {
			p.Add(&FieldError{Field: field, Problem: problem, Err: ErrInvalidTask})
			return
		}
		p.Count(1)
	}
	if err := t.Kind.validate(); err != nil {
		add("kind", err.Error())
	}
	for i, r := range t.Requirements {
		if p.Full() {
			p.Count(len(r.problems()))
			continue
		}
		for _, f := range r.problems() {
			add(fmt.Sprintf("requirements[%d].%s", i, f.Field), f.Problem)
		}
	}
	seen := make(map[string]int, len(t.Evidence))
	for i, e := range t.Evidence {
		j, dup := seen[e.ID]
		blank := !dup && strings.TrimSpace(e.ID) == ""
		switch {
		case (blank || dup) && p.Full():
			p.Count(1) // spare the formatting of a problem only counted
		case blank:
			add(fmt.Sprintf("evidence[%d].id", i), "empty")
		case dup:
			add(fmt.Sprintf("evidence[%d].id", i), fmt.Sprintf("duplicate of evidence[%d].id %s", j, strictjson.Quote(e.ID)))
		default:
			seen[e.ID] = i
		}
	}
	return p.Err(func(n int) error {
		return &FieldError{Problem: fmt.Sprintf("... and %d more", n), Err: ErrInvalidTask}
	})
}

// ErrMissingEvidence is matched (with errors.Is) by the error CheckEvidence
// returns.
var ErrMissingEvidence = errors.New("evaluator: decision cites evidence the task does not hold")

// missingEvidenceError lists the evidence refs a decision cites that its
// task does not hold (MissingEvidence returns them). It matches
// ErrMissingEvidence.
type missingEvidenceError struct {
	// Refs are the unknown IDs, in the order first cited.
	Refs []string
}

// Error lists the missing refs.
func (e *missingEvidenceError) Error() string {
	return fmt.Sprintf("evaluator: decision cites evidence the task does not hold: %s", strings.Join(e.Refs, ", "))
}

// Is makes errors.Is(err, ErrMissingEvidence) true.
func (e *missingEvidenceError) Is(target error) bool { return target == ErrMissingEvidence }

// MissingEvidence returns the evidence refs that d's criteria cite and task
// does not hold, deduplicated, in the order first cited. It returns nil when
// every ref resolves.
func MissingEvidence(task Task, d EvaluationDecision) []string {
	var missing []string
	for _, c := range d.Criteria {
		for _, ref := range c.EvidenceRefs {
			if task.HasEvidence(ref) || contains(missing, ref) {
				continue
			}
			missing = append(missing, ref)
		}
	}
	return missing
}

// CheckEvidence returns an error matching ErrMissingEvidence, listing the
// refs, when d cites evidence task does not hold (MissingEvidence returns
// those refs), and nil otherwise. A controller uses it to refuse a pass
// that rests on evidence nobody supplied.
func CheckEvidence(task Task, d EvaluationDecision) error {
	if missing := MissingEvidence(task, d); len(missing) > 0 {
		return &missingEvidenceError{Refs: missing}
	}
	return nil
}

func contains(ss []string, s string) bool {
	for _, v := range ss {
		if v == s {
			return true
		}
	}
	return false
}
