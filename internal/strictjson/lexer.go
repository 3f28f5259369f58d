package strictjson

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"unicode/utf8"
)

// ErrSyntax is the Err of every *Error reporting malformed JSON (other than
// truncated input, which carries io.ErrUnexpectedEOF).
var ErrSyntax = errors.New("strictjson: syntax error")

// MaxDepth is how deeply arrays and objects may nest in a value the Lexer
// skips, as in encoding/json; deeper input is a syntax error, so that
// hostile input cannot grow the skip stack without bound.
const MaxDepth = 10000

// Lexer reads JSON values straight from bytes, the one JSON reader of the
// module: Check walks shapes with it and evaluator.ParseDecision reads a
// decision with it. It does not box tokens in interfaces, as
// encoding/json's Decoder.Token does, so a clean read allocates little
// beyond the strings it returns, and it reports exact positions: every
// offset is Base + the index of the byte at fault (json.SyntaxError.Offset
// from a token decoder points past buffered input, not at the fault).
//
// Every error it returns is an *Error with an empty Field; syntax errors
// carry ErrSyntax or io.ErrUnexpectedEOF in Err, type problems ("want a
// string, got a number") none. A Lexer is a value: copy it to save a
// position. It is not safe for concurrent use.
type Lexer struct {
	b    []byte
	i    int
	base int64
}

// NewLexer returns a Lexer over b whose offsets are base + index into b,
// so that a caller reading a slice of a larger input reports positions in
// that input.
func NewLexer(b []byte, base int64) Lexer { return Lexer{b: b, base: base} }

// Pos returns the absolute offset of the next byte.
func (l *Lexer) Pos() int64 { return l.base + int64(l.i) }

// Fail returns an error at the current position.
func (l *Lexer) Fail(problem string) *Error {
	return &Error{Offset: l.Pos(), Problem: problem}
}

// FailAt returns an error with field at an absolute offset.
func (l *Lexer) FailAt(at int64, field, problem string) *Error {
	return &Error{Offset: at, Field: field, Problem: problem}
}

func (l *Lexer) syntaxAt(i int, problem string) *Error {
	return &Error{Offset: l.base + int64(i), Problem: "syntax error: " + problem, Err: ErrSyntax}
}

func (l *Lexer) eof(want string) *Error {
	return &Error{Offset: l.Pos(), Problem: "unexpected end of JSON, want " + want, Err: io.ErrUnexpectedEOF}
}

// SkipSpace moves past white space.
func (l *Lexer) SkipSpace() {
	for l.i < len(l.b) {
		switch l.b[l.i] {
		case ' ', '\t', '\r', '\n':
			l.i++
		default:
			return
		}
	}
}

// atEnd skips white space and reports whether the input is used up (a NUL
// byte in the input is not the end, though Peek returns 0 for both).
func (l *Lexer) atEnd() bool {
	l.SkipSpace()
	return l.i >= len(l.b)
}

// Peek skips white space and returns the next byte, or 0 at the end.
func (l *Lexer) Peek() byte {
	l.SkipSpace()
	if l.i >= len(l.b) {
		return 0
	}
	return l.b[l.i]
}

// kindAt names the JSON type of the value starting with c, or "" when no
// value starts there.
func kindAt(c byte) string {
	switch {
	case c == '{':
		return "an object"
	case c == '[':
		return "an array"
	case c == '"':
		return "a string"
	case c == 't' || c == 'f':
		return "a boolean"
	case c == 'n':
		return "null"
	case c == '-' || c >= '0' && c <= '9':
		return "a number"
	}
	return ""
}

// Unexpected describes the value at the current position for "want X, got
// Y", or reports a syntax error when no value starts there. It does not
// move.
func (l *Lexer) Unexpected(want string) *Error {
	got := kindAt(l.Peek())
	if got == "" {
		return l.Syntax(want)
	}
	return l.Fail("want " + want + ", got " + got)
}

// Syntax reports a syntax error at the current position: the end of the
// input, or the character found where want was expected.
func (l *Lexer) Syntax(want string) *Error {
	if l.atEnd() {
		return l.eof(want)
	}
	c, _ := utf8.DecodeRune(l.b[l.i:])
	return l.syntaxAt(l.i, fmt.Sprintf("invalid character %q, want %s", c, want))
}

// End reports data after the value, if any: what names the value ("object",
// "value") in the message. The offset is the first byte that is not white
// space.
func (l *Lexer) End(what string) error {
	if l.atEnd() {
		return nil
	}
	return &Error{Offset: l.Pos(), Problem: "unexpected data after the JSON " + what, Err: ErrTrailingData}
}

