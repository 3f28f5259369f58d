package option_test

import (
	"fmt"

	"github.com/evalopt/evalopt/internal/option"
)

type settings struct {
	repeats int
	errs    []error
}

func (s *settings) invalid(format string, args ...any) {
	s.errs = append(s.errs, fmt.Errorf(format, args...))
}

func ExampleNonNegative() {
	withRepeats := func(n int) func(*settings) {
		return option.NonNegative("WithRepeats", n, func(s *settings) *int { return &s.repeats }, (*settings).invalid)
	}
	var s settings
	withRepeats(3)(&s)
	withRepeats(-1)(&s)
	fmt.Println(s.repeats, s.errs)
	// Output: 3 [WithRepeats(-1): must be >= 0]
}
