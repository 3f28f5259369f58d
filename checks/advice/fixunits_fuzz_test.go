package advice

import (
	"testing"

	"github.com/evalopt/evalopt/checks/checktest"

	"github.com/evalopt/evalopt/checks/check"
	doctext "github.com/evalopt/evalopt/checks/internal/text"
	"github.com/evalopt/evalopt/evaluator"
)

// FuzzRecommendationUnits feeds arbitrary text to the recommendation
// reader (units by form, title lines, rated findings, the hedge and
// directional checks) as every review kind: units stay inside the text with
// their words inside them, and findings hold the usual invariants.
func FuzzRecommendationUnits(f *testing.F) {
	for _, s := range []string{
		"## Findings\n\n### V-1 XSS (High)\n\nFix: Harden it.\n",
		"| ID | Sev | Fix |\n|---|---|---|\n| A1 | H | Improve it. |\n",
		"ISSUES\n\n2. Cap (clause 4.1). Major.\nLow cap.\n\nADVICE\n\nOn clause 4.1, there may be merit in revisiting it.\n",
		"+ [extend the period as appropriate]\n**New 3.4** Tighten this.\n[Comment: carve out serious breaches]\n",
		"**Fix:**\n- Rotate keys\n\n```go\nx := 1\n```\n\nR2 (F2, score 16). Consider it. Fix: make it safer.",
		"Points are rated A (must), B (should).\nF1 (A) – x\nFor F1: ideally they would agree.\n",
		"**Severity:** Low\n**Remediation:** You may wish to consider it.\n|",
		"|\n|-|\n| x |",
	} {
		f.Add(s)
	}
	hedge := checktest.Must(NewHedgeCheck(RecommendationConfig{}))
	dir := checktest.Must(NewDirectionalCheck(RecommendationConfig{}))
	f.Fuzz(func(t *testing.T, text string) {
		for _, review := range []bool{true, false} {
			for _, u := range recommendationUnits(text, review, doctext.WordSpans(text)) {
				if u.Start < 0 || u.Start > u.Body || u.Body > u.End || u.End > len(text) {
					t.Fatalf("unit [%d,%d) body %d outside text of %d bytes", u.Start, u.End, u.Body, len(text))
				}
			}
		}
		for _, kind := range []evaluator.Kind{evaluator.KindReviewMemo, evaluator.KindRedline, evaluator.KindRedTeamReport, ""} {
			doc := check.Prepare(check.Document{Text: text, Kind: kind})
			checktest.Valid(t, text, hedge.Check(doc))
			checktest.Valid(t, text, dir.Check(doc))
		}
		doctext.ReviewTitle(text)
	})
}
