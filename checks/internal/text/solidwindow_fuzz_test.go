package text

import (
	"fmt"
	"regexp"
	"testing"
)

// solidPatterns are the anchored expressions SolidWindow is checked on:
// the ones it serves and others near its edges (\b and $ at the window's
// end, folded letters, blanks repeated, classes of blanks).
var solidPatterns = []*regexp.Regexp{
	inlineFixLabelAt, fixLabelRe,
	regexp.MustCompile(`^(?:` + ReplacementMarkerRe.String() + `)`),
	regexp.MustCompile(`^(?:` + RiskRe.String() + `)`),
	regexp.MustCompile(`^(?i)\bk\s*(a|ſ)\b`),
	regexp.MustCompile(`^(?m)ab[ \t]*$`),
	regexp.MustCompile(`^ab\s*$`),
	regexp.MustCompile(`^(?:a|bc){1,3}\B`),
	regexp.MustCompile(`^[\t ]+é\s+x?`),
}

// TestSolidBound pins the bounds of the package's expressions and of the
// shapes that have none.
func TestSolidBound(t *testing.T) {
	for _, tt := range []struct {
		p    string
		want int
	}{
		{`a b`, 2}, {`[ \t]*a`, 1}, {`\s+`, 0}, {`a+`, -1}, {`\w*`, -1}, {`[^.]{0,40}`, 160}, {`a{2,}`, -1},
		{`(?:ab|c)?x`, 3}, {`^\bx$`, 1}, {`.`, 4}, {`(?s).`, 4}, {`a|b+`, -1}, {`(a)(?:[ \t]|b)`, 2},
		{`(?i)k`, 3}, {`(?i)s`, 2}, {`(?i)ab`, 2}, {`é`, 2}, {`[a-z]`, 1}, {`(?i)[a-z]`, 3}, {`[aé]`, 2}, {`x{2}`, 2},
	} {
		if got := SolidBound(regexp.MustCompile(tt.p)); got != tt.want {
			t.Errorf("SolidBound(%s) = %d, want %d", tt.p, got, tt.want)
		}
	}
	if inlineFixLabelSolid < 0 || fixLabelSolid < 0 {
		t.Errorf("inlineFixLabelSolid = %d, fixLabelSolid = %d: the label expressions have a bound", inlineFixLabelSolid, fixLabelSolid)
	}
}

// FuzzSolidWindow checks that each anchored expression with a bound finds
// on its SolidWindow what it finds on the whole text.
func FuzzSolidWindow(f *testing.F) {
	for _, s := range []string{
		"", ". Fix: x", ".  **Proposed:**\t\t y", ") Suggested fix:   ", "Proposed language: \"x\"", "- **Fix**:  a",
		"Short-term fix : x", "replacement  text\t:", "Risk: 4/5x", "risk 4 / 5", "K a", "KſX", "\u212a \t ſ", "ab \t",
		"ab \t\nx", "ab  x", "abcbca", "abcx", " \t é  x", "\t\té\n\nxy", "Counter-proposal: z", "_Next  steps:_ go",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, re := range solidPatterns {
			n := SolidBound(re)
			if n < 0 {
				t.Fatalf("SolidBound(%s) = %d", re, n)
			}
			if got, want := re.FindStringSubmatchIndex(SolidWindow(s, n)), re.FindStringSubmatchIndex(s); fmt.Sprint(got) != fmt.Sprint(want) {
				t.Fatalf("%s on SolidWindow(%q, %d) = %v, on the text %v", re, s, n, got, want)
			}
		}
	})
}