// Object reads an object, calling member for each key with the Lexer at
// the key's value; keyAt is the key's offset. An error from member ends
// the read and is returned as is.
func (l *Lexer) Object(member func(key string, keyAt int64) error) error {
	if l.Peek() != '{' {
		return l.Unexpected("an object")
	}
	l.i++
	if l.Peek() == '}' {
		l.i++
		return nil
	}
	for {
		if l.Peek() != '"' {
			return l.Syntax("a key")
		}
		keyAt := l.Pos()
		key, err := l.rawString()
		if err != nil {
			return err
		}
		if l.Peek() != ':' {
			return l.Syntax("':' after a key")
		}
		l.i++
		if err := member(key, keyAt); err != nil {
			return err
		}
		switch l.Peek() {
		case ',':
			l.i++
		case '}':
			l.i++
			return nil
		default:
			return l.Syntax("',' or '}' after an object value")
		}
	}
}

// Array reads an array, calling elem for each index with the Lexer at the
// element. A null in place of the array is read and reported as null ==
// true. An error from elem ends the read and is returned as is.
func (l *Lexer) Array(elem func(i int) error) (null bool, err error) {
	switch l.Peek() {
	case 'n':
		return true, l.literal("null")
	case '[':
		l.i++
	default:
		return false, l.Unexpected("an array")
	}
	if l.Peek() == ']' {
		l.i++
		return false, nil
	}
	for i := 0; ; i++ {
		if err := elem(i); err != nil {
			return false, err
		}
		switch l.Peek() {
		case ',':
			l.i++
		case ']':
			l.i++
			return false, nil
		default:
			return false, l.Syntax("',' or ']' after an array element")
		}
	}
}

// literal consumes the exact word (true, false, null).
func (l *Lexer) literal(word string) error {
	if len(l.b)-l.i < len(word) || string(l.b[l.i:l.i+len(word)]) != word {
		if len(l.b)-l.i < len(word) && string(l.b[l.i:]) == word[:len(l.b)-l.i] {
			l.i = len(l.b)
			return l.eof(word)
		}
		return l.Syntax(word)
	}
	l.i += len(word)
	return nil
}

// Null consumes null.
func (l *Lexer) Null() error {
	if l.Peek() != 'n' {
		return l.Unexpected("null")
	}
	return l.literal("null")
}

// String reads a string.
func (l *Lexer) String() (string, error) {
	if l.Peek() != '"' {
		return "", l.Unexpected("a string")
	}
	return l.rawString()
}

// scanString moves past the string starting at the current '"', checking
// its escapes and control characters, and reports whether it holds an
// escape.
func (l *Lexer) scanString() (escaped bool, err error) {
	start := l.i
	l.i++ // opening quote
	for l.i < len(l.b) {
		c := l.b[l.i]
		switch {
		case c == '"':
			l.i++
			return escaped, nil
		case c == '\\':
			escaped = true
			if l.i+1 >= len(l.b) {
				l.i = len(l.b)
				return escaped, l.eof("the rest of a string")
			}
			switch l.b[l.i+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				l.i += 2
			case 'u':
				for k := 2; k < 6; k++ {
					if l.i+k >= len(l.b) {
						l.i = len(l.b)
						return escaped, l.eof("the rest of a string")
					}
					if !isHex(l.b[l.i+k]) {
						return escaped, l.syntaxAt(l.i, "bad \\u escape in string")
					}
				}
				l.i += 6
			default:
				return escaped, l.syntaxAt(l.i, "bad escape in string")
			}
		case c < 0x20:
			return escaped, l.syntaxAt(l.i, fmt.Sprintf("control character %#x in string", c))
		default:
			l.i++
		}
	}
	l.i = start
	return escaped, &Error{Offset: l.Pos(), Problem: "unexpected end of JSON in a string", Err: io.ErrUnexpectedEOF}
}

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

// rawString reads the string starting at the current '"'. Strings without
// escapes are sliced out directly; those with escapes, already checked by
// scanString, are decoded by encoding/json, which knows every escape form,
// surrogate pairs included. Invalid UTF-8 becomes U+FFFD, as encoding/json
// does.
func (l *Lexer) rawString() (string, error) {
	start := l.i
	escaped, err := l.scanString()
	if err != nil {
		return "", err
	}
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
		return "", l.syntaxAt(start, "bad string escape")
	}
	return s, nil
}

func toValidUTF8(s string) string {
	out := make([]rune, 0, len(s))
	for _, r := range s { // ranging over a string yields U+FFFD for bad bytes
		out = append(out, r)
	}
	return string(out)
}

// Bool reads true or false.
func (l *Lexer) Bool() (bool, error) {
	switch l.Peek() {
	case 't':
		return true, l.literal("true")
	case 'f':
		return false, l.literal("false")
	}
	return false, l.Unexpected("a boolean")
}

