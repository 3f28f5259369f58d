package evaluator

import (
	"encoding/json"
	"fmt"
	"strconv"
	"unicode/utf8"
)

// lexer reads the JSON values ParseDecision needs straight from the bytes.
// It replaces encoding/json's Decoder.Token, which boxes every token in an
// interface and made parsing a 2 KB decision cost hundreds of allocations;
// here a clean parse allocates little beyond the strings it returns.
// Positions are reported relative to the raw reply (base + index).
type lexer struct {
	b    []byte
	i    int
	base int64
}

func (l *lexer) pos() int64 { return l.base + int64(l.i) }

// fail reports a problem at the current position.
func (l *lexer) fail(problem string) error {
	return &ParseError{Offset: l.pos(), Problem: problem}
}

// failf reports a formatted problem at the current position.
func (l *lexer) failf(format string, args ...any) error {
	return l.fail(fmt.Sprintf(format, args...))
}

// failAt reports a problem with field at an absolute offset.
func (l *lexer) failAt(at int64, field, problem string) error {
	return &ParseError{Offset: at, Field: field, Problem: problem}
}

func (l *lexer) skipSpace() {
	for l.i < len(l.b) {
		switch l.b[l.i] {
		case ' ', '\t', '\r', '\n':
			l.i++
		default:
			return
		}
	}
}

// peek skips white space and returns the next byte, or 0 at the end.
func (l *lexer) peek() byte {
	l.skipSpace()
	if l.i >= len(l.b) {
		return 0
	}
	return l.b[l.i]
}

// unexpected describes the value starting at the current position, for
// "want X, got Y" messages, or reports a syntax error when none starts there.
func (l *lexer) unexpected(want string) error {
	got := ""
	switch c := l.peek(); {
	case c == 0:
		return l.fail("syntax error: unexpected end of JSON, want " + want)
	case c == '{':
		got = "an object"
	case c == '[':
		got = "an array"
	case c == '"':
		got = "a string"
	case c == 't' || c == 'f':
		got = "a boolean"
	case c == 'n':
		got = "null"
	case c == '-' || c >= '0' && c <= '9':
		got = "a number"
	default:
		return l.failf("syntax error: invalid character %q, want %s", rune(c), want)
	}
	return l.failf("want %s, got %s", want, got)
}

// object reads an object, calling member for each key with the lexer
// positioned at the key's value. keyAt is the offset of the key.
func (l *lexer) object(member func(key string, keyAt int64) error) error {
	if l.peek() != '{' {
		return l.unexpected("an object")
	}
	l.i++
	if l.peek() == '}' {
		l.i++
		return nil
	}
	for {
		if l.peek() != '"' {
			return l.syntax("a key")
		}
		keyAt := l.pos()
		key, err := l.rawString()
		if err != nil {
			return err
		}
		if l.peek() != ':' {
			return l.syntax("':' after a key")
		}
		l.i++
		if err := member(key, keyAt); err != nil {
			return err
		}
		switch l.peek() {
		case ',':
			l.i++
		case '}':
			l.i++
			return nil
		default:
			return l.syntax("',' or '}' after an object value")
		}
	}
}

// array reads an array, calling elem for each index. A null in place of
// the array is reported as null == true.
func (l *lexer) array(elem func(i int) error) (null bool, err error) {
	switch l.peek() {
	case 'n':
		return true, l.literal("null")
	case '[':
		l.i++
	default:
		return false, l.unexpected("an array")
	}
	if l.peek() == ']' {
		l.i++
		return false, nil
	}
	for i := 0; ; i++ {
		if err := elem(i); err != nil {
			return false, err
		}
		switch l.peek() {
		case ',':
			l.i++
		case ']':
			l.i++
			return false, nil
		default:
			return false, l.syntax("',' or ']' after an array element")
		}
	}
}

// syntax reports a syntax error at the current position.
func (l *lexer) syntax(want string) error {
	if l.peek() == 0 {
		return l.fail("syntax error: unexpected end of JSON, want " + want)
	}
	c, _ := utf8.DecodeRune(l.b[l.i:])
	return l.failf("syntax error: invalid character %q, want %s", c, want)
}

