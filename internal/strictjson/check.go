package strictjson

import (
	"errors"
	"strconv"
	"strings"
)

// Check reports whether data holds exactly one JSON value of shape s, with
// only white space after it. It returns nil or the first problem found,
// always as an *Error naming the JSON path and the byte offset of the fault
// (see Error). Nulls are rejected unless the shape is Nullable or KindAny;
// see Shape and Kind for the other rules. Check never panics, whatever data
// holds; a nil s accepts any value.
func Check(data []byte, s *Shape) error {
	w := walker{lex: NewLexer(data, 0), max: 1}
	w.run(s)
	if len(w.errs) > 0 {
		return w.errs[0]
	}
	return nil
}

// CheckAll is Check that goes on past shape problems and returns them in
// document order, keeping the first max (0 means MaxProblems) and counting
// the rest in more, so that a file with a million bad entries is read in
// one pass without a million errors. It skips a value of the wrong type, an
// unknown field or a duplicate key's value and reads on; a syntax error
// ends the walk, since nothing sound can be read past it, and is always
// the last problem returned (even past max). It returns no problem when
// data matches s. Use it where a user fixes a file by hand and wants every
// problem at once.
func CheckAll(data []byte, s *Shape, max int) (problems []*Error, more int) {
	if max <= 0 {
		max = MaxProblems
	}
	w := walker{lex: NewLexer(data, 0), all: true, max: max}
	w.run(s)
	return w.errs, w.more
}

// ErrTrailingData is the Err of the *Error reported when data holds more
// than white space after its value.
var ErrTrailingData = errors.New("strictjson: data after the JSON value")

// segment is one step of a JSON path: an object key, or an array index
// when key is empty and index >= 0.
type segment struct {
	key   string
	index int
}

// walker checks values against shapes with a Lexer. It keeps the path as a
// stack of segments and renders it only when it keeps a problem, so that a
// valid document, and a problem past max, cost no path string.
//
// Its methods return a non-nil *Error only when the walk must stop: after
// a syntax error, or after the first problem unless all is set.
type walker struct {
	lex  Lexer
	path []segment
	all  bool
	max  int
	errs []*Error
	more int
	// fatal is the error that stopped the walk, so that it is recognised,
	// and not reported again, as it comes back up through the Lexer.
	fatal *Error
}

func (w *walker) run(s *Shape) {
	if err := w.value(s); err != nil {
		return
	}
	what := "value"
	if s != nil && (s.Kind == KindObject || s.Kind == KindMap) {
		what = "object"
	}
	if err := w.lex.End(what); err != nil {
		w.syntax(err)
	}
}

// problem records a shape problem at offset and returns it when the walk
// must stop.
func (w *walker) problem(at int64, problem string) *Error {
	if len(w.errs) >= w.max {
		w.more++
		if w.all {
			return nil
		}
		w.fatal = w.errs[0]
		return w.fatal
	}
	e := &Error{Offset: at, Field: w.field(), Problem: problem}
	w.errs = append(w.errs, e)
	if w.all {
		return nil
	}
	w.fatal = e
	return e
}

// syntax records an error from the Lexer, unless it is the one that
// already stopped the walk; a syntax error always stops it, and a type
// problem from the Lexer (a number out of range) stops it unless all is
// set. Its field is the current path.
func (w *walker) syntax(err error) *Error {
	e, ok := err.(*Error)
	if !ok {
		e = &Error{Offset: w.lex.Pos(), Problem: err.Error(), Err: err}
	}
	if e == w.fatal {
		return e
	}
	if e.Err == nil { // a type problem the Lexer found while reading a value
		return w.problem(e.Offset, e.Problem)
	}
	e.Field = w.field()
	w.errs = append(w.errs, e)
	w.fatal = e
	return e
}

// mismatch reports a value that does not fit its shape and, when the walk
// goes on, skips it.
func (w *walker) mismatch(want string) *Error {
	at := w.lex.Pos()
	got := kindAt(w.lex.Peek())
	if got == "" {
		return w.syntax(w.lex.Syntax(want))
	}
	if err := w.problem(at, "want "+want+", got "+got); err != nil {
		return err
	}
	return w.skip()
}

func (w *walker) skip() *Error {
	if err := w.lex.Skip(); err != nil {
		return w.syntax(err)
	}
	return nil
}

