package revision

import (
	"context"
	"fmt"
	"strings"
	"sync"

	"github.com/evalopt/evalopt/checks/check"
	"github.com/evalopt/evalopt/checks/internal/clip"
	doctext "github.com/evalopt/evalopt/checks/internal/text"
	"github.com/evalopt/evalopt/evaluator"
)

// Rule ids of the revision guard.
const (
	// RuleRevisionUnsupported: a revision added or changed a number, amount,
	// date, quotation, section reference or evidence ref that neither the
	// task's evidence, the source nor the task input supports. Block.
	RuleRevisionUnsupported = "revision.unsupported_change"
	// RuleRevisionDropped: a revision dropped an element the previous
	// candidate had right: an evidence citation, a fact the evidence
	// supports, or a match of a task requirement's Must pattern. Warn.
	RuleRevisionDropped = "revision.dropped_element"
	// CriterionRevisionChanges names the passed criterion that lists what
	// a revision changed (in the trace, through the guard's decision).
	CriterionRevisionChanges = "revision.changes"
)

// RevisionGuardConfig configures a RevisionGuard.
type RevisionGuardConfig struct {
	// SourceText is the source document (the contract a review is about), when
	// it is not one of the task's evidence items. Empty: none.
	SourceText string
	// IgnoreInput stops the guard from accepting facts stated in the task's
	// Input (the request). Default false: what the requester said is
	// material the candidate may restate.
	IgnoreInput bool
}

// RevisionChange is one fact that differs between a candidate and its
// revision.
type RevisionChange struct {
	// Kind is what sort of fact it is.
	Kind FactKind `json:"kind"`
	// Added is true for a fact the revision added (or changed to), false for
	// one it dropped.
	Added bool `json:"added"`
	// Text is the fact as written; Value its normalised form
	// ("USD 1200", "2025-03-01", "num 3.2").
	Text  string `json:"text"`
	Value string `json:"value"`
	// Replaces is the fact of the same kind the revision dropped where it
	// added this one, as written in the previous candidate; empty if none.
	Replaces string `json:"replaces,omitempty"`
	// SupportedBy names what supports the fact: an evidence ID, "source",
	// "input", or "candidate" for a reference to a heading the revision
	// itself defines; empty when nothing does.
	SupportedBy string `json:"supportedBy,omitempty"`
	// Location is where the fact is: in the revision when Added, in the
	// previous candidate otherwise.
	Location check.Location `json:"location"`
}

// RevisionGuard compares a revision with the candidate it revised and
// re-verifies what changed against the task's evidence (see Check). It
// keeps nothing between calls but what its source states, and is safe for
// concurrent use.
type RevisionGuard struct {
	cfg        RevisionGuardConfig
	sourceOnce sync.Once
	source     supportSet // what cfg.SourceText states, read once
}

// NewRevisionGuard returns a guard with cfg. The source, which every call
// verifies against, is read once, on first use.
func NewRevisionGuard(cfg RevisionGuardConfig) *RevisionGuard {
	return &RevisionGuard{cfg: cfg}
}

// Changes returns what differs between previous and next: every fact next
// states that previous did not (Added), then every fact previous stated
// that next does not, each with what supports it.
func (g *RevisionGuard) Changes(task evaluator.Task, previous, next string) []RevisionChange {
	ids := make([]string, 0, len(task.Evidence))
	for _, e := range task.Evidence {
		ids = append(ids, e.ID)
	}
	o := newFactsOptions(ids)
	prevFacts, nextFacts := extractFacts(previous, o), extractFacts(next, o)
	prevKeys, nextKeys := factKeys(prevFacts), factKeys(nextFacts)
	prevSpelled := numberWordValues(previous)
	look := &supportLookup{g: g, task: task, o: o, next: next}
	var added, dropped []RevisionChange
	nextIdx, prevIdx := doctext.NewLineIndex(next), doctext.NewLineIndex(previous)
	for _, f := range prevFacts {
		if !hasFact(nextKeys, f) && !hasChange(dropped, f) {
			dropped = append(dropped, RevisionChange{Kind: f.kind, Text: previous[f.start:f.end], Value: f.key,
				SupportedBy: look.supportedBy(f), Location: prevIdx.Locate(f.start, f.end, previous)})
		}
	}
	replaced := make([]bool, len(dropped))
	for _, f := range nextFacts {
		if hasFact(prevKeys, f) || hasChange(added, f) || f.kind == FactNumber && prevSpelled[f.key] {
			continue
		}
		c := RevisionChange{Kind: f.kind, Added: true, Text: next[f.start:f.end], Value: f.key,
			SupportedBy: look.supportedBy(f), Location: nextIdx.Locate(f.start, f.end, next)}
		for i, d := range dropped {
			if !replaced[i] && d.Kind == f.kind {
				c.Replaces, replaced[i] = d.Text, true
				break
			}
		}
		added = append(added, c)
	}
	// A dropped fact that the revision replaced with another of its kind is
	// reported with the replacement, not again on its own.
	out := added
	for i, d := range dropped {
		if !replaced[i] {
			out = append(out, d)
		}
	}
	return out
}

