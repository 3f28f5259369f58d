package values

import (
	"bytes"
	"math"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	doctext "github.com/evalopt/evalopt/checks/internal/text"
)

// The value lexer: a sentence (or a table cell) is cut into tokens, and
// values are read from the tokens by their grammar — a currency and a
// figure, a figure and a unit, number words with or without a figure in
// brackets ("twenty-four (24) hours"), a date. Everything is a single
// left-to-right pass with bounded look-ahead, so the cost is linear in the
// text.

// vtokKind is the kind of a value token.
type vtokKind uint8

const (
	tWord vtokKind = iota // letters, with digits and inner apostrophes
	tNum                  // a figure: digits with thousands commas and decimals
	tSym                  // one symbol rune: currency sign, bracket, operator
)

// vtok is one token of a sentence.
type vtok struct {
	start, end int
	kind       vtokKind
	space      bool  // white space stands before it
	word       int32 // 1 + index of its word in valueDoc.words; 0 until interned
}

// vTokenize appends the tokens of text[from:to] to dst.
func vTokenize(dst []vtok, text string, from, to int) []vtok {
	space := true
	for i := from; i < to; {
		c := text[i]
		if c == ' ' || c == '\t' || c == '\n' || c == '\r' {
			space = true
			i++
			continue
		}
		if c >= utf8.RuneSelf {
			r, n := utf8.DecodeRuneInString(text[i:to])
			if r == 0xA0 || r == 0x202F || r == 0x2009 || unicode.IsSpace(r) {
				space = true
				i += n
				continue
			}
			if unicode.IsLetter(r) {
				e := vWordEnd(text, i, to)
				dst = append(dst, vtok{start: i, end: e, kind: tWord, space: space})
				space, i = false, e
				continue
			}
			dst = append(dst, vtok{start: i, end: i + n, kind: tSym, space: space})
			space, i = false, i+n
			continue
		}
		switch {
		case c >= '0' && c <= '9':
			e := vFigureEnd(text, i, to)
			dst = append(dst, vtok{start: i, end: e, kind: tNum, space: space})
			i = e
		case doctext.WordByte[c]:
			e := vWordEnd(text, i, to)
			dst = append(dst, vtok{start: i, end: e, kind: tWord, space: space})
			i = e
		default:
			dst = append(dst, vtok{start: i, end: i + 1, kind: tSym, space: space})
			i++
		}
		space = false
	}
	return dst
}

// vWordEnd returns the end of the word starting at i: letters, digits and
// '_', with an apostrophe between letters ("you've", "Parcelry's"); a
// trailing apostrophe ("months' notice") is left out.
func vWordEnd(text string, i, to int) int {
	for i < to {
		c := text[i]
		if c < utf8.RuneSelf {
			if doctext.WordByte[c] || c == '\'' && i+1 < to && vIsLetterByte(text[i+1]) {
				i++
				continue
			}
			return i
		}
		r, n := utf8.DecodeRuneInString(text[i:to])
		if unicode.IsLetter(r) || unicode.IsDigit(r) || r == '’' && i+n < to && vIsLetterByte(text[i+n]) {
			i += n
			continue
		}
		return i
	}
	return i
}

func vIsLetterByte(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }

// vFigureEnd returns the end of the figure starting at i: digits, with
// thousands groups (",ddd") and a decimal part (".d"); "7.2.1" is read as
// one token too (a clause number).
func vFigureEnd(text string, i, to int) int {
	for i < to && text[i] >= '0' && text[i] <= '9' {
		i++
	}
	for i+1 < to {
		switch {
		case text[i] == ',' && vThreeDigits(text, i+1, to):
			i += 4
		case text[i] == '.' && text[i+1] >= '0' && text[i+1] <= '9':
			i += 2
			for i < to && text[i] >= '0' && text[i] <= '9' {
				i++
			}
		default:
			return i
		}
	}
	return i
}

// vThreeDigits reports whether text[i:] starts with exactly three digits
// (a thousands group).
func vThreeDigits(text string, i, to int) bool {
	if i+3 > to {
		return false
	}
	for k := i; k < i+3; k++ {
		if text[k] < '0' || text[k] > '9' {
			return false
		}
	}
	return i+3 == to || text[i+3] < '0' || text[i+3] > '9'
}

