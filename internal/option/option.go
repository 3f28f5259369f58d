// Package option holds the one piece of the module's functional options
// that every option set repeats: an option that sets a number which must
// not be negative, recording an error that names the option and the value
// otherwise (loop's and evaluator/quality's options use it).
package option

import "time"

// NonNegative returns the option named name that sets the field field
// returns to v, or, when v is negative, calls invalid with
// "NAME(V): must be >= 0" (a format and its arguments) instead.
func NonNegative[C any, T int | time.Duration](name string, v T, field func(*C) *T, invalid func(c *C, format string, args ...any)) func(*C) {
	return func(c *C) {
		if v < 0 {
			invalid(c, "%s(%v): must be >= 0", name, v)
			return
		}
		*field(c) = v
	}
}