// hasFact reports whether a text whose facts are indexed by keys (factKeys)
// states f (an ambiguous date matches either reading).
func hasFact(keys map[string]bool, f fact) bool {
	return keys[string(f.kind)+"|"+f.key] || f.alt != "" && keys[string(f.kind)+"|"+f.alt]
}

// factKeys indexes facts by "kind|key", alternative readings included.
func factKeys(fs []fact) map[string]bool {
	m := make(map[string]bool, len(fs))
	for _, f := range fs {
		m[string(f.kind)+"|"+f.key] = true
		if f.alt != "" {
			m[string(f.kind)+"|"+f.alt] = true
		}
	}
	return m
}

func hasChange(cs []RevisionChange, f fact) bool {
	for _, c := range cs {
		if c.Kind == f.kind && c.Value == f.key {
			return true
		}
	}
	return false
}

// Findings returns the guard's findings on next, which revised previous,
// with locations in next (for a dropped element, the location in previous):
//   - RuleRevisionUnsupported (block) for every added or changed fact no
//     evidence item, source or input supports, and every citation of
//     evidence the task does not hold;
//   - RuleRevisionDropped (warn) for every dropped evidence citation, every
//     dropped fact the evidence supports that nothing of its kind replaced
//     (numbers excepted: prose drops those freely), and every task
//     requirement whose Must pattern matched previous but no longer
//     matches next.
func (g *RevisionGuard) Findings(task evaluator.Task, previous, next string) []check.Finding {
	return g.findings(task, previous, next, g.Changes(task, previous, next))
}

func (g *RevisionGuard) findings(task evaluator.Task, previous, next string, changes []RevisionChange) []check.Finding {
	var out []check.Finding
	for _, c := range changes {
		switch {
		case c.Added && c.SupportedBy == "":
			out = append(out, check.Finding{Rule: RuleRevisionUnsupported, Severity: check.SeverityBlock, Location: c.Location, Message: unsupportedMessage(c)})
		case !c.Added && c.SupportedBy != "" && c.Kind != FactNumber:
			what := string(c.Kind)
			if c.Kind == FactEvidenceRef {
				what = "citation of evidence"
			}
			out = append(out, check.Finding{Rule: RuleRevisionDropped, Severity: check.SeverityWarn, Location: c.Location,
				Message: fmt.Sprintf("the revision dropped the %s %q that the previous candidate had, supported by %s; restore it", strings.ReplaceAll(what, "_", " "), c.Text, c.SupportedBy)})
		}
	}
	for i, r := range task.Requirements {
		if r.Must == "" {
			continue
		}
		cr, err := r.Compile()
		if err != nil {
			continue // Task.Validate reports it; the guard checks what it can
		}
		if loc := cr.MustRE.FindStringIndex(previous); loc != nil && !cr.MustRE.MatchString(next) {
			idx := doctext.NewLineIndex(previous)
			out = append(out, check.Finding{Rule: RuleRevisionDropped, Severity: check.SeverityWarn, Location: idx.Locate(loc[0], loc[1], previous),
				Message: fmt.Sprintf("the revision dropped what requirements[%d] %q needs, which the previous candidate had; restore it", i, r.Name)})
		}
	}
	if len(out) > maxGuardFindings {
		// A revision that rewrote everything needs one message, not
		// thousands: keep the first ones and say how many more there are.
		rest := out[maxGuardFindings:]
		sev := check.SeverityWarn
		for _, f := range rest {
			if f.Severity == check.SeverityBlock {
				sev = check.SeverityBlock
			}
		}
		out = append(out[:maxGuardFindings:maxGuardFindings], check.Finding{Rule: rest[0].Rule, Severity: sev, Location: rest[0].Location,
			Message: fmt.Sprintf("and %d more changed or dropped facts like the ones above", len(rest))})
	}
	return out
}

// maxGuardFindings bounds the findings (and so the decision's size) of one
// revision; the rest are counted in one last finding.
const maxGuardFindings = 50