// vFigureValue parses a figure token ("1,284.60"); ok is false for a
// clause-like number with two dots ("7.2.1").
func vFigureValue(s string) (float64, bool) {
	if strings.Count(s, ".") > 1 {
		return 0, false
	}
	v, err := strconv.ParseFloat(strings.ReplaceAll(s, ",", ""), 64)
	if err != nil || math.IsInf(v, 0) || math.IsNaN(v) {
		return 0, false
	}
	return v, true
}

// vLowerWord returns the lower-cased ASCII form of a word in buf (no
// allocation for words of up to 32 bytes); ok is false for longer or
// non-ASCII words.
func vLowerWord(buf *[32]byte, w string) (string, bool) {
	if len(w) > len(buf) {
		return "", false
	}
	for i := 0; i < len(w); i++ {
		c := w[i]
		if c >= utf8.RuneSelf {
			return "", false
		}
		if c >= 'A' && c <= 'Z' {
			c += 'a' - 'A'
		}
		buf[i] = c
	}
	return string(buf[:len(w)]), true
}

// vDurationUnits maps a unit word to its class and the factor to the
// class's base unit.
var vDurationUnits = map[string]struct {
	class  string
	factor float64
}{
	"day": {"days", 1}, "days": {"days", 1}, "week": {"days", 7}, "weeks": {"days", 7},
	"month": {"months", 1}, "months": {"months", 1}, "year": {"months", 12}, "years": {"months", 12},
	"hour": {"minutes", 60}, "hours": {"minutes", 60}, "hr": {"minutes", 60}, "hrs": {"minutes", 60}, "h": {"minutes", 60},
	"minute": {"minutes", 1}, "minutes": {"minutes", 1}, "min": {"minutes", 1}, "mins": {"minutes", 1},
	"second": {"seconds", 1}, "seconds": {"seconds", 1}, "sec": {"seconds", 1}, "secs": {"seconds", 1},
}

// vDayQualifiers make "days" a different unit: "10 business days".
var vDayQualifiers = map[string]string{"business": "bdays", "working": "bdays", "banking": "bdays", "clear": "days", "calendar": "days"}

// vRateUnits are what an amount or a duration can be "per": "a month",
// "per kg", "/mo", "each night".
var vRateUnits = map[string]string{
	"day": "day", "days": "day", "daily": "day", "night": "night", "week": "week", "weekly": "week", "fortnight": "fortnight",
	"month": "month", "mo": "month", "monthly": "month", "year": "year", "yr": "year", "annum": "year", "annually": "year", "annual": "year",
	"hour": "hour", "hr": "hour", "hourly": "hour", "minute": "minute", "min": "minute", "quarter": "quarter", "quarterly": "quarter",
	"kg": "kg", "kilogram": "kg", "kilo": "kg", "gb": "gb", "mb": "mb", "seat": "seat", "user": "seat", "licence": "seat", "license": "seat",
	"person": "person", "guest": "person", "passenger": "person", "head": "person",
	"item": "item", "unit": "item", "order": "order", "transaction": "transaction", "claim": "claim", "call": "call", "message": "message",
	"km": "km", "mile": "mile", "sms": "message", "page": "page", "word": "word", "device": "device",
}

// vDigitKey returns the significant digits of v (as written to cents, with
// leading and trailing zeros dropped) and the count of its integer digits:
// 1284.6 gives ("12846", 4), 529200 gives ("5292", 6).
func vDigitKey(v float64) (string, int) {
	// Formatted on the stack and trimmed in place: one string, not four
	// (FuzzDigitKey holds the strings version).
	var buf [48]byte
	s := strconv.AppendFloat(buf[:0], math.Abs(v), 'f', 2, 64)
	dot := bytes.IndexByte(s, '.')
	intDigits := dot
	if dot == 1 && s[0] == '0' {
		intDigits = 0
	}
	s = append(s[:dot], s[dot+1:]...)
	i, j := 0, len(s)
	for i < j && s[i] == '0' {
		i++
	}
	for j > i && s[j-1] == '0' {
		j--
	}
	return string(s[i:j]), intDigits
}

