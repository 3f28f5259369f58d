package advice

import (
	"fmt"
	"regexp"
	"testing"

	doctext "github.com/evalopt/evalopt/checks/internal/text"
)

// FuzzWordStartRe checks that each wordStartRe finds what its pattern
// finds, and OpensWithFixVerb (anchored patterns) what the unanchored
// patterns find at 0.
func FuzzWordStartRe(f *testing.F) {
	for _, s := range []string{
		"", "Replacement text: \"x\"", "replacement  text\t:", "Proposed wording :", "REVISED CLAUSE:", "replace with:", "insert the following:",
		"xreplacement text:", "replacement text", "Push for stronger terms", "in some way", "to the extent feasible", "as appropriate",
		"at some point", "more robust", "more_x", "commercially reasonable", "some form of", "if possible", "properly", "fair-ish",
		"Negotiate better protection, as needed.", "a\u017fafer cap", "\u212aeep it adequate", "é better", "better_é", "fix it", "Shore up the cap",
		"make sure", "minimise", "push for", "carve out", "  **Fix** the cap", "fixing", "more  protective", "as necessary", "serious",
		"Risk: 4. Severity: RED.", "risk4", "Risk level 3/5", "(Risk 4/5)", "risk rating: 2", "riskiest 3", "Severity = amber", "RED AMBER", "Red",
		"aRED", "severity:green", "riſk 3", "Risk	=	5 / 5x", "abcdefghijklmnopqrstuvwxyzabcd risk 2",
		"rated High", "which we rate Medium", "graded as critical", "Rated it as low", "rate them  as minor", "classed\tsevere",
		"classified as: high", "xrated high", "rated_high", "rated highly", "grade d", "re-rated as major", "Graded ſevere",
		"## Key Findings", "Key  points", "key points", "Key Pointsx", "Vulnerabilities", "vulnerabilitys", "Observations 1–4",
		"A fairer cap, to be agreed.", "still  to be discussed", "yet to be worked  out", "to be finalized", "TO BE FINALISED", "subject to further negotiation",
		"for discussion", "open for discussion", "let's discuss", "lets talk", "we'll agree", "we can discuss", "happy to talk", "TBD", "tbc.", "tbdx",
		"to bee agreed", "The fee shall be", "it includes", "include", "mayor", "HAS", "applies_", "sHall",
		"Replacement text\n:", "Replacement text:\n", "Risk:\n4", "Risk 4\n/5", "risk 4/5\nx", "rated\nhigh", "RED\nAMBER", "severity:\ngreen",
		"x\nRisk: 4. Severity: RED.\n\nReplace the figure.\nProposed language:", "### Analysis", "ISSUES", "Risk_Register", "Findings_and issues", "pointless", "Concerns raised", "Key points",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, w := range []*wordStartRe{replacementMarker, vagueQualifier, vagueObject, riskLevel, colourSeverity, ratedLevel, findingHeading, deferral, finiteDraft} {
			if got, want := w.index(s), w.re.FindStringIndex(s); fmt.Sprint(got) != fmt.Sprint(want) {
				t.Fatalf("%s: index(%q) = %v, want %v", w.re, s, got, want)
			}
			if got, want := w.submatch(s), w.re.FindStringSubmatch(s); fmt.Sprintf("%q", got) != fmt.Sprintf("%q", want) {
				t.Fatalf("%s: submatch(%q) = %q, want %q", w.re, s, got, want)
			}
		}
		atZero := func(re *regexp.Regexp, s string) bool { m := re.FindStringIndex(s); return m != nil && m[0] == 0 }
		if got := doctext.OpensWithFixVerb(s); got != (atZero(doctext.DirectionalGoalRe, trimLead(s)) || atZero(doctext.VagueVerbRe, trimLead(s))) {
			t.Fatalf("OpensWithFixVerb(%q) = %v", s, got)
		}
	})
}

// trimLead is what OpensWithFixVerb trims before reading the verb.
func trimLead(s string) string {
	for len(s) > 0 && (s[0] == ' ' || s[0] == '\t' || s[0] == '*' || s[0] == '_') {
		s = s[1:]
	}
	return s
}

// TestWithinLine pins which of the package's patterns read a line only
// or a bounded window (solid),
// and that the test sees the newline wherever a pattern can take one.
func TestWithinLine(t *testing.T) {
	for _, tt := range []struct {
		w    *wordStartRe
		want bool
	}{
		{replacementMarker, true}, {riskLevel, true}, {colourSeverity, true}, {ratedLevel, true},
		{findingHeading, true}, {finiteDraft, true}, {vagueQualifier, false}, {vagueObject, false}, {deferral, false},
	} {
		if tt.w.oneLine != tt.want {
			t.Errorf("%s: oneLine = %v, want %v", tt.w.re, tt.w.oneLine, tt.want)
		}
	}
	for _, tt := range []struct {
		w     *wordStartRe
		solid bool
	}{
		{vagueQualifier, false}, {vagueObject, true}, {deferral, true}, {ratedLevel, true}, {findingHeading, true}, {finiteDraft, true},
	} {
		if (tt.w.solid >= 0) != tt.solid {
			t.Errorf("%s: solid = %d", tt.w.re, tt.w.solid)
		}
	}
	for _, p := range []string{`a\s`, `(?s)a.`, `a[^b]`, `a\n`, `a$`, `(?m)a$`, `a\W`, `a[\x00-\x7f]`, `(?:x|\D)`} {
		if withinLine(regexp.MustCompile(p)) {
			t.Errorf("withinLine(%s) = true, want false", p)
		}
	}
	for _, p := range []string{`a[ \t]b`, `a.`, `(?i)\bk\b`, `^a`, `[^\n]`, `a\B`} {
		if !withinLine(regexp.MustCompile(p)) {
			t.Errorf("withinLine(%s) = false, want true", p)
		}
	}
}

// TestASCIIWordByte checks the table against the regexp package's \w on
// every ASCII byte; no other byte is a word byte of \b.
func TestASCIIWordByte(t *testing.T) {
	w := regexp.MustCompile(`^\w$`)
	for c := 0; c < 256; c++ {
		want := c < 0x80 && w.MatchString(string(rune(c)))
		if got := asciiWordByte(byte(c)); got != want {
			t.Errorf("asciiWordByte(%#x) = %v, want %v", c, got, want)
		}
	}
}
