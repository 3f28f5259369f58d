package advice

import (
	"strings"
	"testing"

	doctext "github.com/evalopt/evalopt/checks/internal/text"
)

// declaresGradesRef is the letter-scale test as the line reader makes it:
// every line, trimmed, through the full test.
func declaresGradesRef(text string) bool {
	found := false
	doctext.ForEachLine(text, func(l doctext.Line) {
		if t := strings.TrimSpace(text[l.Start:l.End]); t != "" && declaresGradesLine(t) {
			found = true
		}
	})
	return found
}

// FuzzDeclaresGrades checks that the scan of the lines holding a graded
// 'A' finds the letter scale exactly when a line-by-line read does.
func FuzzDeclaresGrades(f *testing.F) {
	for _, s := range prefilterSeeds {
		f.Add(s)
	}
	for _, s := range []string{
		"Findings are rated A (critical) to C (low).", "x\n  Graded A: high\r\nA", "A\nrated A =\n",
		"rating A\u2014 x", "Rated\nA (x)", " A (\nrated", "priority A - B", "\r\nclassified as A :",
		"Rated  A  –", "categories:\tA (", "ſrated A (", "rated AA (", "rated A",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := declaresGrades(s), declaresGradesRef(s); got != want {
			t.Fatalf("declaresGrades(%q) = %v, want %v", s, got, want)
		}
	})
}
