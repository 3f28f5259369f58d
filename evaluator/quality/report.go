package quality

import (
	"fmt"
	"strings"
	"time"

	"github.com/evalopt/evalopt/evaluator"
)

// Report is what Measure measured. Every metric except the flip
// rate, latency and cost is computed over decisions: calls that returned a
// valid decision, each repeat counting once (with one repeat, one decision
// per case). Calls that failed are counted in Errors and nowhere else.
//
// A Ratio whose denominator is zero takes the value that means "nothing went
// wrong": 0 for rates where lower is better (false approvals, false
// rejections, flips), 1 for rates where higher is better (status accuracy,
// blocking-failure recall, revision-instruction coverage). Read its Den, and
// Decisions and Errors, before trusting a vacuous value.
type Report struct {
	// Cases is the number of cases run; Repeats the calls per case.
	Cases   int `json:"cases"`
	Repeats int `json:"repeats"`
	// Calls is Cases × Repeats; Decisions the calls that returned a valid
	// decision; Errors the infrastructure failures (an error, a panic, an
	// invalid decision, a call not run because the context ended).
	// Decisions + Errors == Calls.
	Calls     int `json:"calls"`
	Decisions int `json:"decisions"`
	Errors    int `json:"errors"`
	// Confusion counts decisions by expected and actual status.
	Confusion ConfusionMatrix `json:"confusion"`
	// StatusAccuracy: decisions whose status equals the expected status ÷
	// decisions. Empty value 1.
	StatusAccuracy Ratio `json:"status_accuracy"`
	// FalseApprovalRate: decisions on must_not_pass cases that passed ÷
	// decisions on must_not_pass cases. Empty value 0.
	FalseApprovalRate Ratio `json:"false_approval_rate"`
	// FalseRejectionRate: decisions on cases expected to pass that did not
	// pass ÷ decisions on cases expected to pass. Empty value 0.
	FalseRejectionRate Ratio `json:"false_rejection_rate"`
	// BlockingFailureRecall: expected blocking failures found in the actual
	// decision (case-insensitive substring of some actual blocking failure)
	// ÷ expected blocking failures, summed over decisions. Empty value 1.
	BlockingFailureRecall Ratio `json:"blocking_failure_recall"`
	// RevisionInstructionCoverage: decisions on cases with a
	// required_revision_instruction whose instructions contain it
	// (case-insensitive substring) ÷ such decisions. Empty value 1.
	RevisionInstructionCoverage Ratio `json:"revision_instruction_coverage"`
	// Kappa is Cohen's kappa of the decisions' statuses against the cases'
	// human labels, over decisions on cases that have one.
	Kappa Kappa `json:"kappa"`
	// FlipRate: decisions whose status differs from their case's modal
	// status ÷ decisions, pooled over cases (see CaseResult.FlipRate). Always
	// 0 with one repeat. Empty value 0.
	FlipRate Ratio `json:"flip_rate"`
	// KnownFailureRecurrence: decisions on cases tagged TagKnownFailure
	// that are still wrong (Case.Mismatches is not empty) ÷ decisions on
	// such cases: how often the evaluator repeats a failure it was caught
	// making. Empty value 0.
	KnownFailureRecurrence Ratio `json:"known_failure_recurrence"`
	// RecurringFailures lists the IDs of the known-failure cases with at
	// least one wrong decision, in input order.
	RecurringFailures []string `json:"recurring_failures,omitempty"`
	// CitesMissingEvidence counts decisions whose criteria cite evidence IDs
	// the case does not hold (see evaluator.MissingEvidence): an evaluator
	// that invents evidence.
	CitesMissingEvidence int `json:"cites_missing_evidence"`
	// Latency summarises the duration of every call that was made,
	// including failed ones.
	Latency Latency `json:"latency"`
	// Cost is the sum of the cost every call reported through provider.AddCost.
	Cost float64 `json:"cost"`
	// Stability is the verdicts' steadiness across repeats: per case the
	// vote distribution, flip rate and canonical verdict; overall the
	// share of stable cases and the unstable IDs (see Stability).
	Stability Stability `json:"stability"`
	// Results holds every case, in input order.
	Results []CaseResult `json:"results"`
}

