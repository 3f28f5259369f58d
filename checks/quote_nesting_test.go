package checks

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestQuotedSpansNested(t *testing.T) {
	tests := []struct {
		name string
		text string
		want []string
	}{
		{"inner quotes kept inside", `Add: "Posts must carry the label "Sponsored" or "Paid partnership" at the top." Done.`,
			[]string{`"Posts must carry the label "Sponsored" or "Paid partnership" at the top."`}},
		{"two plain quotations", `the words "net sixty days" and "net thirty days" differ`,
			[]string{`"net sixty days"`, `"net thirty days"`}},
		{"closing after punctuation", `He wrote "stop the trial." Then "resume" came later.`,
			[]string{`"stop the trial."`, `"resume"`}},
		{"unclosed nesting falls back to order", "\"alpha \"beta gamma\n\ndelta\" rest",
			[]string{"\"alpha \""}},
		{"empty quotes", `an empty "" string and "x"`, []string{`""`, `"x"`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, s := range quotedSpans(tt.text, 0, len(tt.text)) {
				got = append(got, tt.text[s.start:s.end])
			}
			assert.Equal(t, tt.want, got)
		})
	}
}

func FuzzCloseStraightQuote(f *testing.F) {
	for _, s := range []string{`"a "b" c"`, `"x`, `""`, "\"a\n\n\"b\"", `say "1" "2" "3"`, `("(")"`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for i := 0; i < len(s); i++ {
			if s[i] != '"' {
				continue
			}
			e := closeStraightQuote(s, i, len(s))
			if e >= 0 && (e <= i || e >= len(s) || s[e] != '"') {
				t.Fatalf("closeStraightQuote(%q, %d) = %d", s, i, e)
			}
		}
		prev := 0
		for _, sp := range quotedSpans(s, 0, len(s)) {
			if sp.start < prev || sp.end > len(s) || sp.end <= sp.start {
				t.Fatalf("quotedSpans(%q): bad span %v after %d", s, sp, prev)
			}
			prev = sp.end
		}
	})
}
