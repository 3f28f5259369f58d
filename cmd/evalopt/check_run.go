package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/evalopt/evalopt/checks"
	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/report"
)

// checkFile runs the suite on one deliverable. The findings come from
// Suite.Run on the document; a task with requirements is also evaluated
// (Suite.Evaluate hands the checks the task's requirements), and the
// requirements' violations, which always block, are read back from the
// decision's criteria by their location suffix.
func checkFile(ctx context.Context, suite *checks.Suite, task evaluator.Task, path, text string) (checkedFile, error) {
	r := checkedFile{File: path, Kind: string(task.Kind), Status: evaluator.StatusPass, Findings: []foundIssue{}}
	doc := checks.Document{Text: text, Evidence: task.Evidence, Kind: task.Kind}
	if e, ok := task.FindEvidence(sourceEvidenceID); ok {
		doc.SourceText = e.Content
	}
	fs, err := suite.Run(ctx, doc)
	if err != nil {
		return r, fmt.Errorf("%s: %w", path, err)
	}
	for _, f := range fs {
		r.Findings = append(r.Findings, foundIssue{Rule: f.Rule, Severity: string(f.Severity), Message: f.Message,
			Line: f.Location.Line, Column: f.Location.Column, Text: f.Location.Text})
		r.Status = evaluator.Stricter(r.Status, statusOf(f.Severity))
	}
	if len(task.Requirements) > 0 {
		d, err := suite.Evaluate(ctx, task, text)
		if err != nil {
			return r, fmt.Errorf("%s: %w", path, err)
		}
		r.Findings = append(r.Findings, requirementIssues(d)...)
		r.Status = evaluator.Stricter(r.Status, d.Status)
	}
	return r, nil
}

// statusOf is the decision a finding of severity s asks for, as
// checks.Suite.Decide maps it.
func statusOf(s checks.Severity) evaluator.Status {
	switch s {
	case checks.SeverityInfo:
		return evaluator.StatusPass
	case checks.SeverityWarn:
		return evaluator.StatusRevise
	}
	return evaluator.StatusBlock
}

// requirementIssues reads the violated requirements from a decision: its
// failed criteria named "requirement.NAME", located by their reason's
// suffix.
func requirementIssues(d evaluator.EvaluationDecision) []foundIssue {
	var out []foundIssue
	for _, c := range d.Criteria {
		if c.Passed || !strings.HasPrefix(c.Name, "requirement.") {
			continue
		}
		msg, loc, _ := report.ParseReason(c.Reason)
		out = append(out, foundIssue{Rule: c.Name, Severity: string(checks.SeverityBlock), Message: msg,
			Line: loc.Line, Column: loc.Column, Text: loc.Text})
	}
	return out
}

// writeChecked prints the results: as JSON, or one compiler-style line
// per finding, FILE:LINE:COL: rule: message [severity], then one summary
// line per file.
func writeChecked(w io.Writer, results []checkedFile, asJSON bool) error {
	if asJSON {
		status := evaluator.StatusPass
		for _, r := range results {
			status = evaluator.Stricter(status, r.Status)
		}
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(struct {
			Status evaluator.Status `json:"status"`
			Files  []checkedFile    `json:"files"`
		}{status, results})
	}
	var b strings.Builder
	for _, r := range results {
		counts := map[string]int{}
		for _, f := range r.Findings {
			counts[f.Severity]++
			fmt.Fprintf(&b, "%s:%d:%d: %s: %s [%s]\n", r.File, max(f.Line, 1), max(f.Column, 1), f.Rule, oneLine(f.Message), f.Severity)
		}
		fmt.Fprintf(&b, "%s: %s (%d block, %d warn, %d info)\n", r.File, r.Status,
			counts[string(checks.SeverityBlock)], counts[string(checks.SeverityWarn)], counts[string(checks.SeverityInfo)])
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// oneLine keeps a message on its line, as compiler output must be.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }
