package textscan

import (
	"testing"
	"unicode"
	"unicode/utf8"
)

func TestAppendLower(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"", ""},
		{"Hello WORLD", "hello world"},
		{"ÀÉÎ Straße ΣΑΣ", "àéî straße σασ"},
		{"\u023A", "\u2C65"}, // two bytes become three
		{"a\xffB", "a\uFFFDb"},
	} {
		if got := string(AppendLower(nil, tc.in)); got != tc.want {
			t.Errorf("AppendLower(%q) = %q, want %q", tc.in, got, tc.want)
		}
		if got := string(AppendLower([]byte("x:"), tc.in)); got != "x:"+tc.want {
			t.Errorf("AppendLower keeps dst: got %q", got)
		}
	}
}

func TestAppendLowerReusesTheBuffer(t *testing.T) {
	buf := make([]byte, 0, 64)
	allocs := testing.AllocsPerRun(100, func() {
		buf = AppendLower(buf[:0], "Notwithstanding Zürich")
	})
	if allocs != 0 {
		t.Fatalf("AppendLower allocated %v times with room in the buffer", allocs)
	}
}

// TestLowerLengthBound holds AppendLower's second pass to its bound: no
// rune grows by more than half under unicode.ToLower.
func TestLowerLengthBound(t *testing.T) {
	for r := rune(0); r <= unicode.MaxRune; r++ {
		if !utf8.ValidRune(r) {
			continue
		}
		if n, l := utf8.RuneLen(r), utf8.RuneLen(unicode.ToLower(r)); 2*l > 3*n {
			t.Fatalf("ToLower(%U) is %d bytes from %d", r, l, n)
		}
	}
}

func TestFoldInto(t *testing.T) {
	fold := func(r rune) rune {
		if r == '’' {
			return '\''
		}
		return unicode.ToLower(r)
	}
	var buf [8]byte
	for _, tc := range []struct {
		in, want string
		ok       bool
	}{
		{"Don’t", "don't", true},
		{"ABCDEFGH", "abcdefgh", true},
		{"ABCDEFGHI", "", false},
		{"ÉÉÉÉ", "éééé", true},
		{"ÉÉÉÉÉ", "", false},
		{"aaaaaaa\u023A", "", false}, // the last rune grows past the end
	} {
		got, ok := FoldInto(buf[:0], tc.in, fold)
		if ok != tc.ok || (ok && string(got) != tc.want) {
			t.Errorf("FoldInto(%q) = %q, %v; want %q, %v", tc.in, got, ok, tc.want, tc.ok)
		}
		if cap(got) != len(buf) || len(got) > len(buf) {
			t.Errorf("FoldInto(%q) left the caller's buffer", tc.in)
		}
	}
	if _, ok := FoldInto(make([]byte, 0, 8), "é", func(rune) rune { return -1 }); ok {
		t.Error("FoldInto accepted a fold result that cannot be encoded")
	}
	if got, ok := FoldInto(make([]byte, 0, 16), "x\xff", nil); !ok || string(got) != "x\uFFFD" {
		t.Errorf("FoldInto invalid byte = %q, %v", got, ok)
	}
}
