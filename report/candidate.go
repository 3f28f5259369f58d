package report

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/evalopt/evalopt/evaluator"
)

// Bounds on what one candidate view holds, whatever the candidate's size.
const (
	// maxCandidateBytes is how much of a candidate is shown; the rest is
	// counted, not shown.
	maxCandidateBytes = 512 << 10
	// maxCandidateLines is how many of its lines are shown.
	maxCandidateLines = 10_000
	// maxFindings is how many findings one candidate view lists.
	maxFindings = 500
	// maxReasonRunes bounds every reason, failure and instruction shown.
	maxReasonRunes = 2000
)

// finding is a failed criterion of a decision, located in the candidate
// when its reason carries the checks' location suffix.
type finding struct {
	// N numbers the finding on the page, from 1.
	N int
	// Rule is the criterion's name; Message its reason without the suffix.
	Rule, Message string
	// Severity is "block" or "warn" when the decision lists the criterion
	// among its blocking failures or revision instructions (as a
	// checks.Suite does), "" otherwise.
	Severity string
	// Loc is the parsed location; Located says whether there was one.
	Loc     Location
	Located bool
	// Placed is true when the location falls inside the shown text, so
	// the finding is highlighted; Exact when the quoted text was found at
	// the location (otherwise the highlight runs to the end of the line).
	Placed, Exact bool
}

// segment is a piece of a line: text, and the findings (by N) that cover
// it; Severity is the strictest of theirs. Ends lists the findings whose
// highlight ends with this segment, for their footnote marks.
type segment struct {
	Text     string
	Findings []int
	Severity string
	Ends     []int
	// Title names the covering findings, for the page's tooltip.
	Title string
}

// codeLine is one shown line of a candidate.
type codeLine struct {
	N    int
	Segs []segment
}

// candidateView is a candidate with its findings highlighted.
type candidateView struct {
	// ID prefixes the page anchors of its lines and findings ("c" gives
	// "c-L12" and "c-f3"), so that several views share a page.
	ID string
	// Step is the trace step that judged it, -1 when none did.
	Step int
	// Ref is the candidate's reference when the trace kept it out.
	Ref      string
	Lines    []codeLine
	Findings []finding
	// HiddenLines counts lines past the display bounds; HiddenFindings the
	// failed criteria past maxFindings.
	HiddenLines, HiddenFindings int
}

// span is a highlight: byte offsets [start, end) in the candidate.
type span struct {
	start, end int
	n          int
	severity   string
}

// findingsOf turns a decision's failed criteria into findings, numbered
// from 1, at most maxFindings.
func findingsOf(d evaluator.EvaluationDecision) (fs []finding, hidden int) {
	blocking := setOf(d.BlockingFailures)
	revise := setOf(d.RevisionInstructions)
	for _, c := range d.Criteria {
		if c.Passed {
			continue
		}
		if len(fs) == maxFindings {
			hidden++
			continue
		}
		f := finding{N: len(fs) + 1, Rule: c.Name}
		f.Message, f.Loc, f.Located = ParseReason(c.Reason)
		entry := c.Name + ": " + c.Reason
		switch {
		case blocking[entry]:
			f.Severity = "block"
		case revise[entry]:
			f.Severity = "warn"
		}
		f.Message = clip(f.Message)
		f.Loc.Text = clip(f.Loc.Text)
		fs = append(fs, f)
	}
	return fs, hidden
}

func setOf(ss []string) map[string]bool {
	m := make(map[string]bool, len(ss))
	for _, s := range ss {
		m[s] = true
	}
	return m
}

// newCandidateView lays text out in lines and highlights each located
// finding at its line and column.
func newCandidateView(id string, step int, ref, text string, fs []finding, hiddenFindings int) candidateView {
	v := candidateView{ID: id, Step: step, Ref: ref, Findings: fs, HiddenFindings: hiddenFindings}
	shown := text
	if len(shown) > maxCandidateBytes {
		cut := maxCandidateBytes
		for cut > 0 && !utf8.RuneStart(text[cut]) {
			cut--
		}
		shown = text[:cut]
	}
	lines := splitLines(shown)
	total := len(splitLines(text))
	if len(lines) > maxCandidateLines {
		lines = lines[:maxCandidateLines]
	}
	v.HiddenLines = total - len(lines)
	starts := make([]int, len(lines))
	off := 0
	for i, l := range lines {
		starts[i] = off
		off += len(l) + 1
	}
	shownEnd := off
	var spans []span
	for i := range v.Findings {
		f := &v.Findings[i]
		if !f.Located || f.Loc.Line > len(lines) {
			continue
		}
		s, ok := placeSpan(text, starts[f.Loc.Line-1], lines[f.Loc.Line-1], f)
		if !ok {
			continue
		}
		s.end = min(s.end, shownEnd)
		spans = append(spans, s)
	}
	titles := make(map[int]string, len(v.Findings))
	for _, f := range v.Findings {
		titles[f.N] = fmt.Sprintf("[%d] %s%s: %s", f.N, severityTag(f.Severity), f.Rule, oneLine(f.Message, 300))
	}
	v.Lines = make([]codeLine, len(lines))
	for i, l := range lines {
		segs := segmentsOf(l, starts[i], spans)
		for k := range segs {
			var t []string
			for _, n := range segs[k].Findings {
				t = append(t, titles[n])
			}
			segs[k].Title = strings.Join(t, "\n")
		}
		v.Lines[i] = codeLine{N: i + 1, Segs: segs}
	}
	return v
}

