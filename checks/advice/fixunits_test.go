package advice

import (
	"strings"
	"testing"

	"github.com/evalopt/evalopt/checks/checktest"

	"github.com/evalopt/evalopt/checks/check"
	"github.com/evalopt/evalopt/checks/internal/text"
	"github.com/evalopt/evalopt/evaluator"
	"github.com/stretchr/testify/assert"
)

// recFindings runs the hedge and directional checks on text as a
// deliverable of kind and returns "rule=matched text" for every finding
// that is not info, in order.
func recFindings(kind evaluator.Kind, text string) []string {
	doc := check.Prepare(check.Document{Text: text, Kind: kind})
	var out []string
	for _, c := range []check.Check{checktest.Must(NewHedgeCheck(RecommendationConfig{})), checktest.Must(NewDirectionalCheck(RecommendationConfig{}))} {
		for _, f := range c.Check(doc) {
			if f.Severity != check.SeverityInfo {
				out = append(out, f.Rule+"="+f.Location.Text)
			}
		}
	}
	return out
}

// The layouts and wordings below are not those of the corpus: each names
// a way a review gives advice, and each trap a way it gives none.
func TestRecommendationUnitsHedges(t *testing.T) {
	tests := []struct {
		name string
		kind evaluator.Kind
		text string
		want []string
	}{
		{"mitigation label under a rated heading", evaluator.KindRedTeamReport,
			"## Findings\n\n### V-7 Stored XSS in ticket comments (Critical)\n\nScript in a comment runs in the agent console.\n\nMitigation: it would be sensible to look at output encoding eventually.\n",
			[]string{RuleHedgeHighRisk + "=it would be sensible"}},
		{"remedy column of a findings table, letter severity", evaluator.KindRedTeamReport,
			"## Register\n\n| Ref | Sev | Problem | Remedy |\n|---|---|---|---|\n| K1 | H | Admin panel reachable from the internet | We would suggest exploring a VPN for it. |\n| K2 | L | Verbose banner | We would suggest exploring a shorter banner. |\n",
			[]string{RuleHedgeHighRisk + "=We would suggest exploring"}},
		{"memo advice names the clause of a rated issue", evaluator.KindReviewMemo,
			"SUMMARY\n\nThe lease is workable once the cap is fixed and the break is clarified.\n\nISSUES\n\n4. Cap on liability (clause 14.1). Major.\nThe cap is one month's rent.\n\n5. Signage (clause 20.2). Minor.\nSignage needs consent.\n\nADVICE\n\nOn clause 14.1, there could be some value in revisiting the cap.\n\nOn clause 20.2, there could be some value in asking for a consent form.\n",
			[]string{RuleHedgeHighRisk + "=there could be some value in"}},
		{"likelihood by impact score", evaluator.KindReviewMemo,
			"## Summary\n\nTwo items matter.\n\n## Findings\n\nK1 — Hold-back missing (clause 6). L4 × I5 = 20.\n\n## Recommendations\n\nQ1 (K1, score 20). The business may wish to think about a hold-back.\n",
			[]string{RuleHedgeHighRisk + "=may wish to", RuleHedgeHighRisk + "=think about"}},
		{"declared letter grades", evaluator.KindReviewMemo,
			"## Summary\n\nPoints are graded A (blocking), B (important) and C (cosmetic).\n\n## Findings\n\nG4 (A) – Payment on acceptance only (Article 9).\n\n## Recommendations\n\nFor G4: ideally the seller would agree to a milestone plan.\n",
			[]string{RuleHedgeHighRisk + "=ideally"}},
		{"field list: the nearest severity is the finding's", evaluator.KindRedTeamReport,
			"**Ref:** W-1\n**Severity:** High\n**Remediation:** Rotate the key today and move it to the vault.\n\n**Ref:** W-2\n**Severity:** Low\n**Remediation:** You might want to consider a shorter session timeout.\n",
			nil},
		{"worth noting is not advice", evaluator.KindReviewMemo,
			"## Findings\n\n1. Termination (clause 3) — High. It is worth noting that clause 3 allows termination on 7 days' notice.\n",
			nil},
		{"a hedge quoted from the source is not the reviewer's", evaluator.KindReviewMemo,
			"## Findings\n\n1. Change requests (clause 9) — High. Clause 9 reads: \"the Supplier may consider any reasonable change request in good faith\", which binds it to nothing.\n\n## Recommendations\n\n1. Replace clause 9 with: \"The Supplier shall accept any change request that does not increase its costs.\"\n",
			nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, recFindings(tt.kind, tt.text))
		})
	}
}

