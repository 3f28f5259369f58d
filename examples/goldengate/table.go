package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/evalopt/evalopt/evaluator/golden"
)

// write prints the verdict as JSON or as the human table.
func (v *verdict) write(w io.Writer, asJSON bool) error {
	if asJSON {
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(v)
	}
	return v.writeTable(w)
}

// writeTable prints one line per agent, then what needs a human's
// attention (threshold misses, gate moves, inconclusive contracts), then
// the verdict.
func (v *verdict) writeTable(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "golden gate: set %s, run %s, baseline %s\n", v.Set, v.Run, v.Baseline)
	fmt.Fprintf(&b, "thresholds: recall >= %.2f, citation >= %.2f, severity >= %.2f, false positives <= %.2f (band %.2f); F1 tolerance %.2f\n\n",
		v.Thresholds.Recall, v.Thresholds.CitationAccuracy, v.Thresholds.SeverityAccuracy,
		v.Thresholds.FalsePositiveRate, v.Thresholds.Band, v.Tolerance)

	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "AGENT\tCONTRACTS\tRECALL\tPRECISION\tCITATION\tSEVERITY\tFP RATE\tF1\tBASELINE F1\tTHRESHOLDS\tGATE")
	for _, a := range v.Agents {
		scored := 0
		for _, c := range a.Contracts {
			if c.Conclusive {
				scored++
			}
		}
		contracts := fmt.Sprintf("%d/%d", scored, len(a.Contracts))
		if !a.InRun {
			contracts = "not run"
		}
		cols := []string{"-", "-", "-", "-", "-", "-"}
		if m := a.Metrics; m != nil {
			cols = []string{num(m.FindingRecall), num(m.FindingPrecision), num(m.CitationAccuracy),
				num(m.SeverityAccuracy), num(m.FalsePositiveRate), num(m.F1Score)}
		}
		base := "-"
		if a.BaselineF1 != nil {
			base = num(*a.BaselineF1)
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\n", a.Agent, contracts, strings.Join(cols, "\t"), base,
			a.Thresholds.Overall, a.Gate.Status)
	}
	if err := tw.Flush(); err != nil {
		return err
	}

	if notes := v.notes(); len(notes) > 0 {
		b.WriteString("\n")
		for _, n := range notes {
			b.WriteString(n + "\n")
		}
	}
	b.WriteString("\n" + v.summary() + "\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// notes lists, per agent, what a reviewer should read: each threshold the
// agent missed, the gate's reason and moves when it failed, and contracts
// left inconclusive.
func (v *verdict) notes() []string {
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

// summary is the last line: the verdict and why.
func (v *verdict) summary() string {
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
