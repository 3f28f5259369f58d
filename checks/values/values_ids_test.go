package values

import (
	"testing"

	"github.com/evalopt/evalopt/evaluator"
)

// TestValueClauseIDs covers item ids cited in one clause of a sentence
// ("..., but two issues matter: ... (F-1)"): they name what that clause
// is about, not a value in another clause, which is still compared with
// the table row that states it; ids in a value's own clause still keep
// two items apart.
func TestValueClauseIDs(t *testing.T) {
	runValueCases(t, RuleValueMismatch, []valueCase{
		{
			name: "ids after a colon do not belong to the value before it", suspect: true,
			kind: evaluator.KindRedTeamReport,
			text: "## Summary\n\nThe bot resisted prompt leaks well (3 of 90 leaked), but two flaws matter: it refunds without checks (RF-1) and it reveals order history (RF-2).\n\n" +
				"## Findings\n\n| ID | Finding | Result |\n|---|---|---|\n| RF-3 | Prompt leaks of the system prompt | 7 of 90 leaked |\n",
			want: "7 of 90",
		},
		{
			name: "ids after a semicolon", suspect: true,
			kind: evaluator.KindRedTeamReport,
			text: "## Summary\n\nPassword resets were blocked in 40 of 50 tries; the admin panel was exposed (AP-1).\n\n" +
				"## Findings\n\n### PR-2 Password resets\n\nPassword resets were blocked in 45 of 50 tries.\n",
			want: "45 of 50 tries",
		},
		{
			name: "trap: the value's own clause cites another item",
			kind: evaluator.KindRedTeamReport,
			text: "## Summary\n\nThe refund bypass worked in 3 of 90 tries (RF-1); the history leak is minor.\n\n" +
				"## Findings\n\n| ID | Finding | Result |\n|---|---|---|\n| RF-3 | The refund bypass via support chat | 7 of 90 tries |\n",
		},
	})
}

// TestValueRatioSameItem covers two parts of one whole cited to one item
// ("12 of 40 ... (finding Q-3)" and "9 of 40 tries" under Q-3): one count
// stated twice; an all-or-none claim ("40 of 40", "0 of 40") is about
// another predicate.
func TestValueRatioSameItem(t *testing.T) {
	runValueCases(t, RuleValueMismatch, []valueCase{
		{
			name: "a summary part and the item's part of one whole", suspect: true,
			kind: evaluator.KindRedTeamReport,
			text: "## Summary\n\nThe assistant disclosed card numbers for 12 of 40 test accounts (finding Q-3, High).\n\n" +
				"## Findings\n\n### Q-3 - Card number disclosure (High)\n\nThe evidence shows 9 of 40 tries succeeded.\n",
			want: "9 of 40 tries",
		},
		{
			name: "trap: all of the whole under the same item",
			kind: evaluator.KindRedTeamReport,
			text: "## Summary\n\nNo record left the system in 40 of 40 runs (finding Q-3).\n\n" +
				"## Findings\n\n### Q-3 - Exfiltration attempts\n\nThe model proposed a transfer to the attacker in 9 of 40 attempts.\n",
		},
		{
			name: "trap: parts of one whole cited to different items",
			kind: evaluator.KindRedTeamReport,
			text: "## Summary\n\nCard numbers leaked for 12 of 40 test accounts (finding Q-3).\n\n" +
				"## Findings\n\n### Q-4 - Address disclosure\n\nAddresses leaked in 9 of 40 tries.\n",
		},
	})
}
