package advice

import "testing"

// severityWordSeeds are texts at the edges of severityWordRe: each keyword
// and separator, "risk level"/"risk rating" with and without what follows,
// "is"/"of" with and without the space they need, every mark of the second
// alternative (a lone "-", "*" and "\v" too), the third alternative's
// tails, level words run on into a word, case, the dashes' bytes cut or
// behind a broken rune, and the runes (?i) folds to ASCII letters.
var severityWordSeeds = []string{
	"", "Severity: High", "severity:high", "SEVERITY = critical", "Priority (low)", "priority|minor", "Risk level: Medium",
	"risk rating — major", "Risk Rating: Severe", "risk  level  is  low", "risk level", "risk levelling: high", "risk rating:",
	"risk is high", "riskis high", "risk isHigh", "Impact of moderate", "impact ofmoderate", "impact – informational", "rating–info",
	"Rating: Info.", "rating: informationalx", "rating: infox", "severity:\thigh\n", "severityx: high", "xseverity: high",
	"_risk: high", "risk\v: high", "risk: \vhigh", "priority - minor", "priority -minor", "impact=-low", "impact: -low",
	"(Critical)", "( High", "[Medium]", "| Low |", "|LOW", ": HIGH", " - Moderate", "\t-Low", "-High", " -  CRITICAL",
	"[Medium.", "| Low,", "**Critical.", ": High.", "— Low.", " - High.", "(Moderate;", "**High**", "*High", "** Medium", "***Low", "— High", "–Low", "—Highest", "(Lowest)", "(high)", "(MEDIUM", "(Moderate",
	"High)", "High )", "Low]", "Medium|", "Moderate—", "LOW –", "High(", "CRITICAL  (", "High risk", "Highrisk", "High riskier",
	"High severity", "Low priority.", "HIGHrisk", "High Risk", "xHigh)", "_Low)", "1High)", "é High)", "éHigh)", "High", "Highs)",
	"Lower risk", "the matter is High. (Critical)", "severity: unknown; (High)", "risk 4 (Low)", "Critical: see below",
	"\xe2\x80 High", "\xe2High)", "\xe2\x80\x94High", "\xf0\xe2\x80\x94 Low", "High\xe2\x80\x94", "High\xe2\x80",
	"ſeverity: high", "Severity: \u212aey", "ri\u212a: high", "risk: high and ſo on", "impact: ſevere",
	"Finding F3 — Data retention (Section 7.2) — Severity: HIGH; likelihood low", "| 3 | Indemnity cap | High | Negotiate |",
}

// FuzzSeverityWord checks that severityWordIndex finds the word
// severityWordRe captures, where it captures it.
func FuzzSeverityWord(f *testing.F) {
	for _, s := range severityWordSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		st, e := severityWordIndex(s)
		wst, we := severityWordReIndex(s)
		if st != wst || e != we {
			t.Fatalf("severityWordIndex(%q) = %d, %d; severityWordRe captures %d, %d", s, st, e, wst, we)
		}
		want := ""
		if g := severityWordRe.FindStringSubmatch(s); g != nil {
			want = g[1] + g[2] + g[3]
		}
		if got := severityWord(s); got != want {
			t.Fatalf("severityWord(%q) = %q, want %q", s, got, want)
		}
	})
}
