package report

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/evalopt/evalopt/evaluator/golden"
)

// gateRow is one agent's line of the gate table, as shown.
type gateRow struct {
	Agent, Contracts string
	// Cols are recall, precision, citation, severity, false-positive rate
	// and F1 ("-" when the agent was not scored).
	Cols                         []string
	BaselineF1, Thresholds, Gate string
}

// gateRows lays the agents out as table rows.
func gateRows(v *GateVerdict) []gateRow {
	rows := make([]gateRow, 0, len(v.Agents))
	for _, a := range v.Agents {
		scored := 0
		for _, c := range a.Contracts {
			if c.Conclusive {
				scored++
			}
		}
		r := gateRow{Agent: a.Agent, Contracts: fmt.Sprintf("%d/%d", scored, len(a.Contracts)),
			Cols: []string{"-", "-", "-", "-", "-", "-"}, BaselineF1: "-",
			Thresholds: string(a.Thresholds.Overall), Gate: string(a.Gate.Status)}
		if !a.InRun {
			r.Contracts = "not run"
		}
		if m := a.Metrics; m != nil {
			r.Cols = []string{num(m.FindingRecall), num(m.FindingPrecision), num(m.CitationAccuracy),
				num(m.SeverityAccuracy), num(m.FalsePositiveRate), num(m.F1Score)}
		}
		if a.BaselineF1 != nil {
			r.BaselineF1 = num(*a.BaselineF1)
		}
		rows = append(rows, r)
	}
	return rows
}

// gateHeadline is the two lines above the table: what was read and the
// bars.
func gateHeadline(v *GateVerdict) []string {
	return []string{
		fmt.Sprintf("golden gate: set %s, run %s, baseline %s", v.Set, v.Run, v.Baseline),
		fmt.Sprintf("thresholds: recall >= %.2f, citation >= %.2f, severity >= %.2f, false positives <= %.2f (band %.2f); F1 tolerance %.2f",
			v.Thresholds.Recall, v.Thresholds.CitationAccuracy, v.Thresholds.SeverityAccuracy,
			v.Thresholds.FalsePositiveRate, v.Thresholds.Band, v.Tolerance),
	}
}

// writeGateText prints one line per agent, then what needs a human's
// attention (threshold misses, gate moves, inconclusive contracts), then
// the verdict.
func writeGateText(w io.Writer, v *GateVerdict) error {
	var b strings.Builder
	head := gateHeadline(v)
	b.WriteString(head[0] + "\n" + head[1] + "\n\n")
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "AGENT\tCONTRACTS\tRECALL\tPRECISION\tCITATION\tSEVERITY\tFP RATE\tF1\tBASELINE F1\tTHRESHOLDS\tGATE")
	for _, r := range gateRows(v) {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\n", r.Agent, r.Contracts, strings.Join(r.Cols, "\t"), r.BaselineF1, r.Thresholds, r.Gate)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if notes := gateNotes(v); len(notes) > 0 {
		b.WriteString("\n")
		for _, n := range notes {
			b.WriteString(n + "\n")
		}
	}
	b.WriteString("\n" + gateSummary(v) + "\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// gateNotes lists, per agent, what a reviewer should read: each threshold
// the agent missed, the gate's reason and moves when it failed (or when
// the baseline was rewritten), and contracts left inconclusive.
func gateNotes(v *GateVerdict) []string {
	var out []string
	for _, a := range v.Agents {
		if m := a.Metrics; m != nil {
			for _, c := range []struct {
				name     string
				verdict  golden.MetricVerdict
				value    float64
				bound    string
				boundVal float64
			}{
				{"finding_recall", a.Thresholds.Recall, m.FindingRecall, ">=", v.Thresholds.Recall},
				{"citation_accuracy", a.Thresholds.CitationAccuracy, m.CitationAccuracy, ">=", v.Thresholds.CitationAccuracy},
				{"severity_accuracy", a.Thresholds.SeverityAccuracy, m.SeverityAccuracy, ">=", v.Thresholds.SeverityAccuracy},
				{"false_positive_rate", a.Thresholds.FalsePositiveRate, m.FalsePositiveRate, "<=", v.Thresholds.FalsePositiveRate},
			} {
				if c.verdict != golden.VerdictPass {
					out = append(out, fmt.Sprintf("%s: %s %s (want %s %.2f): %s", a.Agent, c.name, num(c.value), c.bound, c.boundVal, c.verdict))
				}
			}
		}
		if a.Gate.Status == golden.VerdictFail || (a.Gate.Status == golden.VerdictPass && v.BaselineUpdated) {
			out = append(out, fmt.Sprintf("%s: gate %s: %s", a.Agent, a.Gate.Status, a.Gate.Reason))
			for _, mv := range a.Gate.Moves {
				if mv.Metric == "finding_count" {
					out = append(out, fmt.Sprintf("    %s %g -> %g (%+g)", mv.Metric, mv.Old, mv.New, mv.Delta))
					continue
				}
				out = append(out, fmt.Sprintf("    %s %s -> %s (%+.4f)", mv.Metric, num(mv.Old), num(mv.New), mv.Delta))
			}
		}
		for _, c := range a.Contracts {
			if a.InRun && !c.Conclusive {
				out = append(out, fmt.Sprintf("%s: %s inconclusive: %d of %d samples ran", a.Agent, c.Contract, c.Ran, c.Samples))
			}
		}
	}
	return out
}

// gateSummary is the last line: the verdict and why.
func gateSummary(v *GateVerdict) string {
	var why []string
	if len(v.Regressions) > 0 {
		why = append(why, "F1 regressed: "+strings.Join(v.Regressions, ", "))
	}
	if len(v.ThresholdFailures) > 0 {
		why = append(why, "thresholds failed: "+strings.Join(v.ThresholdFailures, ", "))
	}
	if v.BaselineUpdated {
		why = append(why, "baseline rewritten: "+v.Baseline)
	}
	if v.Error != "" {
		why = append(why, v.Error)
	}
	s := "verdict: " + strings.ToUpper(v.Verdict)
	if len(why) > 0 {
		s += " (" + strings.Join(why, "; ") + ")"
	}
	return s
}

func num(f float64) string { return fmt.Sprintf("%.3f", f) }
