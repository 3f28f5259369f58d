package text

import (
	"testing"
	"unicode/utf8"

	"github.com/evalopt/evalopt/checks/check"
	"github.com/evalopt/evalopt/checks/internal/clip"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestLineIndexLocate(t *testing.T) {
	tests := []struct {
		name       string
		text       string
		start, end int
		line, col  int
		want       string
	}{
		{"first byte", "abc\ndef", 0, 1, 1, 1, "a"},
		{"second line", "abc\ndef", 5, 7, 2, 2, "ef"},
		{"at newline", "abc\ndef", 3, 4, 1, 4, "\n"},
		{"after newline", "abc\n", 4, 4, 2, 1, ""},
		{"crlf", "ab\r\ncd", 4, 5, 2, 1, "c"},
		{"runes not bytes", "é€x\ny", 5, 6, 1, 3, "x"},
		{"runes second line", "a\nçç[DATE]", 6, 12, 2, 3, "[DATE]"},
		{"clamped", "abc", -4, 99, 1, 1, "abc"},
		{"end before start", "abc", 2, 1, 1, 3, ""},
		{"empty", "", 0, 0, 1, 1, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			x := NewLineIndex(tt.text)
			loc := x.Locate(tt.start, tt.end, tt.text)
			assert.Equal(t, tt.line, loc.Line, "line")
			assert.Equal(t, tt.col, loc.Column, "column")
			assert.Equal(t, tt.want, loc.Text)
		})
	}
}

func TestFindingCriterion(t *testing.T) {
	text := "Effective [DATE]."
	x := NewLineIndex(text)
	f := check.Finding{Rule: "placeholder.unfilled", Severity: check.SeverityBlock, Message: "unfilled placeholder", Location: x.Locate(10, 16, text)}
	c := f.Criterion()
	require.Equal(t, "placeholder.unfilled", c.Name)
	assert.False(t, c.Passed)
	assert.Equal(t, `unfilled placeholder (line 1:11, "[DATE]")`, c.Reason)
}

func TestShorten(t *testing.T) {
	assert.Equal(t, "abc", clip.Runes("abc", 3))
	assert.Equal(t, "ab…", clip.Runes("abc", 2))
	assert.Equal(t, "éé…", clip.Runes("ééé", 2))
}

func TestLineBounds(t *testing.T) {
	text := "ab\ncde\n\nf"
	x := NewLineIndex(text)
	for _, tt := range []struct{ off, start, end int }{
		{0, 0, 2}, {2, 0, 2}, {3, 3, 6}, {6, 3, 6}, {7, 7, 7}, {8, 8, 9}, {9, 8, 9}, {-1, 0, 2}, {99, 8, 9},
	} {
		s, e := x.LineBounds(tt.off)
		assert.Equal(t, []int{tt.start, tt.end}, []int{s, e}, "offset %d", tt.off)
	}
}

func TestLineIndexLongNonASCIILine(t *testing.T) {
	// Columns on a long line use the rune checkpoints; they must equal a
	// plain rune count, including with invalid UTF-8 in the way.
	var b []byte
	for i := 0; i < 3000; i++ {
		switch i % 7 {
		case 0:
			b = append(b, "é"...)
		case 3:
			b = append(b, 0xff)
		case 5:
			b = append(b, "€"[:2]...) // truncated rune
		default:
			b = append(b, 'a')
		}
	}
	text := "x\n" + string(b) + "\nend"
	x := NewLineIndex(text)
	for off := 2; off < len(text)-4; off += 37 {
		line, col := x.Position(off)
		assert.Equal(t, 2, line)
		assert.Equal(t, utf8.RuneCountInString(text[2:off])+1, col, "offset %d", off)
	}
}

func TestLinesAndParseList(t *testing.T) {
	assert.Equal(t, 1, NewLineIndex("").Lines())
	assert.Equal(t, 3, NewLineIndex("a\nb\n").Lines())
	assert.Equal(t, []string{"consider", "may want to"}, ParseList("# comment\n consider \n\nmay want to\n"))
	assert.NotEmpty(t, HedgePhrases())
	h := HedgePhrases()
	h[0] = "changed"
	assert.NotEqual(t, "changed", HedgePhrases()[0], "accessors return copies")
}