// placeSpan finds where f's highlight goes on a line that starts at byte
// lineStart of text: from its column for the length of its quoted text
// (a text shortened with "…" matches on what precedes the ellipsis), or to
// the end of the line when the text is not there. A line too short for
// the column, or an empty line, is highlighted whole.
func placeSpan(text string, lineStart int, line string, f *finding) (span, bool) {
	col := 0
	for i := range line {
		if col == f.Loc.Column-1 {
			col = -1 - i // found: store the byte offset, negated
			break
		}
		col++
	}
	s := span{n: f.N, severity: f.Severity}
	if col >= 0 || line == "" {
		s.start, s.end = lineStart, lineStart+len(line)
		f.Placed = true
		return s, true
	}
	s.start = lineStart - 1 - col
	rest := text[s.start:]
	want := f.Loc.Text
	switch {
	case want != "" && strings.HasPrefix(rest, want):
		s.end, f.Exact = s.start+len(want), true
	case strings.HasSuffix(want, "…") && len(want) > len("…") && strings.HasPrefix(rest, strings.TrimSuffix(want, "…")):
		s.end, f.Exact = s.start+len(want)-len("…"), true
	default:
		s.end = lineStart + len(line)
	}
	f.Placed = true
	return s, true
}

// segmentsOf cuts a line (starting at byte start of the candidate) at the
// edges of the spans that cover it. An empty line a span covers is one
// empty segment carrying the span, so the highlight still shows.
func segmentsOf(line string, start int, spans []span) []segment {
	end := start + len(line)
	cuts := []int{start, end}
	var over []span
	for _, s := range spans {
		covers := s.start < end && s.end > start
		if line == "" {
			covers = s.start <= start && s.end >= start
		}
		if covers {
			over = append(over, s)
			cuts = append(cuts, max(s.start, start), min(s.end, end))
		}
	}
	if len(over) == 0 {
		return []segment{{Text: line}}
	}
	if line == "" {
		seg := segment{}
		for _, s := range over {
			seg.Findings = append(seg.Findings, s.n)
			seg.Severity = stricter(seg.Severity, s.severity)
			if s.end <= end+1 {
				seg.Ends = append(seg.Ends, s.n)
			}
		}
		return []segment{seg}
	}
	slices.Sort(cuts)
	cuts = slices.Compact(cuts)
	segs := make([]segment, 0, len(cuts))
	for k := 0; k+1 < len(cuts); k++ {
		a, b := cuts[k], cuts[k+1]
		seg := segment{Text: line[a-start : b-start]}
		for _, s := range over {
			if s.start < b && s.end > a {
				seg.Findings = append(seg.Findings, s.n)
				seg.Severity = stricter(seg.Severity, s.severity)
				// A span that ends on the newline ends on this line.
				if s.end <= b || (b == end && s.end == end+1) {
					seg.Ends = append(seg.Ends, s.n)
				}
			}
		}
		segs = append(segs, seg)
	}
	return segs
}

// stricter returns the stricter of two finding severities ("" < warn <
// block); a finding of unknown severity shows as "note".
func stricter(a, b string) string {
	rank := map[string]int{"": 0, "note": 1, "warn": 2, "block": 3}
	if b == "" {
		b = "note"
	}
	if rank[b] > rank[a] {
		return b
	}
	return a
}

// clip bounds a string shown on the page to maxReasonRunes runes.
func clip(s string) string {
	if len(s) <= maxReasonRunes {
		return s
	}
	n := 0
	for i := range s {
		if n == maxReasonRunes {
			return s[:i] + "…"
		}
		n++
	}
	return s
}
