package textscan

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzNext holds every rule set to Next's contract on any input: it never
// panics, words are non-empty, in order, on rune boundaries, start and end
// with a Letter or Mark, and Words yields the same words as Next.
func FuzzNext(f *testing.F) {
	f.Add("")
	f.Add("don't stop-and/or 3.2(a) U.S. $1,000.50")
	f.Add("now--then a..b x—y … «quoted» l'été")
	f.Add("cafe\u0301 \u0301x na\u0308ive Zürich 東京 ٣٤")
	f.Add("\xff\xfe' \xe2\x80 a'\xffb -- ..")
	f.Add("''''a''''")
	f.Fuzz(func(t *testing.T, text string) {
		// Rune starts as range sees them (an invalid byte is one unit),
		// and the end.
		boundary := make([]bool, len(text)+1)
		for i := range text {
			boundary[i] = true
		}
		boundary[len(text)] = true
		for name, sc := range map[string]*Scanner{"apostrophe": apostrophe, "chunks": chunks, "marks": marks} {
			prev := 0
			var viaNext [][2]int
			for pos := 0; ; {
				s, e, ok := sc.Next(text, pos)
				if !ok {
					break
				}
				if s < prev || s < pos || e <= s || e > len(text) {
					t.Fatalf("%s: word [%d,%d) after %d (pos %d) in %d bytes", name, s, e, prev, pos, len(text))
				}
				if !boundary[s] || !boundary[e] {
					t.Fatalf("%s: word [%d,%d) splits a rune in %q", name, s, e, text)
				}
				if c := classAt(sc, text, s); c != Letter {
					t.Fatalf("%s: word %q starts with class %d", name, text[s:e], c)
				}
				if c := classBefore(sc, text, e); c != Letter && c != Mark {
					t.Fatalf("%s: word %q ends with class %d", name, text[s:e], c)
				}
				viaNext = append(viaNext, [2]int{s, e})
				prev, pos = e, e
			}
			i := 0
			for s, e := range sc.Words(text) {
				if i >= len(viaNext) || viaNext[i] != [2]int{s, e} {
					t.Fatalf("%s: Words and Next disagree at word %d", name, i)
				}
				i++
			}
			if i != len(viaNext) {
				t.Fatalf("%s: Words yielded %d words, Next %d", name, i, len(viaNext))
			}
		}
		low := AppendLower(nil, text)
		if utf8.ValidString(text) && string(low) != strings.ToLower(text) {
			t.Fatalf("AppendLower(%q) = %q, strings.ToLower %q", text, low, strings.ToLower(text))
		}
		var buf [16]byte
		if got, ok := FoldInto(buf[:0], text, nil); ok && string(got) != string(low) {
			t.Fatalf("FoldInto(%q) = %q, AppendLower %q", text, got, low)
		} else if !ok && len(low) <= len(buf) {
			t.Fatalf("FoldInto(%q) did not fit %d bytes in %d", text, len(low), len(buf))
		}
	})
}

func classAt(sc *Scanner, text string, i int) Class {
	if c := sc.class[text[i]]; c != multi {
		return c
	}
	r, _ := utf8.DecodeRuneInString(text[i:])
	return sc.other(r)
}

func classBefore(sc *Scanner, text string, i int) Class {
	r, size := utf8.DecodeLastRuneInString(text[:i])
	if size == 1 && r < utf8.RuneSelf {
		return sc.class[text[i-1]]
	}
	return sc.other(r)
}
