package strictjson

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// The bounds on the text of an error the library builds around text it did
// not write (a role's or a judge's error, a panic value, a provider's
// message): like a quoted value (Quote), a longer text is cut to a prefix
// followed by its size, so that a 50 MB provider message gives a 4 KiB
// error, not a 50 MB one that every log line and trace step repeats.
const (
	// MaxError bounds the text of one error.
	MaxError = 4 << 10
	// MaxJoinedError bounds the text of an error that joins several (every
	// vote of an ensemble failed; a role error and an invalid cost).
	MaxJoinedError = 64 << 10
)

// ClipTo returns s when it is at most n bytes, else a prefix of s cut at a
// rune boundary followed by "... (N bytes)", N being len(s), n bytes at
// most in all (n is raised to 64 when smaller, so that the size fits).
func ClipTo(s string, n int) string {
	if len(s) <= n {
		return s
	}
	n = max(n, 64)
	tail := "... (" + strconv.Itoa(len(s)) + " bytes)"
	p, _ := prefixN(s, n-len(tail))
	return p + tail
}

// ErrorText returns err's text bounded: at most MaxJoinedError bytes when
// err joins several errors (an Unwrap() []error, itself or under single
// wrappers), MaxError otherwise. It returns "" for a nil err.
func ErrorText(err error) string {
	if err == nil {
		return ""
	}
	return ClipTo(err.Error(), limit(err))
}

// limit returns the bound of err's text: MaxJoinedError for a join.
func limit(err error) int {
	for err != nil {
		if _, ok := err.(interface{ Unwrap() []error }); ok {
			return MaxJoinedError
		}
		err = errors.Unwrap(err)
	}
	return MaxError
}

// Bound returns err when its text is within its bound (see ErrorText), and
// otherwise an error whose text is ErrorText(err) and which unwraps to err,
// so that errors.Is and errors.As still see everything err wraps. A nil
// err gives nil.
func Bound(err error) error {
	if err == nil {
		return nil
	}
	msg := err.Error()
	if n := limit(err); len(msg) > n {
		return &boundedError{msg: ClipTo(msg, n), err: err}
	}
	return err
}

// boundedError is an error whose text is cut; see Bound.
type boundedError struct {
	msg string
	err error
}

// Error returns the bounded text.
func (e *boundedError) Error() string { return e.msg }

// Unwrap returns the error whose text was bounded.
func (e *boundedError) Unwrap() error { return e.err }

// Join is errors.Join with a bounded text: it joins the non-nil errs
// (errors.Is and errors.As see every one; nil when there is none), and its
// text lists them one per line, each cut to MaxError, until the next would
// take the whole past MaxJoinedError; then "... and N more errors". Each
// error's text is read once, when Join is called.
func Join(errs ...error) error {
	var j joinError
	var b strings.Builder
	more := 0
	for _, err := range errs {
		if err == nil {
			continue
		}
		j.errs = append(j.errs, err)
		if more > 0 {
			more++
			continue
		}
		line := ClipTo(err.Error(), MaxError)
		// Room is kept for the closing line.
		if b.Len() > 0 && b.Len()+1+len(line) > MaxJoinedError-64 {
			more++
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(line)
	}
	if len(j.errs) == 0 {
		return nil
	}
	if more > 0 {
		b.WriteString("\n... and " + strconv.Itoa(more) + " more errors")
	}
	j.msg = b.String()
	return &j
}

// joinError is the error Join returns.
type joinError struct {
	errs []error
	msg  string
}

// Error returns the bounded text.
func (e *joinError) Error() string { return e.msg }

// Unwrap returns the joined errors.
func (e *joinError) Unwrap() []error { return e.errs }

// Wrap returns fmt.Errorf(prefix+": %w", err) with its text bounded as
// Bound does, without first building the whole text (a 50 MB provider
// message is read once, not copied again). A nil err gives nil.
func Wrap(prefix string, err error) error {
	if err == nil {
		return nil
	}
	head := prefix + ": "
	return &boundedError{msg: head + ClipTo(err.Error(), limit(err)-len(head)), err: err}
}

// ValueText returns a panic value's text cut to n bytes as ClipTo does: a
// string or an error is clipped as it is, without the copy fmt would make
// of a 50 MB value; anything else is formatted with fmt.Sprint first.
func ValueText(v any, n int) string {
	switch x := v.(type) {
	case string:
		return ClipTo(x, n)
	case error:
		return ClipTo(x.Error(), n)
	}
	return ClipTo(fmt.Sprint(v), n)
}
