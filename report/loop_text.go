package report

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"time"
	"unicode/utf8"
)

// textContext is how many lines around a highlighted line the text report
// shows; textHead how many lines of a candidate without highlights.
const (
	textContext = 1
	textHead    = 20
)

// writeLoopText writes a loop report: the outcome and the steps; each
// evaluation with its findings marked under the lines they point at; the
// final decision; the candidate the loop returned; the revisions' diffs.
func writeLoopText(w io.Writer, v *loopView) error {
	var b strings.Builder
	fmt.Fprintf(&b, "loop: %s (%s), %s, %s, cost %.4f", v.Outcome, v.StopReason,
		count(v.Revisions, "revision"), count(len(v.Steps)+v.HiddenSteps, "step"), v.Cost)
	if v.Tokens != nil {
		fmt.Fprintf(&b, ", tokens %d in / %d out", v.Tokens.Input, v.Tokens.Output)
	}
	fmt.Fprintf(&b, ", time %s\n", roundDuration(v.Elapsed))
	if err := writeRolesText(&b, v); err != nil {
		return err
	}
	b.WriteString("\n")
	if err := writeStepsText(&b, v); err != nil {
		return err
	}
	shown := map[string]bool{}
	for _, d := range v.Evaluations {
		b.WriteString("\n")
		writeEvaluationText(&b, d, shown)
	}
	if v.HiddenEvaluations > 0 {
		fmt.Fprintf(&b, "… %d more evaluations not shown\n", v.HiddenEvaluations)
	}
	b.WriteString("\n")
	writeFinalText(&b, v.Decision, shown)
	marked := false
	for _, d := range v.Evaluations {
		marked = marked || (d.Step == v.Candidate.Step && d.Candidate != nil)
	}
	writeCandidateText(&b, v.Candidate, marked)
	for _, d := range v.Diffs {
		b.WriteString("\n")
		writeDiffText(&b, d)
	}
	if v.HiddenDiffs > 0 {
		fmt.Fprintf(&b, "… %d more revisions not diffed\n", v.HiddenDiffs)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// writeRolesText writes cost by role on one line or, when a role reported
// token usage, as a table with each role's model and tokens beside its
// cost.
func writeRolesText(b *strings.Builder, v *loopView) error {
	if v.Tokens == nil {
		fmt.Fprintf(b, "cost by role: generate %.4f, evaluate %.4f, revise %.4f\n", v.CostByRole.Generate, v.CostByRole.Evaluate, v.CostByRole.Revise)
		return nil
	}
	rows := [][]string{{"ROLE", "COST", "MODEL", "IN", "OUT"}}
	for _, r := range v.Roles {
		row := []string{r.Role, fmt.Sprintf("%.4f", r.Cost), "-", "-", "-"}
		if t := r.Tokens; t != nil {
			row[2], row[3], row[4] = orDash(t.Model), fmt.Sprint(t.Input), fmt.Sprint(t.Output)
		}
		rows = append(rows, row)
	}
	return writeTable(b, rows)
}

// writeStepsText writes the steps table, with the model that answered and
// the tokens beside the cost when a step reported usage.
func writeStepsText(b *strings.Builder, v *loopView) error {
	head := []string{"STEP", "ROLE", "ATTEMPT", "STATUS", "SCORE", "COST"}
	if v.StepUsage {
		head = append(head, "MODEL", "IN", "OUT")
	}
	rows := [][]string{append(head, "TIME", "NOTE")}
	for _, s := range v.Steps {
		note := s.Err
		switch {
		case note != "" && s.ErrKind != "":
			note = s.ErrKind + ": " + note
		case note == "" && s.Ref != "":
			note = "candidate " + s.Ref
		}
		row := []string{fmt.Sprint(s.Index), s.Role, fmt.Sprint(s.Attempt), s.Status, orDash(s.Score), fmt.Sprintf("%.4f", s.Cost)}
		switch t := s.Tokens; {
		case t != nil:
			row = append(row, orDash(oneLine(t.Model, 40)), fmt.Sprint(t.Input), fmt.Sprint(t.Output))
		case v.StepUsage:
			row = append(row, "-", "-", "-")
		}
		rows = append(rows, append(row, roundDuration(s.Duration).String(), oneLine(note, 80)))
	}
	if err := writeTable(b, rows); err != nil {
		return err
	}
	if v.HiddenSteps > 0 {
		fmt.Fprintf(b, "… %d more steps not shown\n", v.HiddenSteps)
	}
	return nil
}

// writeTable writes rows as columns aligned with spaces, without trailing
// blanks. Cells must not hold tabs or newlines.
func writeTable(b *strings.Builder, rows [][]string) error {
	var t strings.Builder
	tw := tabwriter.NewWriter(&t, 0, 0, 2, ' ', 0)
	for _, r := range rows {
		fmt.Fprintln(tw, strings.Join(r, "\t"))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	for _, l := range strings.SplitAfter(t.String(), "\n") {
		if l != "" {
			b.WriteString(strings.TrimRight(l, " \n") + "\n")
		}
	}
	return nil
}

// writeEvaluationText writes one evaluation: its status line, its
// findings marked on the candidate's lines, and the blocking failures and
// instructions that are not a finding already shown (a model judge's own
// words). It records in shown what it printed.
func writeEvaluationText(b *strings.Builder, d decisionView, shown map[string]bool) {
	fmt.Fprintf(b, "step %d %s: %s, score %.2f; %d of %d criteria failed\n", d.Step, d.Role, orDash(d.Status), d.Score,
		len(d.Failed), len(d.Failed)+len(d.Passed)+d.Hidden)
	for _, c := range d.Failed {
		shown[c.Name+": "+c.Reason] = true
	}
	if c := d.Candidate; c != nil {
		writeMarkedLines(b, *c, false)
		writeUnplaced(b, *c)
	} else {
		for _, c := range d.Failed {
			fmt.Fprintf(b, "  ✗ %s: %s\n", c.Name, oneLine(c.Reason, 200))
		}
	}
	writeListText(b, "blocking failures", unshown(d.Blocking, shown))
	writeListText(b, "revision instructions", unshown(d.Instructions, shown))
}

// writeFinalText writes the decision the loop acted on last, with what no
// evaluation showed (a block the controller made of a pass, say).
func writeFinalText(b *strings.Builder, d decisionView, shown map[string]bool) {
	fmt.Fprintf(b, "decision: %s, score %.2f", orDash(d.Status), d.Score)
	if d.StopReason != "" {
		fmt.Fprintf(b, ", stop reason %s", d.StopReason)
	}
	b.WriteString("\n")
	for _, c := range d.Failed {
		if !shown[c.Name+": "+c.Reason] {
			fmt.Fprintf(b, "  ✗ %s: %s\n", c.Name, oneLine(c.Reason, 200))
		}
	}
	writeListText(b, "blocking failures", unshown(d.Blocking, shown))
	writeListText(b, "revision instructions", unshown(d.Instructions, shown))
}

// unshown returns the items not in shown, marking them shown.
func unshown(items []string, shown map[string]bool) []string {
	var out []string
	for _, s := range items {
		if !shown[s] {
			shown[s] = true
			out = append(out, s)
		}
	}
	return out
}

func writeListText(b *strings.Builder, title string, items []string) {
	if len(items) == 0 {
		return
	}
	b.WriteString(title + ":\n")
	for _, s := range items {
		fmt.Fprintf(b, "  - %s\n", oneLine(s, 200))
	}
}

// writeCandidateText writes the candidate the loop returned: its marked
// lines, or its first lines when it has none, unless its evaluation above
// marked them already.
func writeCandidateText(b *strings.Builder, c candidateView, markedAbove bool) {
	fmt.Fprintf(b, "\ncandidate")
	if c.Step >= 0 {
		fmt.Fprintf(b, " (judged at step %d)", c.Step)
	} else {
		b.WriteString(" (none was judged)")
	}
	fmt.Fprintf(b, ": %d lines", len(c.Lines)+c.HiddenLines)
	if markedAbove && len(c.Findings) > 0 {
		fmt.Fprintf(b, ", %s, marked under step %d above\n", count(len(c.Findings), "finding"), c.Step)
		return
	}
	b.WriteString("\n")
	if c.Ref != "" {
		fmt.Fprintf(b, "  kept out of the trace as %s\n", c.Ref)
	}
	writeMarkedLines(b, c, true)
	writeUnplaced(b, c)
}

// writeMarkedLines writes the lines of c that hold a highlight, with
// textContext lines around them, each followed by a caret line per
// finding that starts on it. With head set and no highlight, it writes the
// first textHead lines instead.
func writeMarkedLines(b *strings.Builder, c candidateView, head bool) {
	show := make([]bool, len(c.Lines))
	marked := false
	for i, l := range c.Lines {
		if lineMarked(l) {
			marked = true
			for k := max(0, i-textContext); k <= min(len(c.Lines)-1, i+textContext); k++ {
				show[k] = true
			}
		}
	}
	if !marked && !head {
		return
	}
	if !marked {
		for i := 0; i < len(show) && i < textHead; i++ {
			show[i] = true
		}
	}
	byN := map[int]finding{}
	for _, f := range c.Findings {
		byN[f.N] = f
	}
	gap := false
	for i, l := range c.Lines {
		if !show[i] {
			gap = true
			continue
		}
		if gap && i > 0 {
			b.WriteString("      ⋮\n")
		}
		gap = false
		var text strings.Builder
		for _, s := range l.Segs {
			text.WriteString(s.Text)
		}
		b.WriteString(strings.TrimRight(fmt.Sprintf("%5d | %s", l.N, strings.ReplaceAll(text.String(), "\t", " ")), " ") + "\n")
		for _, m := range caretsOf(l) {
			f := byN[m.n]
			fmt.Fprintf(b, "      | %s^%s [%d] %s%s: %s\n", strings.Repeat(" ", m.col), strings.Repeat("~", max(0, m.width-1)),
				f.N, severityTag(f.Severity), f.Rule, oneLine(f.Message, 160))
		}
	}
	if gap || c.HiddenLines > 0 {
		fmt.Fprintf(b, "      ⋮ (%d lines in all)\n", len(c.Lines)+c.HiddenLines)
	}
}

// writeUnplaced lists the findings of c that no line shows.
func writeUnplaced(b *strings.Builder, c candidateView) {
	for _, f := range c.Findings {
		if !f.Placed {
			where := "no location"
			if f.Located {
				where = fmt.Sprintf("line %d:%d, past the text shown", f.Loc.Line, f.Loc.Column)
			}
			fmt.Fprintf(b, "  [%d] %s%s: %s (%s)\n", f.N, severityTag(f.Severity), f.Rule, oneLine(f.Message, 200), where)
		}
	}
	if c.HiddenFindings > 0 {
		fmt.Fprintf(b, "  … %d more findings not shown\n", c.HiddenFindings)
	}
}

// caret is where a finding's highlight starts on a line (in runes) and
// how many runes of the line it covers.
type caret struct{ n, col, width int }

// caretsOf returns one caret per finding whose highlight starts on l, in
// order of column.
func caretsOf(l codeLine) []caret {
	var out []caret
	open := map[int]int{} // finding → index in out
	col := 0
	for _, s := range l.Segs {
		w := utf8.RuneCountInString(s.Text)
		for _, n := range s.Findings {
			if k, ok := open[n]; ok {
				out[k].width += w
				continue
			}
			open[n] = len(out)
			out = append(out, caret{n: n, col: col, width: w})
		}
		col += w
	}
	return out
}

// lineMarked reports whether any segment of l is highlighted.
func lineMarked(l codeLine) bool {
	for _, s := range l.Segs {
		if len(s.Findings) > 0 {
			return true
		}
	}
	return false
}

func severityTag(s string) string {
	if s == "" {
		return ""
	}
	return s + " "
}

// writeDiffText writes a diff in unified form.
func writeDiffText(b *strings.Builder, d diffView) {
	fmt.Fprintf(b, "%s (step %d) against %s (step %d): +%d -%d\n", d.To, d.ToStep, d.From, d.FromStep, d.Added, d.Removed)
	if d.Approximate {
		b.WriteString("(too large for a line-by-line diff: shown as a replacement)\n")
	}
	if len(d.Hunks) == 0 {
		b.WriteString("(no change)\n")
	}
	for _, h := range d.Hunks {
		b.WriteString(h.Header + "\n")
		for _, l := range h.Lines {
			fmt.Fprintf(b, "%c%s\n", l.Op, l.Text)
		}
	}
	if d.Cut {
		fmt.Fprintf(b, "… diff cut at %d lines\n", maxDiffLines)
	}
}

// oneLine flattens s to one line of at most n runes.
func oneLine(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n]) + "…"
}

// count writes "1 revision", "2 revisions".
func count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// roundDuration rounds d for reading: milliseconds under a minute.
func roundDuration(d time.Duration) time.Duration {
	switch {
	case d >= time.Minute:
		return d.Round(time.Second)
	case d >= time.Millisecond:
		return d.Round(time.Millisecond)
	}
	return d.Round(time.Microsecond)
}
