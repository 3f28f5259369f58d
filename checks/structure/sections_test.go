package structure

import (
	"strings"
	"testing"

	"github.com/evalopt/evalopt/checks/check"
	"github.com/evalopt/evalopt/checks/internal/text"
	"github.com/evalopt/evalopt/evaluator"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestSectionsCheck(t *testing.T) {
	memo := func(text string) []string {
		var got []string
		for _, f := range NewSectionsCheck().Check(check.Document{Kind: evaluator.KindReviewMemo, Text: text}) {
			got = append(got, f.Message)
		}
		return got
	}
	assert.Empty(t, memo("# Memo\n\n## Executive summary\n\nx\n\n## Key issues\n\nx\n\n## Next steps\n\nx\n"), "synonyms count")
	assert.Empty(t, memo("MEMO\n\nBOTTOM LINE\n\nx\n\nANALYSIS\n\nx\n\nADVICE\n\nx\n"), "plain-text capitals")
	assert.Empty(t, memo("1. Overview\n\nx\n\n2. Risks\n\nx\n\n3. What to do\n\nx\n"), "numbered plain titles")
	assert.Empty(t, memo("## review\n\nx\n\n## tl_dr\n\nx\n\n## findings\n\nx\n\n## recommendations\n\nx\n"), "an outline's snake_case keys")
	lead := "You asked us to look at the supply agreement before signing. In short it is broadly acceptable but the liability and exit terms need work, and the data terms must be fixed before any personal data is shared with the supplier under it."
	assert.Empty(t, memo("# Memo\n\n"+lead+"\n\n## Analysis\n\nx\n\n## Recommendations\n\nx\n"), "an opening paragraph is the summary")
	got := memo("# Memo\n\n## Summary\n\nx\n\n## Background\n\nx\n\n## Recommendations\n\nx\n")
	require.Len(t, got, 1)
	assert.Contains(t, got[0], "findings")
	assert.Empty(t, memo("Short note with no sections."), "a note without headings has no sections to miss")
	body := "You asked me to review the listing agreement. The indemnity in Art. 6 is unlimited and I rate it HIGH risk. I recommend striking Art. 6 and replacing it with the language in Attachment 1."
	assert.Empty(t, memo("MEMORANDUM\n\nTO: Board\nFROM: Counsel\n\n"+body+"\n\nAttachment 1 — Proposed language\n\nArt. 6 (replacement): \"Each party shall indemnify the other.\"\n"),
		"a memo whose body has no section heading of its own is running prose")
	assert.Empty(t, memo("# Report\n\n## Summary\n\nx\n\n## What we found\n\nx\n\n## What to fix\n\nx\n"), "plain-word headings name the sections")
	assert.Empty(t, memo("# Report\n\n## Summary\n\nx\n\n## Findings\n\nx\n\n## Measures\n\nx\n"), "measures are the recommendations")
	assert.Empty(t, memo("# Note for the directors\n\n## Summary\n\nx\n\n## What worries me\n\nx\n\n## What we want changed\n\nx\n"), "plain words of worry and of change")
	assert.Empty(t, memo("NOTE\n\nSUMMARY\n\nx\n\nPROBLEMS FOUND\n\nx\n\nWHAT MUST BE DONE\n\nx\n"), "what must be done is the recommendations")
	got = memo("NOTE\n\nSUMMARY\n\nx\n\nPROBLEMS FOUND\n\nx\n\nNEXT STEP\n\nSend it to Finance.\n")
	require.Len(t, got, 1, "a next step to send the note on recommends nothing")
	assert.Contains(t, got[0], "recommendations")
	assert.Empty(t, memo("# Review\n\n> **TL;DR**\n> - Two clauses need changes.\n\n## Findings\n\nx\n\n## Recommendations\n\nx\n"), "a TL;DR box is the summary")
	got = memo("# Review\n\n> **Note**\n> - Two clauses need changes.\n\n## Findings\n\nx\n\n## Recommendations\n\nx\n")
	require.Len(t, got, 1, "a note box is no summary")
	assert.Contains(t, got[0], "summary")
	partTitles := "Research Contracts Office\nReview note: Data Sharing Agreement\n\nPart A — Overview\n\n> At a glance\n> - 5 findings: 2 high\n\nThe agreement lets the recipient receive pseudonymised data for the project.\n\nPart B — Findings\n\nB1. Onward sharing without consent, severity high, under the agreement.\n\nPart C — Recommendations\n\nC1. Replace the onward sharing clause with a consent requirement for every recipient.\n"
	assert.Empty(t, memo(partTitles), "a title after body text is a section, not the document's title")
	report := func(text string) []check.Finding {
		return NewSectionsCheck().Check(check.Document{Kind: evaluator.KindRedTeamReport, Text: text})
	}
	questions := "# Phishing simulation\n\nIn short: across the two weeks of the simulation 14% of the agents clicked one of the three lures and 3% went on to enter their passwords on the fake page, so we recommend two changes to the reporting button and to the payroll training that all agents take.\n\nWhat did we test?\n\nWe sent three lures to 400 agents over two weeks.\n\nWhat did we find?\n\n1. High — 14% of agents clicked the payroll lure.\n\nWhat are we doing about it?\n\n1. Turn on the report-phish button for every agent by 1 March.\n"
	assert.Empty(t, report(questions), "question headings name the sections")
	metaphor := "# Chatbot red team\n\nIn short: four findings across the assistant's claim tools, one of them critical, and we recommend fixing the claim-status tool before release; the fixes for each finding are set out below with their owners and dates for the release board.\n\nWHAT WE TESTED\n\nWe ran 400 prompts against staging.\n\nWHAT BROKE\n\nF1 — Cross-account claim status (Critical). The tool took any policy number.\n\nF2 — Indirect injection via PDF (High). Hidden text was followed.\n\nFIXES\n\nF1 — Take the policy number from the session token.\n"
	assert.Empty(t, report(metaphor), "items graded by id are the findings, whatever the heading's metaphor")
	assert.Empty(t, NewSectionsCheck().Check(check.Document{Kind: evaluator.KindCustomerReply, Text: "## A\n\n## B\n"}), "replies need none")
}

func TestWithRequiredSections(t *testing.T) {
	s, err := check.NewSuite([]check.Check{NewSectionsCheck()}, WithRequiredSections(evaluator.KindCustomerReply, text.Section{Name: "next steps", Headings: []string{"next steps", "what happens next"}}))
	require.NoError(t, err)
	fs, err := s.Run(t.Context(), check.Document{Kind: evaluator.KindCustomerReply, Text: "## Your order\n\nx\n\n## Your refund\n\nx\n"})
	require.NoError(t, err)
	require.Len(t, fs, 1)
	assert.Equal(t, RuleMissingSection, fs[0].Rule)
	_, err = check.NewSuite([]check.Check{NewSectionsCheck()}, WithRequiredSections(evaluator.KindReviewMemo, text.Section{Name: ""}))
	assert.Error(t, err)
}

func TestSectionsCheckRedTeamEngagement(t *testing.T) {
	missing := func(text string) []string {
		var got []string
		for _, f := range NewSectionsCheck().Check(check.Document{Kind: evaluator.KindRedTeamReport, Text: text}) {
			got = append(got, f.Message)
		}
		return got
	}
	body := "## Summary\n\nTwo issues.\n\n## Findings\n\n### F-1 Token scope too broad (High)\n\nx.\n\n**Fix.** Set `scope=read` on the token.\n\n### F-2 Debug logging (Low)\n\ny.\n\n**Fix.** Remove `Log.d` calls.\n"
	scope := "## Scope\n\nThe iOS app 5.1 and its API, tested 9–13 May on two devices.\n\n"
	method := "## Approach\n\nWe decompiled the app and intercepted its traffic with a proxy.\n\n"
	assert.Empty(t, missing("# App assessment\n\n"+scope+method+body), "both sections")
	assert.Empty(t, missing("# App assessment\n\n## Scope and method\n\nThe iOS app.\n\n"+body), "one heading for both")
	assert.Empty(t, missing("# App assessment\n\n"+body), "a findings note with neither needs neither")
	got := missing("# App assessment\n\n" + method + body)
	require.Len(t, got, 1, "a method section without a scope")
	assert.Contains(t, got[0], "no scope section")
	got = missing("# App assessment\n\n" + scope + body)
	require.Len(t, got, 1, "a scope section without a method")
	assert.Contains(t, got[0], "no methodology section")
	assert.Empty(t, missing("# App assessment\n\n## Scope\n\nThe iOS app 5.1. We tested deep links and storage; each attack was repeated 5 times.\n\n"+body),
		"the method stated in the scope section")
	assert.Empty(t, missing("# App assessment\n\n## Scope\n\nThe iOS app 5.1. Testing was performed with a proxy, following the OWASP MASVS.\n\n"+body),
		"a passive method statement")
	assert.Empty(t, missing("# App assessment\n\n## Approach\n\nBlack-box testing of the release build.\n\n**Targets:** the iOS app 5.1 and its API.\n\n"+body),
		"a scope label")
	assert.Empty(t, missing("# App assessment\n\n## Methodology\n\nManual testing.\n\n## Summary\n\nThe assessment covered the iOS app 5.1 and its API.\n\n"+body[strings.Index(body, "## Findings"):]),
		"the scope stated as what the assessment covered")
	assert.Empty(t, missing("# App assessment\n\n## Summary\n\nWe tested the app within the scope set by the rules of engagement.\n\n## Methodology\n\nManual testing.\n\n## Findings\n\n### F-1 Token scope too broad (High)\n\nx.\n\n**Fix.** Set `scope=read`.\n\n### F-2 Logging (Low)\n\n**Fix.** Remove `Log.d`.\n"),
		"the scope stated in the opening")
	assert.Empty(t, missing("# App assessment\n\n## Summary\n\nTwo issues.\n\n## Findings\n\n### F-1 Token scope too broad (High)\n\n**Fix.** Set `scope=read`.\n\n### F-2 Logging (Low)\n\n**Fix.** Remove `Log.d`.\n"),
		"a finding's heading is not an engagement section")
}

func TestSectionsCheckSeverityTally(t *testing.T) {
	missing := func(text string) []string {
		var got []string
		for _, f := range NewSectionsCheck().Check(check.Document{Kind: evaluator.KindRedTeamReport, Text: text}) {
			got = append(got, f.Message)
		}
		return got
	}
	body := "\n\n## Findings\n\n### F-1 Open bucket (High)\n\nx.\n\n## Remediation\n\nClose the bucket.\n"
	assert.Empty(t, missing("# API test\n\nIssues found: 2 High, 3 Low."+body), "counts before the grades")
	assert.Empty(t, missing("ACME WEB TEST\nResult - Critical: 0, High: 1, Medium: 4"+body), "grades before the counts")
	assert.Empty(t, missing("# Test\n\nFindings: 1 x critical and 2 x informational"+body), "multiplied counts")
	assert.Empty(t, missing("# Test\n\n| **Findings posted** | 4 findings: one Critical, two High, one Low |"+body), "counts in words")
	for _, text := range []string{
		"# API test\n\nOne High finding was raised." + body,               // a single grade, no tally
		"# API test\n\nWe used 2 high-gain antennas." + body,              // one count, no tally
		"# API test\n\nRisk is high; 3 hosts, 2 ports, low noise." + body, // grade words without counts
	} {
		got := missing(text)
		require.Len(t, got, 1, text)
		assert.Contains(t, got[0], "no summary section", text)
	}
	var lines strings.Builder
	for range tallyLines + 1 {
		lines.WriteString("Filler line.\n")
	}
	got := missing("# API test\n\n" + lines.String() + "Counts: 1 High, 2 Low." + body)
	require.Len(t, got, 1, "a tally deep in the body is no opening summary")
}
