package report

import (
	"bytes"
	"encoding/json"
	"fmt"
	"time"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/loop"
)

// Bounds on what a loop view holds, whatever the trace's size.
const (
	// maxSteps is how many trace steps are listed.
	maxSteps = 500
	// maxDecisions is how many evaluate steps' decisions are shown in full.
	maxDecisions = 50
	// maxDiffs is how many draft-to-revision diffs are shown.
	maxDiffs = 20
	// maxDiffLines is how many lines one diff shows.
	maxDiffLines = 2000
	// maxCriteria is how many criteria of one decision are listed.
	maxCriteria = 1000
	// maxEvaluatedBytes bounds the candidate text shown with the
	// evaluations, all of them together; past it an evaluation lists its
	// findings without the text.
	maxEvaluatedBytes = 2 << 20
)

// loopView is a loop.Result laid out for rendering.
type loopView struct {
	Outcome    string
	StopReason string
	Revisions  int
	Cost       float64
	CostByRole loop.RoleCosts
	// Roles splits cost and tokens by role; Tokens sums the tokens of
	// every role, nil when no role reported usage.
	Roles  []roleView
	Tokens *tokens
	// StepUsage is true when a step shown reported usage: the steps table
	// then has the model and token columns.
	StepUsage bool
	// Elapsed is the sum of the steps' durations.
	Elapsed     time.Duration
	Steps       []stepView
	HiddenSteps int
	// Decision is the decision the loop acted on last; Final the candidate
	// it returned, highlighted with the findings of the step that judged it.
	Decision  decisionView
	Candidate candidateView
	// Evaluations are the evaluate steps' decisions, in trace order.
	Evaluations       []decisionView
	HiddenEvaluations int
	Diffs             []diffView
	HiddenDiffs       int
}

// stepView is one row of the steps table.
type stepView struct {
	Index, Attempt int
	Role           string
	// Status is the decision's status for a judging step, "ok" or "error"
	// for the others.
	Status string
	// ErrKind classifies Err (loop.ErrorKind); empty when Err is.
	ErrKind string
	Score   string
	Cost    float64
	// Tokens is what the call reported, nil when it reported no usage.
	Tokens   *tokens
	Duration time.Duration
	Start    time.Time
	Err      string
	Ref      string
}

// decisionView is a decision with its criteria split into failed and
// passed.
type decisionView struct {
	// Step is the trace index of the step that returned it; -1 for the
	// loop's final decision.
	Step         int
	Role         string
	Status       string
	Score        float64
	StopReason   string
	Failed       []criterionView
	Passed       []criterionView
	Hidden       int
	Blocking     []string
	Instructions []string
	// Candidate is the judged candidate with the decision's findings
	// highlighted; nil for the final decision, and for an evaluation whose
	// candidate is past the page's budget.
	Candidate *candidateView
}

// criterionView is one criterion as shown.
type criterionView struct {
	Name, Reason string
	Refs         []string
}

// diffView is the line diff between two successive candidates.
type diffView struct {
	From, To       string
	FromStep       int
	ToStep         int
	Hunks          []hunk
	Added, Removed int
	// Approximate is true when the change was too large for an exact diff
	// and is shown as a replacement; Cut when hunks past maxDiffLines were
	// left out.
	Approximate, Cut bool
}

// Loop returns the report of a loop's result. text turns a candidate into
// the text shown and diffed; nil means the default: a string candidate as
// it is, anything else as indented JSON (json.RawMessage, as read back from
// a saved result, is shown as the text it holds when it is a JSON string).
func Loop[C any](res loop.Result[C], text func(C) string) *Report {
	if text == nil {
		text = defaultText[C]
	}
	return &Report{loop: newLoopView(res, text)}
}

// defaultText is Loop's default candidate text.
func defaultText[C any](c C) string {
	switch v := any(c).(type) {
	case string:
		return v
	case json.RawMessage:
		return rawText(v)
	}
	b, err := json.MarshalIndent(c, "", "  ")
	if err != nil {
		return fmt.Sprintf("(candidate not shown: %v)", err)
	}
	return string(b)
}

// rawText is the text of a JSON candidate: a JSON string's value, or the
// JSON indented.
func rawText(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var b bytes.Buffer
	if json.Indent(&b, raw, "", "  ") != nil {
		return string(raw)
	}
	return b.String()
}