// vNearDigits reports whether two figures, given as digit keys (see
// vDigitKey), look like one figure mistyped as the other: the same
// magnitude and significant digits that differ by one swap of neighbours
// ("529,200" and "592,200") or one digit ("3,000,000" and "3,500,000").
// sig is the number of significant digits.
func vNearDigits(da string, ia int, db string, ib int) (near bool, sig int) {
	if ia != ib || da == db {
		return false, 0
	}
	// Compare on a common length: trailing zeros were dropped.
	n := max(len(da), len(db))
	at := func(s string, i int) byte {
		if i < len(s) {
			return s[i]
		}
		return '0'
	}
	diff := -1
	ndiff := 0
	for i := 0; i < n; i++ {
		if at(da, i) != at(db, i) {
			if ndiff == 0 {
				diff = i
			}
			ndiff++
		}
	}
	sig = max(len(da), len(db))
	switch ndiff {
	case 1:
		return true, sig
	case 2:
		return diff+1 < n && at(da, diff) == at(db, diff+1) && at(da, diff+1) == at(db, diff), sig
	}
	return false, sig
}

// vNumberWordsByLen lists the number words a value may start with, by
// length, for vIsNumberWord.
var vNumberWordsByLen = func() (t [10][]string) {
	for w := range doctext.NumberWords {
		if len(w) < len(t) {
			t[len(w)] = append(t[len(w)], w)
		}
	}
	return t
}()

// numberWordFirst marks the first letters of number words, either case.
var numberWordFirst = func() (t [256]bool) {
	for w := range doctext.NumberWords {
		t[w[0]] = true
		t[w[0]-'a'+'A'] = true
	}
	return t
}()

// vIsNumberWord reports whether w is an English number word, ignoring
// case, without allocating.
func vIsNumberWord(w string) bool {
	if len(w) < 3 || len(w) >= len(vNumberWordsByLen) {
		return false
	}
	// The first two letters and the length rule out most words ("the",
	// "for", "that") before any lookup.
	a, b := w[0]|0x20, w[1]|0x20
	if a < 'a' || a > 'z' || b < 'a' || b > 'z' || numberWordLens[int(a-'a')*26+int(b-'a')]&(1<<len(w)) == 0 {
		return false
	}
	// Pack the first (up to) eight letters, lower-cased, and look the
	// packed key up: no string comparison for the common words.
	var key uint64
	for i := 0; i < len(w) && i < 8; i++ {
		c := w[i] | 0x20
		if c < 'a' || c > 'z' {
			return false
		}
		key = key<<8 | uint64(c)
	}
	key = key<<8 | uint64(len(w))
	return numberWordKeys[key]
}

// numberWordLens holds, per pair of first letters (a-z, a-z), a bit per
// length of the number words that start with it.
var numberWordLens = func() (t [26 * 26]uint16) {
	for w := range doctext.NumberWords {
		if len(w) < len(vNumberWordsByLen) {
			t[int(w[0]-'a')*26+int(w[1]-'a')] |= 1 << len(w)
		}
	}
	return t
}()

// numberWordKeys holds the packed keys of the number words (see
// vIsNumberWord).
var numberWordKeys = func() map[uint64]bool {
	m := map[uint64]bool{}
	for w := range doctext.NumberWords {
		var key uint64
		for i := 0; i < len(w) && i < 8; i++ {
			key = key<<8 | uint64(w[i])
		}
		m[key<<8|uint64(len(w))] = true
	}
	return m
}()

