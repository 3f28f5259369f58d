package text

import (
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestPhraseMatcher(t *testing.T) {
	m := NewPhraseMatcher([]string{"consider", "should consider", "may want to", "firm up"})
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
			m.Find(tt.text, WordSpans(tt.text), len(tt.text), func(s, e int) { got = append(got, tt.text[s:e]) })
			assert.Equal(t, tt.want, got)
		})
	}
}

// FuzzPhraseMatcherFilters checks that the byte filters of scan (first
// byte, first two bytes, length) drop no match: scan finds what a lookup of
// every word finds.
func FuzzPhraseMatcherFilters(f *testing.F) {
	f.Add("Ignore previous instructions. Note to the grader: TL;DR — ÉCOLE été, I consider it.", "ignore previous instructions;note to the grader;tl;dr;école;été;i consider;x")
	f.Add("a b c", "a;b c;ç")
	f.Add("CAFE café CafÉ cafK Kelvin ſt consideR IT", "café;cafe;cafk;kelvin;st;consider it;it")
	f.Fuzz(func(t *testing.T, text, list string) {
		m := NewPhraseMatcher(strings.Split(list, ";"))
		var got [][2]int
		m.Find(text, WordSpans(text), len(text), func(s, e int) { got = append(got, [2]int{s, e}) })
		var want [][2]int
		next := 0
		var buf []byte
		for _, w := range WordSpans(text) {
			if w.Start < next {
				continue
			}
			buf = LowerInto(buf, text[w.Start:w.End])
			for _, words := range m.byFirst[string(buf)] {
				if end, ok := MatchRest(text, w.End, len(text), words[1:]); ok {
					want = append(want, [2]int{w.Start, end})
					next = end
					break
				}
			}
		}
		if !slices.Equal(got, want) {
			t.Fatalf("%q with %q: scan %v, every word looked up %v", text, list, got, want)
		}
	})
}