func newLoopView[C any](res loop.Result[C], text func(C) string) *loopView {
	v := &loopView{Outcome: string(res.Outcome), StopReason: string(res.StopReason), Revisions: res.Revisions,
		Cost: res.Cost, CostByRole: res.CostByRole}
	v.Roles, v.Tokens = rolesOf(res.CostByRole, res.UsageByRole)
	texts := make([]string, len(res.Trace))
	budget := maxEvaluatedBytes
	for i, s := range res.Trace {
		v.Elapsed += s.Duration
		if s.CandidateRef == "" && s.Err == "" && (s.Role == loop.RoleGenerate || s.Role == loop.RoleRevise) {
			texts[i] = text(s.Candidate) // what diffsOf compares
		}
		if i >= maxSteps {
			v.HiddenSteps++
			continue
		}
		sv := newStepView(s)
		v.StepUsage = v.StepUsage || sv.Tokens != nil
		v.Steps = append(v.Steps, sv)
		if judging(s.Role) {
			if len(v.Evaluations) == maxDecisions {
				v.HiddenEvaluations++
			} else {
				dv := newDecisionView(i, string(s.Role), s.Decision)
				if t := text(s.Candidate); len(t) <= budget && s.Err == "" {
					budget -= len(t)
					fs, hidden := findingsOf(s.Decision)
					cv := newCandidateView(fmt.Sprintf("s%d", i), i, s.CandidateRef, t, fs, hidden)
					dv.Candidate = &cv
				}
				v.Evaluations = append(v.Evaluations, dv)
			}
		}
	}
	v.Decision = newDecisionView(-1, "", res.Decision)
	judged := res.Decision
	ref := ""
	if k := res.CandidateStep; k >= 0 && k < len(res.Trace) {
		judged, ref = res.Trace[k].Decision, res.Trace[k].CandidateRef
	}
	fs, hidden := findingsOf(judged)
	step := res.CandidateStep
	if step >= len(res.Trace) {
		step = -1
	}
	v.Candidate = newCandidateView("c", step, ref, text(res.Candidate), fs, hidden)
	v.Diffs, v.HiddenDiffs = diffsOf(res.Trace, texts)
	return v
}

// judging reports whether a role returns a decision.
func judging(r loop.Role) bool { return r == loop.RoleEvaluate || r == loop.RoleRevisionCheck }

func newStepView[C any](s loop.Step[C]) stepView {
	sv := stepView{Index: s.Index, Attempt: s.Attempt, Role: string(s.Role), Cost: s.Cost, Duration: s.Duration,
		Start: s.Start, Err: clip(s.Err), Ref: clip(s.CandidateRef), Status: "ok", Tokens: stepTokens(s.Usage)}
	switch {
	case s.Err != "":
		sv.Status, sv.ErrKind = "error", oneLine(string(s.ErrKind), 40)
	case judging(s.Role):
		sv.Status = string(s.Decision.Status)
		sv.Score = fmt.Sprintf("%.2f", s.Decision.Score)
	}
	return sv
}

func newDecisionView(step int, role string, d evaluator.EvaluationDecision) decisionView {
	dv := decisionView{Step: step, Role: role, Status: string(d.Status), Score: d.Score, StopReason: string(d.StopReason)}
	for _, c := range d.Criteria {
		if len(dv.Failed)+len(dv.Passed) == maxCriteria {
			dv.Hidden++
			continue
		}
		cv := criterionView{Name: clip(c.Name), Reason: clip(c.Reason), Refs: c.EvidenceRefs}
		if c.Passed {
			dv.Passed = append(dv.Passed, cv)
		} else {
			dv.Failed = append(dv.Failed, cv)
		}
	}
	dv.Blocking = clipAll(d.BlockingFailures)
	dv.Instructions = clipAll(d.RevisionInstructions)
	return dv
}

func clipAll(ss []string) []string {
	out := make([]string, 0, min(len(ss), maxCriteria))
	for i, s := range ss {
		if i == maxCriteria {
			out = append(out, fmt.Sprintf("… and %d more", len(ss)-i))
			break
		}
		out = append(out, clip(s))
	}
	return out
}

// diffsOf diffs each revision against the candidate it revised: the
// draft (the last successful generate step) for the first, the previous
// revision for the others.
func diffsOf[C any](trace []loop.Step[C], texts []string) ([]diffView, int) {
	var out []diffView
	hidden := 0
	prev, prevName, revisions := -1, "", 0
	for i, s := range trace {
		if s.Err != "" || (s.Role != loop.RoleGenerate && s.Role != loop.RoleRevise) {
			continue
		}
		if s.Role == loop.RoleGenerate {
			prev, prevName = i, "the draft"
			continue
		}
		revisions++
		name := fmt.Sprintf("revision %d", revisions)
		if prev >= 0 {
			if len(out) == maxDiffs {
				hidden++
			} else {
				out = append(out, newDiffView(prevName, name, prev, i, texts[prev], texts[i], trace[prev].CandidateRef, s.CandidateRef))
			}
		}
		prev, prevName = i, name
	}
	return out, hidden
}

func newDiffView(from, to string, fromStep, toStep int, a, b, refA, refB string) diffView {
	d := diffView{From: from, To: to, FromStep: fromStep, ToStep: toStep}
	if refA != "" || refB != "" {
		// Candidates kept out of the trace: only their references differ.
		a, b = refA, refB
	}
	lines, approx := lineDiff(a, b)
	d.Approximate = approx
	shown := 0
	for _, h := range hunks(lines) {
		if shown+len(h.Lines) > maxDiffLines {
			d.Cut = true
			break
		}
		shown += len(h.Lines)
		d.Hunks = append(d.Hunks, h)
	}
	for _, l := range lines {
		switch l.Op {
		case opInsert:
			d.Added++
		case opDelete:
			d.Removed++
		}
	}
	for i := range d.Hunks {
		for j := range d.Hunks[i].Lines {
			d.Hunks[i].Lines[j].Text = clip(d.Hunks[i].Lines[j].Text)
		}
	}
	return d
}
