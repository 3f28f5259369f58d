package advice

import (
	"testing"

	"github.com/evalopt/evalopt/checks/check"
	"github.com/evalopt/evalopt/checks/checktest"
	"github.com/evalopt/evalopt/evaluator"
)

// A recommendation in the passive names only a direction as the verb does:
// "should be strengthened" is "strengthen".
func TestDirectionalPassive(t *testing.T) {
	c := checktest.Must(NewDirectionalCheck(RecommendationConfig{}))
	text := "## Recommendations\n\nR1 (High). The assignment provision should be ⟦strengthened⟧{recommendation.directional_high_severity} in the Buyer's favour.\n"
	plain, _, err := checktest.Parse(text)
	if err != nil {
		t.Fatal(err)
	}
	checktest.Run(t, c, check.Document{Text: plain, Kind: evaluator.KindReviewMemo}, text)
	good := "## Recommendations\n\nR1 (High). Replace clause 8.2 with: \"The Seller may assign this Agreement only with the Buyer's prior written consent.\" The clause is strengthened that way.\n"
	checktest.Run(t, c, check.Document{Text: good, Kind: evaluator.KindReviewMemo}, good)
}

// A finding set out as an HTML <details> block rates the fix inside it
// ("· High" in its <summary>), and the block's closing tag is no part of
// the fix.
func TestDirectionalInDetailsBlock(t *testing.T) {
	c := checktest.Must(NewDirectionalCheck(RecommendationConfig{}))
	text := "<details>\n<summary><strong>F-02 · Prompt injection · High</strong></summary>\n\n**What happened:** the tester pasted a thing.\n\n**Fix:** ⟦improve⟧{recommendation.directional_high_severity} the validation of tool inputs so this cannot happen.\n</details>\n"
	plain, _, err := checktest.Parse(text)
	if err != nil {
		t.Fatal(err)
	}
	checktest.Run(t, c, check.Document{Text: plain, Kind: evaluator.KindRedTeamReport}, text)
}

// A row of an action plan with its date is a task an owner does by then,
// not a direction of change.
func TestDatedActionRowIsNoDirection(t *testing.T) {
	c := checktest.Must(NewDirectionalCheck(RecommendationConfig{}))
	good := "## Next steps\n\n| Owner | Action | Due |\n|---|---|---|\n| Legal | Send the mark-up of clauses 4 and 9 | 5 June |\n| Privacy | Update the record of processing for Kestrel | 12 June |\n"
	checktest.Run(t, c, check.Document{Text: good, Kind: evaluator.KindReviewMemo}, good)
}

// A sentence that opens with the vague adjective and then a condition or
// its stop is a verdict on the term ("Acceptable if the Sponsor
// resists."), not a fix; the adjective before a noun still names only a
// direction.
func TestOpeningAdjectiveVerdict(t *testing.T) {
	c := checktest.Must(NewDirectionalCheck(RecommendationConfig{}))
	good := "## Findings\n\n4. Payment term (low). Article 6.2 allows 90 days; our standard is 45 days. Acceptable if the Sponsor resists.\n\n## Recommendations\n\n1. Article 6.2: ask for 45 days; accept 60 days as a fallback.\n"
	checktest.Run(t, c, check.Document{Text: good, Kind: evaluator.KindReviewMemo}, good)
	if !verdictTail(" if the Sponsor resists.") || !verdictTail(".") || verdictTail(" cap on liability") {
		t.Error("verdictTail misreads a condition, a stop or a noun")
	}
	box := "## Recommendations\n\n- Law and forum: India, courts at Bengaluru (clause 7.1) — acceptable\n- Fees: replace clause 3 with \"The fee is EUR 10.\"\n"
	checktest.Run(t, c, check.Document{Text: box, Kind: evaluator.KindReviewMemo}, box)
	if !verdictMark("Law and forum: India (clause 7.1) — ") || verdictMark("Negotiate ") {
		t.Error("verdictMark misreads a dash or a verb")
	}
}
