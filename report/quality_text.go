package report

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
)

// writeQualityText writes a quality report: the counts, the metrics, the
// confusion matrix, then the cases to act on.
func writeQualityText(w io.Writer, v *qualityView) error {
	r := v.R
	var b strings.Builder
	fmt.Fprintf(&b, "evaluator quality: %d cases × %d repeats = %d calls, %d decisions, %d errors, cost %.4f\n",
		r.Cases, r.Repeats, r.Calls, r.Decisions, r.Errors, r.Cost)
	fmt.Fprintf(&b, "latency: p50 %s, p90 %s, p99 %s, max %s (n=%d)\n", roundDuration(r.Latency.P50), roundDuration(r.Latency.P90),
		roundDuration(r.Latency.P99), roundDuration(r.Latency.Max), r.Latency.N)
	fmt.Fprintf(&b, "agreement with human labels: %s\n", r.Kappa)
	if r.CitesMissingEvidence > 0 {
		fmt.Fprintf(&b, "decisions citing evidence the case does not hold: %d\n", r.CitesMissingEvidence)
	}
	b.WriteString("\n")
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "METRIC\tVALUE\tCOUNT\tBETTER")
	for _, m := range v.Metrics {
		fmt.Fprintf(tw, "%s\t%.3f\t%d/%d\t%s\n", m.Name, m.Ratio.Value, m.Ratio.Num, m.Ratio.Den, m.Good)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	b.WriteString("\nconfusion matrix (rows: expected, columns: actual):\n")
	tw = tabwriter.NewWriter(&b, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "\t%s\t\n", strings.Join(v.Statuses, "\t"))
	for _, row := range v.Matrix {
		cells := make([]string, len(row.Cells))
		for i, c := range row.Cells {
			cells[i] = fmt.Sprint(c.Count)
		}
		fmt.Fprintf(tw, "%s\t%s\t\n", row.Expected, strings.Join(cells, "\t"))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	writeCasesText(&b, "false approvals (must_not_pass cases that passed)", v.FalseApprovals)
	writeCasesText(&b, "false rejections (cases expected to pass that did not)", v.FalseRejections)
	writeCasesText(&b, "recurring known failures (known_failure cases still decided wrong)", v.Recurring)
	writeCasesText(&b, "unstable cases (verdict changed across repeats, or a call failed)", v.Unstable)
	writeCasesText(&b, "cases with failed calls", v.Errored)
	_, err := io.WriteString(w, b.String())
	return err
}

// writeCasesText writes a titled list of cases, or that there are none.
func writeCasesText(b *strings.Builder, title string, cases []caseLine) {
	fmt.Fprintf(b, "\n%s: %d\n", title, len(cases))
	for _, c := range cases {
		fmt.Fprintf(b, "  %s (expected %s): %s\n", c.ID, c.Expected, oneLine(c.Detail, 200))
	}
}