// literal consumes the exact word (true, false, null).
func (l *lexer) literal(word string) error {
	if len(l.b)-l.i < len(word) || string(l.b[l.i:l.i+len(word)]) != word {
		return l.syntax(word)
	}
	l.i += len(word)
	return nil
}

func (l *lexer) str() (string, error) {
	if l.peek() != '"' {
		return "", l.unexpected("a string")
	}
	return l.rawString()
}

// rawString reads the string starting at the current '"'. Strings without
// escapes are sliced out directly; those with escapes are decoded by
// encoding/json, which knows every escape form, including surrogate pairs.
// Invalid UTF-8 becomes U+FFFD, as encoding/json does.
func (l *lexer) rawString() (string, error) {
	start := l.i
	l.i++ // opening quote
	escaped := false
	for l.i < len(l.b) {
		c := l.b[l.i]
		switch {
		case c == '"':
			l.i++
			raw := l.b[start:l.i]
			if !escaped {
				s := string(raw[1 : len(raw)-1])
				if !utf8.ValidString(s) {
					s = toValidUTF8(s)
				}
				return s, nil
			}
			var s string
			if err := json.Unmarshal(raw, &s); err != nil {
				return "", &ParseError{Offset: l.base + int64(start), Problem: "syntax error: bad string escape"}
			}
			return s, nil
		case c == '\\':
			escaped = true
			l.i += 2
		case c < 0x20:
			return "", l.failf("syntax error: control character %#x in string", c)
		default:
			l.i++
		}
	}
	return "", &ParseError{Offset: l.base + int64(start), Problem: "syntax error: unterminated string"}
}

func toValidUTF8(s string) string {
	out := make([]rune, 0, len(s))
	for _, r := range s { // ranging over a string yields U+FFFD for bad bytes
		out = append(out, r)
	}
	return string(out)
}

func (l *lexer) boolean() (bool, error) {
	switch l.peek() {
	case 't':
		return true, l.literal("true")
	case 'f':
		return false, l.literal("false")
	}
	return false, l.unexpected("a boolean")
}

// number reads a JSON number (strict grammar: no leading '+', no leading
// zeros, no bare '.') as a finite float64.
func (l *lexer) number() (float64, error) {
	c := l.peek()
	if c != '-' && (c < '0' || c > '9') {
		return 0, l.unexpected("a number")
	}
	start := l.i
	if l.b[l.i] == '-' {
		l.i++
	}
	switch {
	case l.i < len(l.b) && l.b[l.i] == '0':
		l.i++
	case l.i < len(l.b) && l.b[l.i] >= '1' && l.b[l.i] <= '9':
		l.digits()
	default:
		return 0, l.syntax("a digit")
	}
	if l.i < len(l.b) && l.b[l.i] == '.' {
		l.i++
		if l.digits() == 0 {
			return 0, l.syntax("a digit after '.'")
		}
	}
	if l.i < len(l.b) && (l.b[l.i] == 'e' || l.b[l.i] == 'E') {
		l.i++
		if l.i < len(l.b) && (l.b[l.i] == '+' || l.b[l.i] == '-') {
			l.i++
		}
		if l.digits() == 0 {
			return 0, l.syntax("a digit in the exponent")
		}
	}
	text := string(l.b[start:l.i])
	f, err := strconv.ParseFloat(text, 64)
	if err != nil {
		return 0, &ParseError{Offset: l.base + int64(start), Problem: "number " + text + " out of range"}
	}
	return f, nil
}

func (l *lexer) digits() int {
	n := 0
	for l.i < len(l.b) && l.b[l.i] >= '0' && l.b[l.i] <= '9' {
		l.i++
		n++
	}
	return n
}

// strings reads an array of strings; element errors carry "[i]" as field.
func (l *lexer) strings() ([]string, error) {
	out := []string{} // "[]" reads as an empty slice, as in encoding/json
	null, err := l.array(func(i int) error {
		s, err := l.str()
		out = append(out, s)
		return inField("["+strconv.Itoa(i)+"]", err)
	})
	if null {
		return nil, err
	}
	return out, err
}