// CaseResult is what happened on one case.
type CaseResult struct {
	// CaseID and Expected repeat the case's ID and expected status.
	CaseID   string           `json:"case_id"`
	Expected evaluator.Status `json:"expected_status"`
	// MustNotPass repeats the case's expected must_not_pass: a pass on it
	// is a false approval (FalseApprovalRate counts these cases' passes).
	MustNotPass bool `json:"must_not_pass,omitempty"`
	// Calls holds every call, in repeat order.
	Calls []CaseCall `json:"calls"`
	// ModalStatus is the most frequent status among the case's decisions;
	// a tie goes to the stricter status (evaluator.Stricter). Empty when no
	// call returned a decision.
	ModalStatus evaluator.Status `json:"modal_status,omitempty"`
	// Flips counts decisions whose status differs from ModalStatus;
	// FlipRate is Flips ÷ decisions (0 when there are none).
	Flips    int     `json:"flips"`
	FlipRate float64 `json:"flip_rate"`
	// Errors counts the case's infrastructure failures.
	Errors int `json:"errors"`
	// Cost is the sum of the case's call costs.
	Cost float64 `json:"cost"`
}

// CaseCall is one evaluator call on one case.
type CaseCall struct {
	// Repeat is the call's 0-based repeat number.
	Repeat int `json:"repeat"`
	// Decision is what the evaluator returned (the zero value after a panic
	// or a call not run). Metrics ignore it when Err is set.
	Decision evaluator.EvaluationDecision `json:"decision"`
	// Mismatches says what the decision gets wrong against the case (see
	// Case.Mismatches); nil when it is right or when Err is set.
	Mismatches []string `json:"mismatches,omitempty"`
	// Err is the infrastructure failure, or nil. Error is its text, for JSON.
	Err   error  `json:"-"`
	Error string `json:"error,omitempty"`
	// Skipped is true when the call was not made because the context had
	// ended; Err says so too.
	Skipped bool `json:"skipped,omitempty"`
	// Latency is how long Evaluate took, by the run's clock; 0 when skipped.
	Latency time.Duration `json:"latency_ns"`
	// Cost is what the call reported through provider.AddCost.
	Cost float64 `json:"cost"`
}

// Ratio is a metric with its numerator and denominator.
type Ratio struct {
	// Num and Den are the counts the metric divides.
	Num int `json:"num"`
	Den int `json:"den"`
	// Value is Num ÷ Den, or the metric's documented empty value when Den
	// is 0.
	Value float64 `json:"value"`
}

// newRatio returns num/den, or empty when den is 0.
func newRatio(num, den int, empty float64) Ratio {
	r := Ratio{Num: num, Den: den, Value: empty}
	if den > 0 {
		r.Value = float64(num) / float64(den)
	}
	return r
}

// String returns "num/den = value".
func (r Ratio) String() string {
	return fmt.Sprintf("%d/%d = %.3f", r.Num, r.Den, r.Value)
}

// ConfusionMatrix counts decisions by expected status (rows) and actual
// status (columns), both in the order of evaluator.Statuses(): pass,
// revise, escalate, block.
type ConfusionMatrix struct {
	// Counts[i][j] counts decisions expected to be Statuses()[i] that came
	// back as Statuses()[j].
	Counts [4][4]int `json:"counts"`
}

// Count returns how many decisions expected to be expected came back as
// actual; 0 for an unknown status.
func (m ConfusionMatrix) Count(expected, actual evaluator.Status) int {
	i, j := statusIndex(expected), statusIndex(actual)
	if i < 0 || j < 0 {
		return 0
	}
	return m.Counts[i][j]
}

// String renders the matrix as an aligned table, one row per expected
// status.
func (m ConfusionMatrix) String() string {
	var b strings.Builder
	b.WriteString("expected\\actual")
	for _, s := range evaluator.Statuses() {
		fmt.Fprintf(&b, " %8s", s)
	}
	for i, s := range evaluator.Statuses() {
		fmt.Fprintf(&b, "\n%-15s", s)
		for j := range m.Counts[i] {
			fmt.Fprintf(&b, " %8d", m.Counts[i][j])
		}
	}
	return b.String()
}

// statusIndex returns s's position in evaluator.Statuses(), or -1.
func statusIndex(s evaluator.Status) int {
	switch s {
	case evaluator.StatusPass:
		return 0
	case evaluator.StatusRevise:
		return 1
	case evaluator.StatusEscalate:
		return 2
	case evaluator.StatusBlock:
		return 3
	}
	return -1
}

