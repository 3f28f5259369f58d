package structure

import (
	"testing"

	"github.com/evalopt/evalopt/checks/check"
	"github.com/evalopt/evalopt/evaluator"
	"github.com/stretchr/testify/assert"
)

// missingSections returns the names of the sections the default check
// reports missing, in order.
func missingSections(kind evaluator.Kind, text string) []string {
	var out []string
	for _, f := range NewSectionsCheck().Check(check.Document{Text: text, Kind: kind}) {
		out = append(out, f.Message[len("no "):len("no ")+len(firstWord(f.Message[len("no "):]))])
	}
	return out
}

func firstWord(s string) string {
	for i := 0; i < len(s); i++ {
		if s[i] == ' ' {
			return s[:i]
		}
	}
	return s
}

const lead = "The agreement can be signed once the two points below are fixed, and neither should be hard to win.\n\n"

func TestOwnSections(t *testing.T) {
	tests := []struct {
		name string
		kind evaluator.Kind
		text string
		want []string
	}{
		{"a title naming findings is not the findings section", evaluator.KindReviewMemo,
			"# Findings review: Acme MSA\n\n## Overview\n\n" + lead + "## Recommended changes\n\n1. Replace clause 9 with: \"The cap is 12 months' fees.\"\n",
			[]string{"findings"}},
		{"a letterhead naming advice is not the recommendations", evaluator.KindReviewMemo,
			"ADVICE NOTE\n\nTo: Finance\nFrom: Legal\n\nOVERVIEW\n\n" + lead + "RISKS\n\nThe cap is one month of fees, which is far below the likely loss.\n",
			[]string{"recommendations"}},
		{"advice under each issue is a recommendations section", evaluator.KindReviewMemo,
			"## Summary\n\n" + lead + "## Issues\n\n**1. Liability cap**\n- Risk: High.\n- Recommendation: replace clause 9 with \"The cap is twelve months of fees.\"\n",
			nil},
		{"standalone title lines are headings", evaluator.KindReviewMemo,
			"Summary\n\n" + lead + "Problems\n\nThe cap in clause 9 is one month of fees, which is too low.\n\nNext steps\n\nAsk for a cap of twelve months of fees in clause 9.\n",
			nil},
		{"standalone title lines, findings removed", evaluator.KindReviewMemo,
			"Summary\n\n" + lead + "Next steps\n\nAsk for a cap of twelve months of fees in clause 9.\n\nBackground\n\nThe supplier sent its draft on Monday and wants to sign this week.\n",
			[]string{"findings"}},
		{"a report with only negative results has no findings", evaluator.KindRedTeamReport,
			"# Orbit 2.0 penetration test\n\n## Executive summary\n\n" + lead + "## Not vulnerable\n\nSQL injection was tried on every form and failed.\n\n## Retest\n\nNone needed.\n",
			[]string{"findings", "recommendations"}},
		{"finding ids head the findings", evaluator.KindRedTeamReport,
			"# Orbit 2.0 penetration test\n\n## Overview\n\n" + lead + "### XS-1 Reflected XSS in search (High)\n\nFix: encode output.\n\n### XS-2 Missing HSTS (Low)\n\nFix: add the header.\n",
			nil},
		{"a report's summary may be its opening paragraph", evaluator.KindRedTeamReport,
			"# Orbit 2.0 penetration test\n\nWe tested the Orbit web client and API for two weeks and found one issue that should block the release and one that can wait; both have simple fixes and the team has already started on the first one, which needs only a change to the output encoder.\n\n## Findings\n\n### XS-1 Reflected XSS (High)\n\nFix: encode output.\n",
			nil},
		{"a report with no summary", evaluator.KindRedTeamReport,
			"# Orbit 2.0 penetration test\n\nTeam Blue · March 2027\n\n## Findings\n\n### XS-1 Reflected XSS (High)\n\nFix: encode output.\n\n## Retest\n\nIn April.\n",
			[]string{"summary"}},
		{"an email with a sign-off has no sections to miss", evaluator.KindReviewMemo,
			"Hi Sam,\n\nThe NDA is fine apart from the term in section 4, which should be five years.\n\nBest\n\nAlex Chen | Legal\n",
			nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, missingSections(tt.kind, tt.text))
		})
	}
}
