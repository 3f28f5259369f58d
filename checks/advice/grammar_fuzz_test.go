package advice

import (
	"testing"

	"github.com/evalopt/evalopt/checks/internal/text"
)

// FuzzMayRate checks that no rating expression matches text whose
// rateMask lacks the kind of word it needs.
func FuzzMayRate(f *testing.F) {
	for _, s := range []string{"Severity: High", "(Critical)", "RED", "P1", "CVSSv3.1 9.8", "rated as low", "L3×I4 = 12", "L3xI4=12", "risk 4/5", "a plain sentence", "Überhigh (Critical)", "HIGH_RISK", "Highrisk", "riſk 4", "\u212aey: CVSS", "CVSSv3abcdefghijkl9.8", "score10", "priority1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m := rateMask(s)
		for _, c := range []struct {
			need rateClass
			re   interface{ MatchString(string) bool }
		}{{rateRisk, text.RiskRe}, {rateColour, text.SeverityRe}, {rateLevel, severityWordRe}, {rateP, priorityRe}, {rateCVSS, cvssRe},
			{rateLevel, ratingSentenceRe}, {rateLevel, ratedRe}, {ratePriority, priorityNumRe}, {rateScore, text.ScoreRe}} {
			if m&c.need == 0 && c.re.MatchString(s) {
				t.Fatalf("rateMask(%q) = %b lacks %b, but %v matches", s, m, c.need, c.re)
			}
		}
	})
}

// FuzzGradeWordAt checks that gradeScaleRe matches no line gradeWordAt
// rejects.
func FuzzGradeWordAt(f *testing.F) {
	for _, s := range []string{"rated A (must fix)", "Priority A: now", "claſſified A - x", "Exhibit A: Fees", "Ratings: A = urgent"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if !gradeWordAt(s) && text.GradeScaleRe.MatchString(s) {
			t.Fatalf("gradeWordAt(%q) = false, but gradeScaleRe matches", s)
		}
	})
}

// FuzzClauseRefs checks that clauseRefs finds what clauseRefRe finds.
func FuzzClauseRefs(f *testing.F) {
	for _, s := range []string{"see Section 4.2 and clause 7(a)", "§ 3", "ſection 5", "Articles 3", "paragraph12", "no reference"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := clauseRefs(s), clauseRefRe.FindAllStringSubmatch(s, 3); len(got) != len(want) {
			t.Fatalf("clauseRefs(%q) = %v, clauseRefRe finds %v", s, got, want)
		}
	})
}
