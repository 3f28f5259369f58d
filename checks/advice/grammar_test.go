package advice

import (
	"testing"

	"github.com/evalopt/evalopt/checks/checktest"

	"github.com/evalopt/evalopt/checks/check"
	"github.com/evalopt/evalopt/evaluator"
	"github.com/stretchr/testify/assert"
)

// Hedges and directional-only fixes are recognised by their construction,
// in wordings no phrase list holds; plain instructions and drafted text are
// not.
func TestHedgeGrammar(t *testing.T) {
	memo := func(rec string) check.Document {
		return check.Document{Kind: evaluator.KindReviewMemo, Text: "## Recommendations\n\n" + rec + "\n"}
	}
	blocks := []string{
		"- (AMBER) The client could perhaps reconsider the renewal mechanism.",
		"- Risk 4/5. It would be sensible to look at the audit right again before signing.",
		"- Priority: P1. We would recommend revisiting the data-retention period.",
		"- **Critical.** Worth exploring a shorter cure period with the vendor.",
		"- High risk. Ops may wish to weigh up moving the backups onshore.",
		"R2 (RED): we suggest that the Buyer consider a cap on price rises.",
		"- (RED) It may be worth the platform owners checking whether the role is needed.",
		"- Risk 5/5. It would be worthwhile for ops reviewing the firewall rules at some point.",
		"- P1. It might be worth Legal and the DPO revisiting the retention clause.",
		"- (RED) It would be nice to have MFA on the admin console at some point.",
	}
	for _, rec := range blocks {
		var rules []string
		for _, f := range checktest.Must(NewHedgeCheck(RecommendationConfig{})).Check(memo(rec)) {
			rules = append(rules, f.Rule)
		}
		assert.Contains(t, rules, RuleHedgeHighRisk, rec)
	}
	informs := []string{
		"- (GREEN) You may wish to consider asking for a subcontractor list at renewal.",
		"- Risk 1/5. It might be worth a call with procurement.",
	}
	for _, rec := range informs {
		for _, f := range checktest.Must(NewHedgeCheck(RecommendationConfig{})).Check(memo(rec)) {
			assert.Equal(t, check.SeverityInfo, f.Severity, rec)
		}
	}
	clean := []string{
		"- (RED) Delete clause 9.3 and replace it with: \"Each party's liability is capped at 150% of the fees paid.\"",
		"- Risk 5/5. Do not sign until the Supplier names its sub-processors in Schedule 2.",
		"- (AMBER) Clause 4.4 reads: \"The Supplier may consider any request in good faith\"; keep it.",
		"- (RED) It is worth the team noting that the key was rotated; now delete the old key from vault/prod.",
		"- (RED) It is good to see MFA enforced; now also set `session_timeout = 900` in auth.yaml.",
		"- Critical. It is worth £40,000 a year to the Customer, so cap the fee at 10% in clause 7.",
	}
	for _, rec := range clean {
		assert.Empty(t, checktest.Must(NewHedgeCheck(RecommendationConfig{})).Check(memo(rec)), rec)
	}
}

func TestDirectionalGrammar(t *testing.T) {
	report := func(body string) check.Document {
		return check.Document{Kind: evaluator.KindRedTeamReport, Text: "### V-3 Session fixation — High (CVSS 7.5)\n\n" + body + "\n"}
	}
	directional := []string{
		"**Remediation:** Harden session handling across the app.",
		"Mitigation. Improve the logging and review the admin permissions.",
		"Fix: bolster rate limiting on the API.",
	}
	for _, body := range directional {
		var rules []string
		for _, f := range checktest.Must(NewDirectionalCheck(RecommendationConfig{})).Check(report(body)) {
			rules = append(rules, f.Rule)
		}
		assert.Contains(t, rules, RuleDirectionalHighSeverity, body)
	}
	concrete := []string{
		"**Remediation:** Regenerate the session id on login with `session.regenerate()` and set `SameSite=Strict`.",
		"Fix: limit the login endpoint to 5 attempts per minute per IP in the gateway config.",
		"Fix:\n\n```nginx\nlimit_req zone=login burst=5;\n```",
	}
	for _, body := range concrete {
		assert.Empty(t, checktest.Must(NewDirectionalCheck(RecommendationConfig{})).Check(report(body)), body)
	}
}

func TestClassifyRisk(t *testing.T) {
	tests := []struct {
		s    string
		want riskClass
	}{
		{"Risk: 4", riskHigh},
		{"risk level 2", riskLow},
		{"Severity: AMBER", riskHigh},
		{"(GREEN)", riskLow},
		{"### F-02 IDOR — High (CVSS 7.1)", riskHigh},
		{"Priority P3", riskLow},
		{"P1 — fix before launch", riskHigh},
		{"CVSS 3.1", riskLow},
		{"Rating: Low", riskLow},
		{"Risk: 2. Severity: RED", riskHigh},
		{"the high court held", riskUnknown},
		{"no rating here", riskUnknown},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, ClassifyRisk(tt.s, 3), tt.s)
	}
}
