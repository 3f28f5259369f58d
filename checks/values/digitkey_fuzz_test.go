package values

import (
	doctext "github.com/evalopt/evalopt/checks/internal/text"
	"math"
	"strconv"
	"strings"
	"testing"
)

// vDigitKeyStrings is vDigitKey as it was written with strings, which the
// in-place version stands for.
func vDigitKeyStrings(v float64) (string, int) {
	s := strconv.FormatFloat(math.Abs(v), 'f', 2, 64)
	dot := strings.IndexByte(s, '.')
	intDigits := dot
	if s[:dot] == "0" {
		intDigits = 0
	}
	d := strings.Replace(s, ".", "", 1)
	d = strings.TrimLeft(d, "0")
	d = strings.TrimRight(d, "0")
	return d, intDigits
}

// FuzzDigitKey checks vDigitKey against its strings version, and
// vStruckOpens against strings.ContainsAny.
func FuzzDigitKey(f *testing.F) {
	for _, v := range []float64{0, 0.001, 0.005, 1284.6, 529200, -3.5, 1e21, 1e300, 5e-324, 100, 0.1, 12.999} {
		f.Add(v, "~~60~~ <del> [deleted: x]")
	}
	f.Fuzz(func(t *testing.T, v float64, s string) {
		if !math.IsInf(v, 0) && !math.IsNaN(v) {
			d, n := vDigitKey(v)
			wd, wn := vDigitKeyStrings(v)
			if d != wd || n != wn {
				t.Fatalf("vDigitKey(%v) = %q, %d; strings version %q, %d", v, d, n, wd, wn)
			}
		}
		if got, want := vStruckOpens(s), strings.ContainsAny(s, "~<["); got != want {
			t.Fatalf("vStruckOpens(%q) = %v, ContainsAny: %v", s, got, want)
		}
	})
}

// FuzzValueWordAfter checks valueWordAfter's one look-up against the five
// it stands for.
func FuzzValueWordAfter(f *testing.F) {
	for _, s := range []string{"days", "business", "usd", "march", "million", "th", "of", "k", "section", ""} {
		f.Add(s)
	}
	for w := range vAfterWords {
		f.Add(w)
		f.Add(w + "s")
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := valueWordAfter(s), valueWordAfterLookups(s); got != want {
			t.Fatalf("valueWordAfter(%q) = %v, look-ups: %v", s, got, want)
		}
	})
}

// valueWordAfterLookups is valueWordAfter as five look-ups: it reports whether next, the lower-cased word after a
// figure, makes it a value: a unit, a day qualifier, a currency, a month,
// a scale, or a word such as "percent", "times", "pm", "th", "of".
func valueWordAfterLookups(next string) bool {
	if _, ok := vDurationUnits[next]; ok {
		return true
	}
	if _, ok := vDayQualifiers[next]; ok {
		return true
	}
	if _, ok := doctext.CurrencyWords[next]; ok {
		return true
	}
	if _, ok := doctext.Months[next]; ok {
		return true
	}
	if _, ok := doctext.ScaleWords[next]; ok {
		return true
	}
	switch next {
	case "percent", "per", "pct", "x", "times", "am", "pm", "a", "p", "st", "nd", "rd", "th", "of", "out":
		return true
	}
	return false
}