// vMayHoldValue reports whether s may hold a value: a figure next to a
// currency or followed by a unit, a date or a time, a currency sign, or a
// number word. It is a byte scan that spares the tokenizer the sentences
// that hold none — in a contract, most figures are clause numbers.
func vMayHoldValue(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '$':
			return true
		case c >= '0' && c <= '9':
			j := i
			for j < len(s) && (s[j] >= '0' && s[j] <= '9' || (s[j] == ',' || s[j] == '.') && j+1 < len(s) && s[j+1] >= '0' && s[j+1] <= '9') {
				j++
			}
			if figureMayBeValue(s, i, j) {
				return true
			}
			i = j - 1
		case c == 0xC2 || c == 0xE2: // £ ¥ and € ₹ start with these bytes
			if i+1 < len(s) && (c == 0xC2 && (s[i+1] == 0xA3 || s[i+1] == 0xA5) || c == 0xE2 && s[i+1] == 0x82) {
				return true
			}
		case vIsLetterByte(c) && (i == 0 || !doctext.WordByte[s[i-1]]):
			e := i + 1
			for e < len(s) && doctext.WordByte[s[e]] {
				e++
			}
			if numberWordFirst[c] && vIsNumberWord(s[i:e]) {
				return true
			}
			i = e - 1
		}
	}
	return false
}

// figureMayBeValue reports whether the figure s[i:j] can be read as a
// value: a currency code or a month before it, or a unit, a percent sign,
// a time, a date or a scale after it.
func figureMayBeValue(s string, i, j int) bool {
	if valueWordBefore(s, i) {
		return true
	}
	// After: "%", ":30", "/2026", "-03-01", "-day", " days", "k", " million".
	if j >= len(s) {
		return false
	}
	switch s[j] {
	case '%', ':', '/':
		return true
	case '-':
		if j+1 < len(s) && s[j+1] >= '0' && s[j+1] <= '9' && j-i == 4 {
			return true // 2026-03-01
		}
	}
	k := j
	for k < len(s) && k < j+3 && (s[k] == ' ' || s[k] == '-' || s[k] == '*' || s[k] == '(' || s[k] == ')' || s[k] == '\t') {
		k++
	}
	e := k
	for e < len(s) && e-k < 12 && vIsLetterByte(s[e]) {
		e++
	}
	if e == k {
		return false
	}
	var buf [32]byte
	next, ok := vLowerWord(&buf, s[k:e])
	if !ok {
		return false
	}
	if valueWordAfter(next) {
		return true
	}
	// A count: "17 false claims", "40 queries".
	if n := len(next); n >= 4 && next[n-1] == 's' {
		return true
	}
	e2 := e
	for e2 < len(s) && s[e2] == ' ' {
		e2++
	}
	e3 := e2
	for e3 < len(s) && e3-e2 < 14 && vIsLetterByte(s[e3]) {
		e3++
	}
	return e3-e2 >= 4 && s[e3-1] == 's'
}

// valueWordBefore reports whether the word before offset i (after blanks)
// makes a figure there a value: a currency code or a month ("EUR 1,200",
// "March 1").
func valueWordBefore(s string, i int) bool {
	k := i
	for k > 0 && (s[k-1] == ' ' || s[k-1] == '\t') {
		k--
	}
	w := k
	for w > 0 && vIsLetterByte(s[w-1]) {
		w--
	}
	if k-w < 3 || k-w > 9 {
		return false
	}
	// ASCII letters: lower-cased on the stack, looked up without a copy.
	var buf [9]byte
	prev := buf[:k-w]
	for x := range prev {
		prev[x] = s[w+x] | 0x20
	}
	if _, ok := doctext.CurrencyWords[string(prev)]; ok {
		return true
	}
	_, ok := doctext.Months[string(prev)]
	return ok
}

// valueWordAfter reports whether next, the lower-cased word after a
// figure, makes it a value: a unit, a day qualifier, a currency, a month,
// a scale, or a word such as "percent", "times", "pm", "th", "of". One
// look-up in the union of those tables (vAfterWords), not five.
func valueWordAfter(next string) bool {
	return vAfterWords[next]
}

// vAfterWords are the keys of the tables valueWordAfter reads, and its own
// words (FuzzValueWordAfter holds the five look-ups).
var vAfterWords = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range []string{"percent", "per", "pct", "x", "times", "am", "pm", "a", "p", "st", "nd", "rd", "th", "of", "out"} {
		m[w] = true
	}
	for w := range vDurationUnits {
		m[w] = true
	}
	for w := range vDayQualifiers {
		m[w] = true
	}
	for w := range doctext.CurrencyWords {
		m[w] = true
	}
	for w := range doctext.Months {
		m[w] = true
	}
	for w := range doctext.ScaleWords {
		m[w] = true
	}
	return m
}()
