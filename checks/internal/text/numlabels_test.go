package text

import (
	"regexp"
	"slices"
	"testing"
)

// The expressions numLabel stands for: the scanner must match exactly what
// they match, with the same bounds.
var (
	headingNumSpec = regexp.MustCompile(`^(?:\*\*)?(?:(?i:section|clause|article|paragraph)[ \t]+|§[ \t]*)?((?:[A-Z]{1,2}\.?)?\d{1,4}(?:\.\d{1,4})*)\.?(?:\*\*)?(?:[ \t]|$|[-–—:.])`)
	lineNumSpec    = regexp.MustCompile(`^(?:\*\*)?([A-Z]{1,2}\.\d{1,4}(?:\.\d{1,4})*|(?:[A-Z]{1,2})?\d{1,4}(?:\.\d{1,4})+)\.?(?:\*\*)?[ \t]+\S`)
)

var numLabelSeeds = []string{
	"3.2 Fees", "**Section 4** Term", "§ 7.", "§7", "A1.2 — x", "ABC1.2 x", "12345 x", "3.12345 Foo", "3.2.x", "3.2.", "3**",
	"**3.** Foo", "SECTION 5: Law", "ſection 5", "Article 12–", "Clause 9\n", "1.2.3 The", "1.2\tX", "1.2 \n", "B4.1** Fees", "1.2.", "1.2. x",
	"10.1 é", "10.1 \xff", "H.2 Key personnel", "Section H.2 Key", "C.5.4 Fees", "H. 2", "HH.2.1 x", "H.x", "ABC.1 x", "H.2", "section", "section 1", "paragraph 3.4.5.6.7 x", "1.", "", "**", "***1.2 x", "X9.99999.1 y",
}

func TestNumLabelMatchesItsExpression(t *testing.T) {
	for _, s := range numLabelSeeds {
		checkNumLabel(t, s)
	}
}

func FuzzNumLabel(f *testing.F) {
	for _, s := range numLabelSeeds {
		f.Add(s)
	}
	f.Fuzz(checkNumLabel)
}

func checkNumLabel(t *testing.T, s string) {
	for _, c := range []struct {
		n    numLabel
		spec *regexp.Regexp
	}{{HeadingNumRe, headingNumSpec}, {LineNumRe, lineNumSpec}} {
		if got, want := c.n.FindStringSubmatchIndex(s), c.spec.FindStringSubmatchIndex(s); !slices.Equal(got, want) {
			t.Fatalf("heading=%v %q: got %v, the expression gives %v", c.n.heading, s, got, want)
		}
	}
}