func TestRecommendationUnitsDirectional(t *testing.T) {
	tests := []struct {
		name string
		kind evaluator.Kind
		text string
		want []string
	}{
		{"italic remedy label under a bold rated lead", evaluator.KindRedTeamReport,
			"## Findings\n\n**CI-2 — Poisoned build cache (High).** A fork's pull request can write to the shared cache.\n*Remedy:* Harden the build pipeline.\n",
			[]string{RuleDirectionalHighSeverity + "=Harden"}},
		{"counter-proposal cell that gives a direction", evaluator.KindRedline,
			"| Clause | Their text | Our counter-proposal |\n|---|---|---|\n| 11.2 | \"Exclusivity applies worldwide for the Term.\" | Rebalance the exclusivity in the Distributor's favour. |\n| 11.3 | \"Notice by email.\" | \"Notice is given by email to the addresses in Schedule 2 and is received on the next Business Day.\" |\n",
			[]string{RuleDirectional + "=Rebalance"}},
		{"diff line that instructs", evaluator.KindRedline,
			"Clause 4\n\n− Confidential Information means all information.\n+ [narrow the definition where possible]\n",
			[]string{RuleDirectional + "=narrow"}},
		{"new clause that instructs", evaluator.KindRedline,
			"**New 12.5** Limit the indemnity to a sensible amount.\n\n*Why:* uncapped today.\n",
			[]string{RuleDirectional + "=Limit"}},
		{"inline remedy with a vague object", evaluator.KindRedTeamReport,
			"## Findings\n\n**ID-9.** The login form has no lockout (Medium). Remedy: introduce better throttling.\n",
			[]string{RuleDirectionalHighSeverity + "=introduce"}},
		{"memo paragraph ending in a direction", evaluator.KindReviewMemo,
			"ANALYSIS AND ADVICE\n\n2. Late payment interest (clause 7.4) – High\nInterest runs at 0% today. Amend clause 7.4 so that interest is set at a commercially sensible rate.\n",
			[]string{RuleDirectionalHighSeverity + "=Amend"}},
		{"a verdict word before a semicolon is no imperative", evaluator.KindRedline,
			"## Changes\n\n- Art. 17.2 (Termination): 90 days' notice either way. Acceptable; the regulator's framework still requires both carriers to keep interconnecting, so nothing needs improving.\n",
			nil},
		{"an activity named in a list of what was done", evaluator.KindRedTeamReport,
			"## Scope and method\n\n- Uncredentialed testing from a laptop on a free switch port.\n- Review of Windows and BIOS hardening settings.\n\n## Findings\n\nF-1 (High): the EMS server accepts any USB device.\n",
			nil},
		{"a change verb naming the state it changes to", evaluator.KindRedTeamReport,
			"## Remediation\n\nR2 (F2, High): Change the administrator password on the HMI stations to individual passwords stored in the plant password safe.\n",
			nil},
		{"a change verb with a direction for a target", evaluator.KindRedTeamReport,
			"## Remediation\n\nR2 (F2, High): Change the password policy to a reasonable standard.\n",
			[]string{RuleDirectionalHighSeverity + "=Change"}},
		{"a purpose is no target", evaluator.KindRedTeamReport,
			"## Remediation\n\nR1 (High): Improve the confirmation dialog so agents can make informed decisions.\n",
			[]string{RuleDirectionalHighSeverity + "=Improve"}},
		{"a closing directive after a fix set out in code", evaluator.KindRedTeamReport,
			"## Remediation\n\n1. **M-1 (High):** In the payee controller, resolve `memberId` from the token and return 404 when they differ. Fix before the next release.\n",
			nil},
		{"the same directive with no concrete fix on its line", evaluator.KindRedTeamReport,
			"## Remediation\n\n1. **M-1 (High):** Harden the payee controller.\n2. **M-2 (Low):** Set `cookie.secure = true`.\n",
			[]string{RuleDirectionalHighSeverity + "=Harden"}},
		{"concrete fix with a vague verb", evaluator.KindRedTeamReport,
			"## Findings\n\n### S-3 Session cookie (High)\n\nFix: restrict the cookie to the /app path and set `session.cookie_secure = true`.\n",
			nil},
		{"a fix naming only what to change", evaluator.KindRedTeamReport,
			"## Findings\n\n### S-6 Introspection enabled (Medium)\n\nFix: Harden the GraphQL endpoint.\n",
			[]string{RuleDirectionalHighSeverity + "=Harden"}},
		{"a fix naming its target", evaluator.KindRedTeamReport,
			"## Findings\n\n### S-5 Public bucket (High)\n\nFix: Restrict the bucket policy to the CloudFront origin.\n",
			nil},
		{"drafting in a diff line", evaluator.KindRedline,
			"Clause 8\n\n+ The Supplier shall ensure that backups are kept for thirty days.\n",
			nil},
		{"nothing to fix", evaluator.KindRedTeamReport,
			"## Findings\n\n### I-1 Banner discloses version (Low)\n\nRemediation: none required.\n",
			nil},
		{"a description in the advice", evaluator.KindReviewMemo,
			"## Recommendations\n\nA reasonable cap is standard in this market.\n\nThe current controls are adequate.\n",
			nil},
		{"fix introducing a code block", evaluator.KindRedTeamReport,
			"### S-4 Open redirect (High)\n\n**Fix:** Harden the redirect handler as follows:\n\n```go\nif !allowed[u.Host] { u = home }\n```\n",
			nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, recFindings(tt.kind, tt.text))
		})
	}
}

