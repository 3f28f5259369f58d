package report

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/evalopt/evalopt/evaluator"
)

// failed is a failed criterion whose reason carries a location.
func failed(rule string, line, col int, text string) evaluator.Criterion {
	return evaluator.Criterion{Name: rule, Reason: fmt.Sprintf("%s found (line %d:%d, %q)", rule, line, col, text)}
}

// marked returns, per line number, the highlighted texts with their
// findings: "text#1,2".
func marked(v candidateView) map[int][]string {
	out := map[int][]string{}
	for _, l := range v.Lines {
		for _, s := range l.Segs {
			if len(s.Findings) > 0 {
				out[l.N] = append(out[l.N], fmt.Sprintf("%s#%s", s.Text, strings.Trim(strings.Join(strings.Fields(fmt.Sprint(s.Findings)), ","), "[]")))
			}
		}
	}
	return out
}

func TestHighlightPlacesFindings(t *testing.T) {
	text := "Fee: [AMOUNT] due [DATE].\n\nÜber naïve café [X] here\nlast line\n"
	d := evaluator.EvaluationDecision{Criteria: []evaluator.Criterion{
		failed("placeholder", 1, 6, "[AMOUNT]"),
		failed("placeholder", 1, 19, "[DATE]"),
		failed("runes", 3, 17, "[X]"),                                // columns count runes, not bytes
		failed("overlap", 1, 1, "Fee: [AMOUNT]"),                     // overlaps the first
		failed("multiline", 3, 21, "here\nlast"),                     // runs onto the next line
		failed("short", 4, 1, "last l…"),                             // shortened by checks
		failed("moved", 1, 1, "not here"),                            // text not at its place
		failed("empty line", 2, 1, ""),                               // an empty line
		failed("past", 40, 1, "x"),                                   // past the text
		{Name: "judge", Reason: "the tone is curt"},                  // no location
		{Name: "ok", Passed: true, Reason: "fine (line 1:1, \"F\")"}, // passed: not a finding
	}, BlockingFailures: []string{"placeholder: placeholder found (line 1:6, \"[AMOUNT]\")"}}
	fs, hidden := findingsOf(d)
	require.Zero(t, hidden)
	require.Len(t, fs, 10)
	assert.Equal(t, "block", fs[0].Severity, "listed among the blocking failures")
	assert.Equal(t, "", fs[1].Severity)
	v := newCandidateView("c", 3, "", text, fs, 0)
	assert.Equal(t, map[int][]string{
		1: {"Fee: #4,7", "[AMOUNT]#1,4,7", " due #7", "[DATE]#2,7", ".#7"},
		2: {"#8"},
		3: {"[X]#3", "here#5"},
		4: {"last#5,6", " l#6"},
	}, marked(v))
	for _, f := range v.Findings {
		switch f.Rule {
		case "past", "judge":
			assert.False(t, f.Placed, f.Rule)
		case "moved", "empty line":
			assert.True(t, f.Placed, f.Rule)
			assert.False(t, f.Exact, f.Rule)
		default:
			assert.True(t, f.Placed && f.Exact, f.Rule)
		}
	}
	// Each finding's footnote comes once, where its highlight ends.
	ends := map[int]int{}
	for _, l := range v.Lines {
		for _, s := range l.Segs {
			for _, n := range s.Ends {
				ends[n]++
			}
		}
	}
	assert.Equal(t, map[int]int{1: 1, 2: 1, 3: 1, 4: 1, 5: 1, 6: 1, 7: 1, 8: 1}, ends)
}

func TestHighlightBounds(t *testing.T) {
	var b strings.Builder
	for i := 0; i < maxCandidateLines+50; i++ {
		b.WriteString("line\n")
	}
	var crit []evaluator.Criterion
	for i := 0; i < maxFindings+7; i++ {
		crit = append(crit, failed("r", 1, 1, "line"))
	}
	fs, hidden := findingsOf(evaluator.EvaluationDecision{Criteria: crit})
	assert.Len(t, fs, maxFindings)
	assert.Equal(t, 7, hidden)
	v := newCandidateView("c", 0, "", b.String(), fs, hidden)
	assert.Len(t, v.Lines, maxCandidateLines)
	assert.Equal(t, 50, v.HiddenLines)

	// A candidate past the byte bound is cut on a rune boundary.
	big := strings.Repeat("é", maxCandidateBytes) // 2 bytes a rune
	v = newCandidateView("c", 0, "", "x"+big, nil, 0)
	require.Len(t, v.Lines, 1)
	assert.LessOrEqual(t, len(v.Lines[0].Segs[0].Text), maxCandidateBytes)
	assert.True(t, strings.HasSuffix(v.Lines[0].Segs[0].Text, "é"))
}
