package quotematch

import (
	"testing"
	"unicode/utf8"
)

// onBoundary reports whether i is 0, len(s), or the start of a rune (an
// invalid byte counts as a rune of its own).
func onBoundary(s string, i int) bool {
	if i == 0 || i == len(s) {
		return true
	}
	if utf8.RuneStart(s[i]) {
		return true
	}
	for j := i - 1; j >= 0 && j >= i-3; j-- {
		if utf8.RuneStart(s[j]) {
			r, size := utf8.DecodeRuneInString(s[j:])
			return (r == utf8.RuneError && size == 1) || j+size <= i
		}
	}
	return true
}

func FuzzVerify(f *testing.F) {
	f.Add(source, "The Customer shall pay each invoice within thirty (30) days")
	f.Add(source, "either party … \"material breach\" ... sixty (60) days")
	f.Add("Ｆｕｌｌ　width “Quotes” ﬁne", "full width \"quotes\" fine")
	f.Add("a\u0301b c\xffd", "á b")
	f.Add("", "x")
	f.Fuzz(func(t *testing.T, src, q string) {
		m, err := Verify(src, q, Config{})
		if err != nil {
			return // only ErrEmptyQuote is possible with valid options
		}
		check := func(what string, s, e int, kind MatchKind) {
			if s == -1 && e == -1 {
				if kind != Fabricated {
					t.Fatalf("%s: kind %s without a location", what, kind)
				}
				return
			}
			if s < 0 || e < s || e > len(src) {
				t.Fatalf("%s: [%d,%d) outside source of %d bytes", what, s, e, len(src))
			}
			if !onBoundary(src, s) || !onBoundary(src, e) {
				t.Fatalf("%s: [%d,%d) splits a rune of %q", what, s, e, src)
			}
		}
		check("match", m.Start, m.End, m.Kind)
		if m.Score < 0 || m.Score > 1 {
			t.Fatalf("score %v outside [0,1]", m.Score)
		}
		prevEnd := 0
		for i, seg := range m.Segments {
			check("segment", seg.Start, seg.End, seg.Kind)
			if seg.Score < 0 || seg.Score > 1 {
				t.Fatalf("segment %d score %v outside [0,1]", i, seg.Score)
			}
			if seg.Kind != Fabricated {
				if seg.Start < prevEnd {
					t.Fatalf("segment %d starts at %d before the previous end %d", i, seg.Start, prevEnd)
				}
				prevEnd = seg.End
			}
			if seg.Kind.rank() > m.Kind.rank() {
				t.Fatalf("segment %d kind %s weaker than the match kind %s", i, seg.Kind, m.Kind)
			}
		}
		if m.Kind == Exact && len(m.Segments) == 1 && src[m.Start:m.End] != m.Segments[0].Quote {
			t.Fatalf("exact match %q differs from quote %q", src[m.Start:m.End], m.Segments[0].Quote)
		}
	})
}