func (w *walker) push(s segment) { w.path = append(w.path, s) }
func (w *walker) pop()           { w.path = w.path[:len(w.path)-1] }

// field renders the current path ("dimensions[3].score"), each key cut to
// MaxQuote bytes.
func (w *walker) field() string {
	var b strings.Builder
	for _, s := range w.path {
		if s.index >= 0 {
			b.WriteByte('[')
			b.WriteString(strconv.Itoa(s.index))
			b.WriteByte(']')
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('.')
		}
		b.WriteString(Clip(s.key))
	}
	return b.String()
}

// value reads one value and checks it against s.
func (w *walker) value(s *Shape) *Error {
	if s == nil || s.Kind == KindAny {
		return w.skip()
	}
	c := w.lex.Peek()
	if c == 'n' && s.Nullable {
		if err := w.lex.Null(); err != nil {
			return w.syntax(err)
		}
		return nil
	}
	switch s.Kind {
	case KindObject, KindMap:
		if c != '{' {
			return w.mismatch("an object")
		}
		return w.object(s)
	case KindArray:
		if c != '[' {
			return w.mismatch("an array")
		}
		_, err := w.lex.Array(func(i int) error {
			w.push(segment{index: i})
			err := w.value(s.Elem)
			w.pop()
			return asError(err)
		})
		if err != nil {
			return w.syntax(err)
		}
	case KindString:
		if c != '"' {
			return w.mismatch("a string")
		}
		if _, err := w.lex.scanString(); err != nil {
			return w.syntax(err)
		}
	case KindBool:
		if c != 't' && c != 'f' {
			return w.mismatch("a boolean")
		}
		if _, err := w.lex.Bool(); err != nil {
			return w.syntax(err)
		}
	case KindNumber:
		if kindAt(c) != "a number" {
			return w.mismatch("a number")
		}
		if _, err := w.lex.Number(); err != nil {
			return w.syntax(err)
		}
	case KindInt:
		if kindAt(c) != "a number" {
			return w.mismatch("an integer")
		}
		if _, err := w.lex.Int(); err != nil {
			return w.syntax(err)
		}
	default:
		if err := w.problem(w.lex.Pos(), "unsupported shape kind "+strconv.Itoa(int(s.Kind))); err != nil {
			return err
		}
		return w.skip()
	}
	return nil
}

// asError returns e as an error: nil when e is nil (a nil *Error in an
// error interface is not a nil error).
func asError(e *Error) error {
	if e == nil {
		return nil
	}
	return e
}

// object reads an object whose '{' is next. A missing required field is
// reported at the object's '{'.
func (w *walker) object(s *Shape) *Error {
	start := w.lex.Pos()
	// seen tracks fixed fields by index; free keys need a set.
	var seen []bool
	var seenKeys map[string]bool
	if s.Kind == KindObject {
		seen = make([]bool, len(s.Fields))
	} else {
		seenKeys = make(map[string]bool)
	}
	err := w.lex.Object(func(key string, keyAt int64) error {
		w.push(segment{key: key, index: -1})
		err := w.member(s, key, keyAt, seen, seenKeys)
		w.pop()
		return asError(err)
	})
	if err != nil {
		return w.syntax(err)
	}
	for i, f := range s.Fields {
		if f.Required && !seen[i] {
			w.push(segment{key: f.Name, index: -1})
			err := w.problem(start, "missing")
			w.pop()
			if err != nil {
				return err
			}
		}
	}
	return nil
}

// member checks the value of key, whose name was just read and pushed.
func (w *walker) member(s *Shape, key string, keyAt int64, seen []bool, seenKeys map[string]bool) *Error {
	if s.Kind == KindMap {
		if seenKeys[key] {
			return w.rejectMember(keyAt, "duplicate key")
		}
		seenKeys[key] = true
		return w.value(s.Elem)
	}
	i := s.field(key)
	if i < 0 {
		return w.rejectMember(keyAt, "unknown field")
	}
	if seen[i] {
		return w.rejectMember(keyAt, "duplicate key")
	}
	seen[i] = true
	return w.value(s.Fields[i].Shape)
}

// rejectMember reports a member at its key and, when the walk goes on,
// skips its value.
func (w *walker) rejectMember(keyAt int64, problem string) *Error {
	if err := w.problem(keyAt, problem); err != nil {
		return err
	}
	return w.skip()
}
