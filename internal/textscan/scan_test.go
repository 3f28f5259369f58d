package textscan

import (
	"slices"
	"testing"
	"unicode"
)

// Three rule sets of the shapes the engines use.
var (
	// apostrophe: letters, digits and '_'; one ASCII apostrophe joins
	// before an ASCII letter (the checks package).
	apostrophe = func() *Scanner {
		r := Rules{ASCII: ASCIIAlnum(), SingleJoiner: true, JoinASCIIOnly: true}
		r.ASCII['_'] = Letter
		r.ASCII['\''] = Joiner
		return New(r)
	}()
	// chunks: everything but white space and dashes joins; "--" and ".."
	// break (readability).
	chunks = func() *Scanner {
		r := Rules{ASCII: ASCIIAlnum(), Other: func(r rune) Class {
			switch {
			case unicode.IsLetter(r) || unicode.IsDigit(r):
				return Letter
			case r == '—' || unicode.IsSpace(r):
				return Break
			}
			return Joiner
		}}
		for c := range r.ASCII {
			if r.ASCII[c] == Break && c > ' ' && c < 0x7f {
				r.ASCII[c] = Joiner
			}
		}
		r.ASCII['.'], r.ASCII['-'] = Pair, Pair
		return New(r)
	}()
	// marks: runs of letters, digits and combining marks (quote).
	marks = New(Rules{ASCII: ASCIIAlnum(), Other: func(r rune) Class {
		if unicode.IsMark(r) {
			return Mark
		}
		return LettersAndDigits(r)
	}})
)

func words(sc *Scanner, text string) []string {
	var out []string
	for s, e := range sc.Words(text) {
		out = append(out, text[s:e])
	}
	return out
}

func TestWords(t *testing.T) {
	tests := []struct {
		name string
		sc   *Scanner
		text string
		want []string
	}{
		{"apostrophe joins once", apostrophe, "don't don''t 'quoted' it's_ok", []string{"don't", "don", "t", "quoted", "it's_ok"}},
		{"apostrophe needs an ASCII letter after", apostrophe, "l'été l'a", []string{"l", "été", "l'a"}},
		{"apostrophe: other punctuation breaks", apostrophe, "and/or 3.2(a) singer-songwriter", []string{"and", "or", "3", "2", "a", "singer", "songwriter"}},
		{"apostrophe: unicode letters and digits", apostrophe, "Zürich ٣٤ 東京", []string{"Zürich", "٣٤", "東京"}},
		{"chunks keep inner punctuation", chunks, "and/or 3.2(a) U.S. $1,000.50 don't", []string{"and/or", "3.2(a", "U.S", "1,000.50", "don't"}},
		{"chunks: pairs and wide dashes break", chunks, "now--then a..b x—y a-b a.-b", []string{"now", "then", "a", "b", "x", "y", "a-b", "a.-b"}},
		{"chunks: no letter, no word", chunks, "& -- ... ( )", nil},
		{"chunks: leading pair after a word", chunks, "a...b", []string{"a", "b"}},
		{"marks continue but never start", marks, "cafe\u0301 \u0301x na\u0308ive", []string{"cafe\u0301", "x", "na\u0308ive"}},
		{"marks: punctuation breaks", marks, "don't and/or", []string{"don", "t", "and", "or"}},
		{"invalid UTF-8 is not a letter", marks, "ab\xffcd", []string{"ab", "cd"}},
		{"empty", apostrophe, "", nil},
		{"only breaks", marks, " \t\n!?", nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := words(tc.sc, tc.text); !slices.Equal(got, tc.want) {
				t.Fatalf("words(%q) = %q, want %q", tc.text, got, tc.want)
			}
		})
	}
}

func TestNextBounds(t *testing.T) {
	text := "one two"
	for _, pos := range []int{-1, len(text), len(text) + 5} {
		if s, e, ok := marks.Next(text, pos); ok {
			t.Errorf("Next(pos %d) = %d, %d, true; want nothing", pos, s, e)
		}
	}
	if s, e, ok := marks.Next(text, 1); !ok || text[s:e] != "ne" {
		t.Errorf("Next(pos 1) = %d, %d, %v; want the rest of the first word", s, e, ok)
	}
	if s, e, ok := marks.Next(text, 3); !ok || text[s:e] != "two" {
		t.Errorf("Next(pos 3) = %d, %d, %v; want two", s, e, ok)
	}
}

func TestZeroRulesFindNothingASCII(t *testing.T) {
	sc := New(Rules{})
	if got := words(sc, "plain ascii words"); got != nil {
		t.Fatalf("zero Rules found %q in ASCII text", got)
	}
	if got := words(sc, "Zürich"); !slices.Equal(got, []string{"ü"}) {
		t.Fatalf("zero Rules: non-ASCII letters default to LettersAndDigits, got %q", got)
	}
}

func TestOtherPairMeansJoiner(t *testing.T) {
	sc := New(Rules{ASCII: ASCIIAlnum(), Other: func(r rune) Class {
		if r == '·' {
			return Pair
		}
		return LettersAndDigits(r)
	}})
	if got := words(sc, "a·b a··b"); !slices.Equal(got, []string{"a·b", "a··b"}) {
		t.Fatalf("got %q", got)
	}
}

func TestWordsStopsWhenTheLoopBreaks(t *testing.T) {
	n := 0
	for range apostrophe.Words("a b c d") {
		n++
		if n == 2 {
			break
		}
	}
	if n != 2 {
		t.Fatalf("iterated %d times, want 2", n)
	}
}
