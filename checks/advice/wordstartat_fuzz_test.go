package advice

import (
	"fmt"
	"testing"

	doctext "github.com/evalopt/evalopt/checks/internal/text"
)

// TestWordStartAtPatterns pins the patterns the hand matchers read: a
// change to one of them must change its matcher too.
func TestWordStartAtPatterns(t *testing.T) {
	if got := doctext.RiskRe.String(); got != riskPattern {
		t.Errorf("RiskRe is %s; riskAt reads %s", got, riskPattern)
	}
	if got := doctext.SeverityRe.String(); got != severityPattern {
		t.Errorf("SeverityRe is %s; colourAt reads %s", got, severityPattern)
	}
	if len(replacementPhrases) != 14 || replacementPhrases[0] != "replacement text" || replacementPhrases[13] != "insert the following" {
		t.Errorf("replacementPhrases = %q", replacementPhrases)
	}
	for _, p := range []string{`\b(?:a|b)[ \t]*:`, `(?i)\b(?:a|B)[ \t]*:`, `(?i)\b(?:a| b)[ \t]*:`, `(?i)\b(?:a\s+b)[ \t]*:`} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("colonPhrases(%s) did not panic", p)
				}
			}()
			colonPhrases(p)
		}()
	}
}

// FuzzWordStartAt checks that each hand matcher returns what its anchored
// pattern's FindStringSubmatchIndex does, on text holding neither ſ nor
// the Kelvin sign (the only text they are given).
func FuzzWordStartAt(f *testing.F) {
	for _, s := range []string{
		"", "risk", "Risk: 4", "risk 4/5", "RISK level 3", "risk  rating:\t2 / 5", "risk score = 5/5x", "risk score4", "risk level",
		"risk levelx 3", "risk 6", "risk 45", "risk 4/", "risk 4 / 55", "risk 4/5", "risk:=3", "risk =\t0", "risk\t\tlevel\t:\t1/ 5",
		"risk level 3/5é", "risk 3é", "risk 3_", "risks 3", "risk rating", "risk score: x", "riskscore 3",
		"RED", "RED.", "REDx", "Red", "AMBER AMBER", "YELLOW_", "GREEN", "severity: red", "Severity = AMBER", "SEVERITY:\tGreen!",
		"severity red", "severity:", "severity: redx", "severity :  yellow", "severity:é", "severityx: red",
		"Replacement text:", "replacement  text:", "Proposed wording :", "REVISED CLAUSE\t:", "replace with:", "insert the following:x",
		"replacement text", "replacement texts:", "replace:", "Insert the following", "proposed language :: x",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if foldsToASCII(s) {
			return
		}
		for _, w := range []*wordStartRe{riskLevel, colourSeverity, replacementMarker} {
			if got, want := w.hand(s), w.at.FindStringSubmatchIndex(s); fmt.Sprint(got) != fmt.Sprint(want) {
				t.Fatalf("%s: hand(%q) = %v, want %v", w.re, s, got, want)
			}
		}
	})
}