func TestReviewTitle(t *testing.T) {
	tests := []struct {
		line  string
		level int
		text  string
	}{
		{"3 RECOMMENDATIONS", 2, "RECOMMENDATIONS"},
		{"4. Next steps", 2, "Next steps"},
		{"KEY RISKS AND ADVICE", 1, "KEY RISKS AND ADVICE"},
		{"**Issues**", 3, "Issues**"},
		{"**Next steps:**", 3, "Next steps:**"},
		{"**On Finding 2 — Revise Section 3.2 to read:**", 0, ""},
		{"3. The Supplier shall pay the fees.", 0, ""},
		{"    ADVICE", 0, ""},
		{"| H | M |", 0, ""},
		{"2026", 0, ""},
	}
	for _, tt := range tests {
		lvl, off := text.ReviewTitle(tt.line)
		assert.Equal(t, tt.level, lvl, tt.line)
		if lvl > 0 {
			assert.Equal(t, tt.text, tt.line[off:], tt.line)
		}
	}
}

func TestUnitRisk(t *testing.T) {
	tests := []struct {
		name, text, unit string
		want             riskClass
	}{
		{"own words", "Fix (P1): rotate keys.\n", "Fix (P1): rotate keys.", riskHigh},
		{"row severity with its heading", "| Item | Priority | Action |\n|---|---|---|\n| 3 | 1 | Move the backups offsite. |\n", "Move the backups offsite.", riskHigh},
		{"rating as a sentence", "## Issues\n\n2. Renewal (clause 9.1). Minor.\nAutomatic.\n\n## Advice\n\nOn clause 9.1, fine.\n", "On clause 9.1, fine.", riskLow},
		{"numbered finding named", "## Findings\n\n**2. Audit rights (Section 7). Risk: 4.** None.\n\n## Recommendations\n\n**On Finding 2** — add them.\n", "**On Finding 2** — add them.", riskHigh},
		{"topic", "ISSUES\n\nThe third point, rated High, is the exclusivity granted to the reseller.\n\nADVICE\n\nOn exclusivity, hold firm.\n", "On exclusivity, hold firm.", riskHigh},
		{"nothing said", "## Recommendations\n\nDo it.\n", "Do it.", riskUnknown},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			at := strings.LastIndex(tt.text, tt.unit)
			u := text.RecUnit{Span: text.Span{Start: at, End: at + len(tt.unit)}, Body: at}
			for _, f := range text.FineUnits(tt.text) {
				if f.Start == at {
					u = f // a table cell reads its row
				}
			}
			got, _ := readRiskScale(tt.text).unitRisk(tt.text, u, 3, nil)
			assert.Equal(t, tt.want, got)
		})
	}
}
