package checks

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestPhraseMatcher(t *testing.T) {
	m := newPhraseMatcher([]string{"consider", "should consider", "may want to", "firm up"})
	tests := []struct {
		text string
		want []string
	}{
		{"We should consider this.", []string{"should consider"}},
		{"Parties MAY  WANT\nto act.", []string{"MAY  WANT\nto"}},
		{"reconsider and considered", nil},
		{"Consider it; consider that.", []string{"Consider", "consider"}},
		{"firm-up the cap", []string{"firm-up"}},
		{"may want", nil},
		{"Ça consider", []string{"consider"}},
	}
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			var got []string
			m.find(tt.text, wordSpans(tt.text), len(tt.text), func(s, e int) { got = append(got, tt.text[s:e]) })
			assert.Equal(t, tt.want, got)
		})
	}
}
