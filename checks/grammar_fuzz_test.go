package checks

import "testing"

// FuzzMayRate checks that no rating expression matches text mayRate
// rejects.
func FuzzMayRate(f *testing.F) {
	for _, s := range []string{"Severity: High", "(Critical)", "RED", "P1", "CVSSv3.1 9.8", "rated as low", "L3×I4 = 12", "risk 4/5", "a plain sentence", "Überhigh (Critical)", "HIGH_RISK"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if mayRate(s) {
			return
		}
		for _, re := range []interface{ MatchString(string) bool }{riskRe, severityRe, severityWordRe, priorityRe, cvssRe, ratingSentenceRe, ratedRe, priorityNumRe, scoreRe} {
			if re.MatchString(s) {
				t.Fatalf("mayRate(%q) = false, but %v matches", s, re)
			}
		}
	})
}