// unsupportedMessage says what changed and that nothing supports it.
func unsupportedMessage(c RevisionChange) string {
	what := strings.ReplaceAll(string(c.Kind), "_", " ")
	if c.Kind == FactEvidenceRef {
		if c.Replaces != "" {
			return fmt.Sprintf("the revision cites evidence %q in place of %q, and the task holds no %q", c.Text, c.Replaces, c.Text)
		}
		return fmt.Sprintf("the revision cites evidence %q, which the task does not hold", c.Text)
	}
	if c.Replaces != "" {
		return fmt.Sprintf("the revision changed the %s %q to %q, which no evidence supports; keep what the evidence states", what, clip.Runes(c.Replaces, 80), clip.Runes(c.Text, 80))
	}
	return fmt.Sprintf("the revision added the %s %q, which no evidence supports; remove it or cite evidence that states it", what, clip.Runes(c.Text, 80))
}

// Check is the guard as a loop.RevisionCheck for text candidates: pass it
// to loop.WithRevisionCheck[string](guard.Check). Its decision is a block
// when a finding blocks (StopPolicyBlock), a revise when one warns, a pass
// otherwise; blocking failures and revision instructions are
// "rule: message (line L:C, "text")"; criteria hold one failed criterion per
// finding and one passed CriterionRevisionChanges criterion listing every
// change, so the trace shows what changed. Score is 1 / (1 + B + W/4) for
// B block and W warn findings. It returns an error only when ctx has ended.
func (g *RevisionGuard) Check(ctx context.Context, task evaluator.Task, previous, next string) (evaluator.EvaluationDecision, error) {
	if err := ctx.Err(); err != nil {
		return evaluator.EvaluationDecision{}, err
	}
	changes := g.Changes(task, previous, next)
	fs := g.findings(task, previous, next, changes)
	d := evaluator.EvaluationDecision{Status: evaluator.StatusPass, Criteria: []evaluator.Criterion{}, BlockingFailures: []string{}, RevisionInstructions: []string{}}
	for _, f := range fs {
		d.Criteria = append(d.Criteria, f.Criterion())
		entry := f.Rule + ": " + f.Describe()
		if f.Severity == check.SeverityWarn {
			d.RevisionInstructions = append(d.RevisionInstructions, entry)
			d.Status = evaluator.Stricter(d.Status, evaluator.StatusRevise)
			continue
		}
		d.BlockingFailures = append(d.BlockingFailures, entry)
		d.Status = evaluator.StatusBlock
	}
	d.Criteria = append(d.Criteria, evaluator.Criterion{Name: CriterionRevisionChanges, Passed: true, EvidenceRefs: supportRefs(task, changes), Reason: describeChanges(changes)})
	d.Score = check.Score(fs)
	if d.Status == evaluator.StatusBlock {
		d.StopReason = evaluator.StopPolicyBlock
	}
	return d, nil
}

// supportRefs lists the evidence IDs that support a change, in order.
func supportRefs(task evaluator.Task, cs []RevisionChange) []string {
	out := []string{}
	for _, c := range cs {
		if c.SupportedBy != "" && task.HasEvidence(c.SupportedBy) && !doctext.ContainsString(out, c.SupportedBy) {
			out = append(out, c.SupportedBy)
		}
	}
	return out
}

// maxDescribedChanges bounds the change list in the criterion's reason.
const maxDescribedChanges = 20

// describeChanges renders the change list: `added amount "$1,500"
// (replaces "$1,200"; unsupported); dropped date "March 1, 2025" (E2)`.
func describeChanges(cs []RevisionChange) string {
	if len(cs) == 0 {
		return "no number, amount, date, quotation, reference or citation changed"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%d change(s): ", len(cs))
	for i, c := range cs {
		if i == maxDescribedChanges {
			fmt.Fprintf(&b, "; and %d more", len(cs)-i)
			break
		}
		if i > 0 {
			b.WriteString("; ")
		}
		verb := "dropped"
		if c.Added {
			verb = "added"
		}
		fmt.Fprintf(&b, "%s %s %q", verb, strings.ReplaceAll(string(c.Kind), "_", " "), clip.Runes(c.Text, 60))
		if c.Replaces != "" {
			fmt.Fprintf(&b, " (replaces %q)", clip.Runes(c.Replaces, 60))
		}
		if c.SupportedBy != "" {
			fmt.Fprintf(&b, " [%s]", c.SupportedBy)
		} else {
			b.WriteString(" [unsupported]")
		}
	}
	return b.String()
}

// RevisionCheckFor adapts the guard to candidates of any type: text
// extracts the text to compare. The result converts to
// loop.RevisionCheck[C].
func RevisionCheckFor[C any](g *RevisionGuard, text func(C) string) func(ctx context.Context, task evaluator.Task, previous, next C) (evaluator.EvaluationDecision, error) {
	return func(ctx context.Context, task evaluator.Task, previous, next C) (evaluator.EvaluationDecision, error) {
		return g.Check(ctx, task, text(previous), text(next))
	}
}