// buildReport computes every metric from the calls, laid out case by case
// (results[i*repeats+r] is repeat r of case i).
func buildReport(cases []Case, tasks []evaluator.Task, results []CaseCall, repeats int) Report {
	rep := Report{Cases: len(cases), Repeats: repeats, Calls: len(results), Results: make([]CaseResult, len(cases))}
	var t tally
	var latencies []time.Duration
	for i, c := range cases {
		known, recurred := hasTag(c.Tags, TagKnownFailure), false
		cr := CaseResult{CaseID: c.ID, Expected: c.Expected.Status, MustNotPass: c.Expected.MustNotPass, Calls: results[i*repeats : (i+1)*repeats]}
		var counts [4]int
		for k := range cr.Calls {
			call := &cr.Calls[k]
			cr.Cost += call.Cost
			if !call.Skipped {
				latencies = append(latencies, call.Latency)
			}
			if call.Err != nil {
				call.Error = call.Err.Error()
				cr.Errors++
				continue
			}
			d := call.Decision
			call.Mismatches = c.Mismatches(d)
			if known {
				t.kfDen++
				if len(call.Mismatches) > 0 {
					t.kfNum++
					recurred = true
				}
			}
			counts[statusIndex(d.Status)]++
			rep.Confusion.Counts[statusIndex(c.Expected.Status)][statusIndex(d.Status)]++
			t.add(c, d)
			if len(evaluator.MissingEvidence(tasks[i], d)) > 0 {
				rep.CitesMissingEvidence++
			}
		}
		if recurred {
			rep.RecurringFailures = append(rep.RecurringFailures, c.ID)
		}
		decided := len(cr.Calls) - cr.Errors
		cr.ModalStatus, cr.Flips = modal(counts)
		if decided > 0 {
			cr.FlipRate = float64(cr.Flips) / float64(decided)
		}
		rep.Decisions += decided
		rep.Errors += cr.Errors
		rep.Cost += cr.Cost
		t.flips += cr.Flips
		rep.Results[i] = cr
	}
	rep.StatusAccuracy = newRatio(t.accurate, rep.Decisions, 1)
	rep.FalseApprovalRate = newRatio(t.mnpNum, t.mnpDen, 0)
	rep.FalseRejectionRate = newRatio(t.passNum, t.passDen, 0)
	rep.BlockingFailureRecall = newRatio(t.bfNum, t.bfDen, 1)
	rep.RevisionInstructionCoverage = newRatio(t.riNum, t.riDen, 1)
	rep.FlipRate = newRatio(t.flips, rep.Decisions, 0)
	rep.KnownFailureRecurrence = newRatio(t.kfNum, t.kfDen, 0)
	// The labels and statuses were validated, so CohenKappa cannot fail.
	rep.Kappa, _ = CohenKappa(t.human, t.actual)
	rep.Latency = latencyOf(latencies)
	rep.Stability = buildStability(cases, rep.Results, repeats, nil)
	return rep
}

// tally holds the counts buildReport divides into the report's ratios.
type tally struct {
	accurate, mnpDen, mnpNum, passDen, passNum, bfDen, bfNum, riDen, riNum, flips, kfDen, kfNum int
	human, actual                                                                               []evaluator.Status
}

// add counts one decision d on case c.
func (t *tally) add(c Case, d evaluator.EvaluationDecision) {
	exp := c.Expected
	if d.Status == exp.Status {
		t.accurate++
	}
	if exp.MustNotPass {
		t.mnpDen++
		if d.Status == evaluator.StatusPass {
			t.mnpNum++
		}
	}
	if exp.Status == evaluator.StatusPass {
		t.passDen++
		if d.Status != evaluator.StatusPass {
			t.passNum++
		}
	}
	for _, want := range exp.BlockingFailures {
		t.bfDen++
		if caseContainsFold(d.BlockingFailures, want) {
			t.bfNum++
		}
	}
	if exp.RequiredRevisionInstruction != "" {
		t.riDen++
		if caseContainsFold(d.RevisionInstructions, exp.RequiredRevisionInstruction) {
			t.riNum++
		}
	}
	if c.HumanLabel != "" {
		t.human = append(t.human, c.HumanLabel)
		t.actual = append(t.actual, d.Status)
	}
}

// modal returns the most frequent status in counts (indexed like
// evaluator.Statuses()) and how many decisions differ from it. A tie goes
// to the stricter status; no decisions give "".
func modal(counts [4]int) (evaluator.Status, int) {
	best, total := -1, 0
	for i, n := range counts {
		total += n
		// Statuses() runs from lenient to strict, so >= lets the
		// stricter status win a tie.
		if n > 0 && (best < 0 || n >= counts[best]) {
			best = i
		}
	}
	if best < 0 {
		return "", 0
	}
	return evaluator.Statuses()[best], total - counts[best]
}
