package report

import (
	"fmt"
	"strings"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/evaluator/quality"
)

// maxCaseRows bounds every list of cases a quality view holds.
const maxCaseRows = 2000

// qualityView is a quality.Report laid out for rendering.
type qualityView struct {
	R        quality.Report
	Statuses []string
	// Matrix rows are expected statuses, columns actual ones, in the order
	// of evaluator.Statuses().
	Matrix []matrixRow
	// Metrics are the ratio metrics, named, in a fixed order.
	Metrics []metricRow
	// The cases a reader acts on: passes on must_not_pass cases, non-passes
	// on cases expected to pass, known failures (cases tagged
	// quality.TagKnownFailure) the evaluator still gets wrong, unstable
	// verdicts, failed calls.
	FalseApprovals, FalseRejections, Recurring, Unstable, Errored []caseLine
	// Cases is every case, at most maxCaseRows; HiddenCases the rest.
	Cases       []caseLine
	HiddenCases int
}

// matrixRow is one expected status's row of the confusion matrix.
type matrixRow struct {
	Expected string
	Cells    []matrixCell
}

// matrixCell is one count; Class is "agree" on the diagonal, "approve"
// where a non-pass came back as a pass, "reject" where a pass did not.
type matrixCell struct {
	Count int
	Class string
}

// metricRow is one named ratio and what "good" means for it.
type metricRow struct {
	Name  string
	Ratio quality.Ratio
	Good  string
}

// caseLine is one case with what is said about it.
type caseLine struct {
	ID, Expected, Modal, Detail string
}

// Quality returns the report of an evaluator-quality run.
func Quality(r quality.Report) *Report { return &Report{quality: newQualityView(r)} }

func newQualityView(r quality.Report) *qualityView {
	v := &qualityView{R: r}
	for _, s := range evaluator.Statuses() {
		v.Statuses = append(v.Statuses, string(s))
	}
	v.Matrix = matrixOf(r.Confusion)
	v.Metrics = []metricRow{
		{"status accuracy", r.StatusAccuracy, "higher"},
		{"false approval rate", r.FalseApprovalRate, "lower"},
		{"false rejection rate", r.FalseRejectionRate, "lower"},
		{"blocking-failure recall", r.BlockingFailureRecall, "higher"},
		{"revision-instruction coverage", r.RevisionInstructionCoverage, "higher"},
		{"known-failure recurrence", r.KnownFailureRecurrence, "lower"},
		{"flip rate", r.FlipRate, "lower"},
		{"stable cases", r.Stability.Stable, "higher"},
	}
	unstable, recurring := setOf(r.Stability.UnstableIDs), setOf(r.RecurringFailures)
	votes := map[string]string{}
	for _, cs := range r.Stability.Cases {
		votes[cs.CaseID] = votesText(cs)
	}
	for _, cr := range r.Results {
		line := caseLine{ID: clip(cr.CaseID), Expected: string(cr.Expected), Modal: string(cr.ModalStatus)}
		passes, decided, wrong, mismatches := 0, 0, 0, []string{}
		firstErr := ""
		for _, c := range cr.Calls {
			if c.Error != "" || c.Err != nil {
				if firstErr == "" {
					firstErr = callError(c)
				}
				continue
			}
			decided++
			if c.Decision.Status == evaluator.StatusPass {
				passes++
			}
			if len(c.Mismatches) > 0 {
				wrong++
			}
			mismatches = append(mismatches, c.Mismatches...)
		}
		if cr.MustNotPass && passes > 0 {
			v.FalseApprovals = addCase(v.FalseApprovals, line, fmt.Sprintf("%d of %d decisions passed", passes, decided))
		}
		if cr.Expected == evaluator.StatusPass && decided-passes > 0 {
			v.FalseRejections = addCase(v.FalseRejections, line, fmt.Sprintf("%d of %d decisions did not pass: %s", decided-passes, decided, firstOf(mismatches)))
		}
		if recurring[cr.CaseID] {
			v.Recurring = addCase(v.Recurring, line, fmt.Sprintf("%d of %d decisions still wrong: %s", wrong, decided, firstOf(mismatches)))
		}
		if unstable[cr.CaseID] {
			v.Unstable = addCase(v.Unstable, line, votes[cr.CaseID])
		}
		if cr.Errors > 0 {
			v.Errored = addCase(v.Errored, line, fmt.Sprintf("%d failed calls: %s", cr.Errors, firstErr))
		}
		if len(v.Cases) == maxCaseRows {
			v.HiddenCases++
			continue
		}
		v.Cases = append(v.Cases, caseLine{ID: line.ID, Expected: line.Expected, Modal: line.Modal, Detail: firstOf(mismatches)})
	}
	return v
}

// matrixOf lays out the confusion matrix, its cells classed by what they
// count: agreements, false approvals, false rejections.
func matrixOf(m quality.ConfusionMatrix) []matrixRow {
	var rows []matrixRow
	for i, exp := range evaluator.Statuses() {
		row := matrixRow{Expected: string(exp)}
		for j, act := range evaluator.Statuses() {
			c := matrixCell{Count: m.Counts[i][j]}
			switch {
			case i == j:
				c.Class = "agree"
			case act == evaluator.StatusPass:
				c.Class = "approve"
			case exp == evaluator.StatusPass:
				c.Class = "reject"
			}
			row.Cells = append(row.Cells, c)
		}
		rows = append(rows, row)
	}
	return rows
}

// addCase appends a case line with its detail, within maxCaseRows.
func addCase(list []caseLine, l caseLine, detail string) []caseLine {
	if len(list) >= maxCaseRows {
		return list
	}
	l.Detail = clip(detail)
	return append(list, l)
}

// votesText is "pass 2, block 1" for a case's votes, with its failed calls.
func votesText(cs quality.CaseStability) string {
	var parts []string
	for _, s := range evaluator.Statuses() {
		if n := cs.Votes[s]; n > 0 {
			parts = append(parts, fmt.Sprintf("%s %d", s, n))
		}
	}
	if cs.Errors > 0 {
		parts = append(parts, fmt.Sprintf("errors %d", cs.Errors))
	}
	return strings.Join(parts, ", ")
}

// callError is a failed call's error text.
func callError(c quality.CaseCall) string {
	if c.Error != "" {
		return c.Error
	}
	return c.Err.Error()
}

// firstOf returns the first mismatch, with how many more there are.
func firstOf(ms []string) string {
	switch len(ms) {
	case 0:
		return ""
	case 1:
		return ms[0]
	}
	return fmt.Sprintf("%s (and %d more)", ms[0], len(ms)-1)
}
