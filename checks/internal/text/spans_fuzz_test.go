package text

import (
	"slices"
	"strings"
	"testing"

	"github.com/evalopt/evalopt/checks/internal/quotematch"
)

// passagesOf collects quotematch.Passages as spans: what QuotedSpans and
// AppendQuotedSpans return.
func passagesOf(text string, from, to int) []Span {
	var out []Span
	for p := range quotematch.Passages(text, from, to) {
		out = append(out, Span{p.Start, p.End})
	}
	return out
}

// FuzzQuotedSpans checks QuotedSpans and AppendQuotedSpans (one scan up to
// maxOnePassQuotes) against the passages, and that AppendQuotedSpans keeps
// what dst held.
func FuzzQuotedSpans(f *testing.F) {
	for _, s := range []string{`He said "thirty (30) days" and “the cap”.`, "> quoted line\nplain \"a\" \"b", `""""`, "", "“no close"} {
		f.Add(s, 0, len(s))
	}
	f.Fuzz(func(t *testing.T, s string, from, to int) {
		from, to = min(max(from, 0), len(s)), min(max(to, 0), len(s))
		if from > to {
			from, to = to, from
		}
		want := passagesOf(s, from, to)
		if got := QuotedSpans(s, from, to); !slices.Equal(got, want) || (got == nil) != (want == nil) {
			t.Fatalf("QuotedSpans(%q, %d, %d) = %v, passages %v", s, from, to, got, want)
		}
		pre := []Span{{-2, -1}}
		if got := AppendQuotedSpans(pre, s, from, to); !slices.Equal(got, append(pre, want...)) {
			t.Fatalf("AppendQuotedSpans(%q, %d, %d) = %v, passages %v", s, from, to, got, want)
		}
	})
}

// TestQuotedSpansLong checks the two-scan path past maxOnePassQuotes: the
// same spans, allocated once at (about) their size.
func TestQuotedSpansLong(t *testing.T) {
	s := strings.Repeat(`"a" b `, maxOnePassQuotes/6+100)
	want := passagesOf(s, 0, len(s))
	got := QuotedSpans(s, 0, len(s))
	if !slices.Equal(got, want) || cap(got) != len(got) {
		t.Fatalf("QuotedSpans: %d spans (cap %d), passages %d", len(got), cap(got), len(want))
	}
	// Grown once: to the allocator's size class, not by doubling.
	if got := AppendQuotedSpans(nil, s, 0, len(s)); !slices.Equal(got, want) || cap(got) > len(got)+len(got)/8 {
		t.Fatalf("AppendQuotedSpans: %d spans (cap %d), passages %d", len(got), cap(got), len(want))
	}
}

// FuzzWordSpans checks WordSpans, read with Next, against the word
// iterator it stands for.
func FuzzWordSpans(f *testing.F) {
	for _, s := range []string{"The Buyer's fee: 30 days, don''t 'quote'.", "F12 – Liability “cap”", "", "ſ ü 9.5"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var want []Span
		for a, b := range wordScanner.Words(s) {
			want = append(want, Span{a, b})
		}
		if got := WordSpans(s); !slices.Equal(got, want) {
			t.Fatalf("WordSpans(%q) = %v, Words: %v", s, got, want)
		}
	})
}
