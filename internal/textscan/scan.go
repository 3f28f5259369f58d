// Package textscan is the word tokenizer the text checks share: one scanner
// for word boundaries over UTF-8, configured per engine by a table of
// character classes, reporting byte offsets into the original text; and
// case folding into a caller's buffer without allocating.
//
// The engines differ in what a word is (the checks package joins "don't"
// but splits "and/or"; readability keeps "and/or" and "3.2(a)" whole; quote
// verification counts combining marks as part of a word), so each builds
// its own Scanner from Rules once, at package initialisation, and calls
// Next or Words on it. A Scanner is immutable and safe for concurrent use.
package textscan

import (
	"iter"
	"unicode"
	"unicode/utf8"
)

// Class is what a character is to the scanner.
type Class uint8

const (
	// Break ends a word and is skipped between words. It is the zero Class.
	Break Class = iota
	// Letter starts and continues a word (letters and digits, typically).
	Letter
	// Mark continues a word right after a Letter or Mark but never starts
	// one (combining accents written after their letter).
	Mark
	// Joiner stays inside a word when Letters stand on both sides
	// ("don't", "and/or"); at the edges of a word it is trimmed.
	Joiner
	// Pair is a Joiner when single and a Break when the same ASCII byte
	// follows it: "singer-songwriter" is one word, "now--then" two. Only
	// ASCII bytes can be a Pair; Rules.Other returning Pair means Joiner.
	Pair
)

// multi marks the bytes that start or continue a multi-byte sequence in
// the scanner's byte table; it is not a Class a rule can give.
const multi Class = 0xFF

// Rules say what a word is.
type Rules struct {
	// ASCII gives the class of every ASCII byte. The zero value makes every
	// byte a Break; ASCIIAlnum gives the usual starting point.
	ASCII [utf8.RuneSelf]Class
	// Other gives the class of a non-ASCII rune; an invalid UTF-8 byte is
	// passed as utf8.RuneError and counts as one byte. Nil means
	// LettersAndDigits.
	Other func(r rune) Class
	// SingleJoiner lets at most one Joiner stand between two Letters
	// ("don't" is one word, "don''t" two). The default (false) joins any
	// run of Joiners and single Pairs.
	SingleJoiner bool
	// JoinASCIIOnly lets a Joiner join only when an ASCII Letter follows
	// it; a non-ASCII Letter after a Joiner starts a new word. The default
	// (false) joins before any Letter.
	JoinASCIIOnly bool
}

// ASCIIAlnum returns an ASCII class table with the letters A-Z, a-z and
// the digits 0-9 as Letter and every other byte as Break.
func ASCIIAlnum() (t [utf8.RuneSelf]Class) {
	for c := range t {
		if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' {
			t[c] = Letter
		}
	}
	return t
}

// LettersAndDigits classifies a non-ASCII rune as Letter when Unicode
// calls it a letter or a digit, and as Break otherwise. It is the default
// Rules.Other.
func LettersAndDigits(r rune) Class {
	if IsAlnum(r) {
		return Letter
	}
	return Break
}

// IsAlnum reports whether Unicode calls r a letter or a digit.
func IsAlnum(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

// Scanner finds the words of a text under its Rules. Build it with New; it
// is immutable and safe for concurrent use.
type Scanner struct {
	class         [256]Class // by byte; multi from 0x80 up
	other         func(rune) Class
	singleJoiner  bool
	joinASCIIOnly bool
}

// New returns a Scanner for r.
func New(r Rules) *Scanner {
	sc := &Scanner{other: r.Other, singleJoiner: r.SingleJoiner, joinASCIIOnly: r.JoinASCIIOnly}
	if sc.other == nil {
		sc.other = LettersAndDigits
	}
	copy(sc.class[:], r.ASCII[:])
	for c := utf8.RuneSelf; c < len(sc.class); c++ {
		sc.class[c] = multi
	}
	return sc
}

// Next returns the first word of text that starts at or after pos: its
// byte range [start, end) in text and ok true, or ok false when no word is
// left. A word starts at a Letter and runs to the last Letter or Mark
// before a Break (or before a Joiner the Rules do not let join), so it
// never begins or ends with a Joiner. start and end fall on rune
// boundaries, pos <= start < end <= len(text), and the next word starts at
// or after end. A pos outside [0, len(text)] finds nothing.
//
// The cost is linear in the bytes read; a run of Joiners after a word's
// last Letter is read again by the next call.
func (sc *Scanner) Next(text string, pos int) (start, end int, ok bool) {
	if pos < 0 {
		return 0, 0, false
	}
	// Skip to the first Letter.
	i := pos
	for i < len(text) {
		c := sc.class[text[i]]
		if c == Letter {
			break
		}
		if c != multi {
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(text[i:])
		if sc.other(r) == Letter {
			break
		}
		i += size
	}
	if i >= len(text) {
		return 0, 0, false
	}
	last, joiners := i, 0 // end of the last Letter or Mark; Joiners since
	for j := i; j < len(text); {
		// The bulk of any text: a tight loop over a run of ASCII Letters.
		k := j
		for k < len(text) && sc.class[text[k]] == Letter {
			k++
		}
		if k > j {
			last, joiners, j = k, 0, k
			if j == len(text) {
				break
			}
		}
		c, size := sc.class[text[j]], 1
		if c == multi {
			var r rune
			r, size = utf8.DecodeRuneInString(text[j:])
			if c = sc.other(r); c == Pair {
				c = Joiner
			}
		}
		switch c {
		case Letter: // non-ASCII: ASCII Letters went through the tight loop
			if joiners > 0 && sc.joinASCIIOnly {
				return i, last, true
			}
			last, joiners = j+size, 0
		case Mark:
			if joiners > 0 {
				return i, last, true
			}
			last = j + size
		case Pair:
			if j+1 < len(text) && text[j+1] == text[j] {
				return i, last, true
			}
			fallthrough
		case Joiner:
			if joiners > 0 && sc.singleJoiner {
				return i, last, true
			}
			joiners++
		default: // Break
			return i, last, true
		}
		j += size
	}
	return i, last, true
}

// Words yields the start and end of every word of text, in order (see
// Next). It holds no list, so memory stays constant whatever the text.
func (sc *Scanner) Words(text string) iter.Seq2[int, int] {
	return func(yield func(start, end int) bool) {
		for pos := 0; ; {
			s, e, ok := sc.Next(text, pos)
			if !ok || !yield(s, e) {
				return
			}
			pos = e
		}
	}
}