// numberToken moves past a number (strict grammar: no leading '+', no
// leading zeros, no bare '.') and returns its text and whether it is an
// integer (no fraction, no exponent).
func (l *Lexer) numberToken() (text []byte, integer bool, err error) {
	c := l.Peek()
	if c != '-' && (c < '0' || c > '9') {
		return nil, false, l.Unexpected("a number")
	}
	start := l.i
	integer = true
	if l.b[l.i] == '-' {
		l.i++
	}
	switch {
	case l.i < len(l.b) && l.b[l.i] == '0':
		l.i++
	case l.i < len(l.b) && l.b[l.i] >= '1' && l.b[l.i] <= '9':
		l.digits()
	default:
		return nil, false, l.Syntax("a digit")
	}
	if l.i < len(l.b) && l.b[l.i] == '.' {
		l.i++
		integer = false
		if l.digits() == 0 {
			return nil, false, l.Syntax("a digit after '.'")
		}
	}
	if l.i < len(l.b) && (l.b[l.i] == 'e' || l.b[l.i] == 'E') {
		l.i++
		integer = false
		if l.i < len(l.b) && (l.b[l.i] == '+' || l.b[l.i] == '-') {
			l.i++
		}
		if l.digits() == 0 {
			return nil, false, l.Syntax("a digit in the exponent")
		}
	}
	return l.b[start:l.i], integer, nil
}

// Number reads a number as a finite float64. A number too large for one is
// a problem at its start (not a syntax error: the Lexer has moved past it).
func (l *Lexer) Number() (float64, error) {
	at := l.Pos()
	text, _, err := l.numberToken()
	if err != nil {
		return 0, err
	}
	f, err := strconv.ParseFloat(string(text), 64)
	if err != nil {
		return 0, l.FailAt(at, "", "number "+Clip(string(text))+" out of range")
	}
	return f, nil
}

// Int reads an integer that fits an int. A fraction, an exponent or a
// value out of range is a problem at its start; the Lexer has moved past
// the number.
func (l *Lexer) Int() (int, error) {
	at := l.Pos()
	text, integer, err := l.numberToken()
	if err != nil {
		return 0, err
	}
	n, perr := strconv.Atoi(string(text))
	if !integer || perr != nil {
		return 0, l.FailAt(at, "", "want an integer, got "+Clip(string(text)))
	}
	return n, nil
}

func (l *Lexer) digits() int {
	n := 0
	for l.i < len(l.b) && l.b[l.i] >= '0' && l.b[l.i] <= '9' {
		l.i++
		n++
	}
	return n
}

// Strings reads an array of strings; an element's error carries "[i]" as
// its field. A null reads as a nil slice, "[]" as an empty one, as in
// encoding/json.
func (l *Lexer) Strings() ([]string, error) {
	out := []string{}
	null, err := l.Array(func(i int) error {
		s, err := l.String()
		out = append(out, s)
		return InField("["+strconv.Itoa(i)+"]", err)
	})
	if null {
		return nil, err
	}
	return out, err
}

// Skip moves past one value of any type, checking its syntax. Nesting is
// tracked on a stack of at most MaxDepth bytes rather than by recursion, so
// that no input can exhaust the goroutine stack.
func (l *Lexer) Skip() error {
	var stack []byte // '{' or '[' per open container
	for {
		// A value is expected here.
		switch c := l.Peek(); c {
		case '{', '[':
			if len(stack) >= MaxDepth {
				return l.syntaxAt(l.i, fmt.Sprintf("nesting deeper than %d", MaxDepth))
			}
			l.i++
			closer := byte('}')
			if c == '[' {
				closer = ']'
			}
			if l.Peek() == closer {
				l.i++
				break
			}
			stack = append(stack, c)
			if c == '{' {
				if err := l.skipKey(); err != nil {
					return err
				}
			}
			continue
		case '"':
			if _, err := l.scanString(); err != nil {
				return err
			}
		case 't':
			if err := l.literal("true"); err != nil {
				return err
			}
		case 'f':
			if err := l.literal("false"); err != nil {
				return err
			}
		case 'n':
			if err := l.literal("null"); err != nil {
				return err
			}
		default:
			if _, _, err := l.numberToken(); err != nil {
				return err
			}
		}
		// A value ended: close containers until one goes on.
		for {
			if len(stack) == 0 {
				return nil
			}
			top := stack[len(stack)-1]
			c := l.Peek()
			if c == ',' {
				l.i++
				if top == '{' {
					if err := l.skipKey(); err != nil {
						return err
					}
				}
				break
			}
			if top == '{' && c == '}' || top == '[' && c == ']' {
				l.i++
				stack = stack[:len(stack)-1]
				continue
			}
			if top == '{' {
				return l.Syntax("',' or '}' after an object value")
			}
			return l.Syntax("',' or ']' after an array element")
		}
	}
}

// skipKey moves past a key and its ':'.
func (l *Lexer) skipKey() error {
	if l.Peek() != '"' {
		return l.Syntax("a key")
	}
	if _, err := l.scanString(); err != nil {
		return err
	}
	if l.Peek() != ':' {
		return l.Syntax("':' after a key")
	}
	l.i++
	return nil
}

// InField prefixes the field of an *Error from a nested value with the
// path segment of the value that holds it ("criteria" + "[2]" + ".name"),
// so that paths are built only on the error path. Other errors pass
// through.
func InField(segment string, err error) error {
	e, ok := err.(*Error)
	if !ok {
		return err
	}
	e.Field = segment + e.Field
	return e
}
