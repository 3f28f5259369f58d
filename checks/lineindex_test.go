package checks

import (
	"testing"

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
	f := Finding{Rule: "placeholder.unfilled", Severity: SeverityBlock, Message: "unfilled placeholder", Location: x.Locate(10, 16, text)}
	c := f.Criterion()
	require.Equal(t, "placeholder.unfilled", c.Name)
	assert.False(t, c.Passed)
	assert.Equal(t, `unfilled placeholder (line 1:11, "[DATE]")`, c.Reason)
}

func TestShorten(t *testing.T) {
	assert.Equal(t, "abc", shorten("abc", 3))
	assert.Equal(t, "ab…", shorten("abc", 2))
	assert.Equal(t, "éé…", shorten("ééé", 2))
}
