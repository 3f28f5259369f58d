package values

import (
	"strings"
	"testing"

	"github.com/evalopt/evalopt/checks/check"

	"github.com/evalopt/evalopt/evaluator"
)

// TestValueListCounts covers an introduction whose announced count
// differs from the list after it, and the traps of counts that are not the
// list's length.
func TestValueListCounts(t *testing.T) {
	runValueCases(t, RuleValueMismatch, []valueCase{
		{
			name: "an email announces four changes and lists five",
			kind: evaluator.KindReviewMemo,
			text: "Hi Meera,\n\nIt's short and written from the buyer's side. I'd want four changes before you sign. In order of importance:\n\n" +
				"1. Only marked information is protected (section 2). High. Replace section 2 with:\n\n   \"2. Confidential Information means all information disclosed.\"\n\n" +
				"2. No protection for your employees. High.\n\n   5. Non-solicitation. For 18 months the buyer will not solicit.\n\n" +
				"3. Lenders can receive everything. Medium.\n\n4. The agreement ends after 12 months. Medium.\n\n5. Return or destroy. Low.\n\nRegards,\nRuairi\n",
			want: "four changes",
		},
		{
			name: "a report announces three vulnerabilities in bullets",
			kind: evaluator.KindRedTeamReport,
			text: "## Summary\n\nWe found 3 exploitable vulnerabilities in the mobile app:\n\n- Token stored in clear text\n- No certificate pinning\n- Debug logging of card numbers\n- Exported activity without permission\n",
			want: "3 exploitable vulnerabilities",
		},
		{
			name: "trap: the count matches a loose list with nested items",
			kind: evaluator.KindReviewMemo,
			text: "There are two issues:\n\n1. The cap is too low.\n   - It excludes data loss.\n   - It is per year.\n\n2. The term is too long.\n",
		},
		{
			name: "trap: a section sign's number before its title",
			kind: evaluator.KindContract,
			text: "§ 2 Products and prices\n2.1 The Supplier sells the following products at these prices:\n- Aura 5: DKK 4,200\n- Aura 7: DKK 6,900\n- Charging case: DKK 650\n- Batteries: DKK 18\n",
		},
		{
			name: "trap: a part's number before a verb",
			kind: evaluator.KindPlainLanguage,
			text: "Your leave is now counted in hours, as Section 5 provides for part-time staff. For a full year this gives:\n\n- annual leave: 159.84 hours\n- bank holidays: 47.36 hours\n",
		},
		{
			name: "trap: a count in a prepositional phrase",
			kind: evaluator.KindCustomerReply,
			text: "Here's what that would look like for 12 seats:\n\n- You'd be invoiced once a year.\n- The price would be our list price.\n- Seats added are charged pro rata.\n",
		},
		{
			name: "trap: a count that selects from the list",
			kind: evaluator.KindReviewMemo,
			text: "Five points came up; the first two are high risk:\n\n1. Cap.\n2. Indemnity.\n3. Term.\n4. Law.\n5. Notices.\n",
		},
		{
			name: "trap: an open-ended introduction",
			kind: evaluator.KindPlainLanguage,
			text: "You can pay in several ways, including these three methods:\n\n- Direct debit\n- Card\n",
		},
		{
			name: "trap: no colon, the count is not an introduction",
			kind: evaluator.KindRedTeamReport,
			text: "We ran 40 prompts in total.\n\n- Prompt injection\n- Data exfiltration\n",
		},
	})
}

// A count of things added to others ("three additional antennas") is not
// the whole: it is read as an extra, as "a further £20" is.
func TestValueExtraCount(t *testing.T) {
	for text, extra := range map[string]bool{
		"Consent is given for the three additional antennas only.": true,
		"The order adds 5 extra licences.":                         true,
		"The site holds six antennas.":                             false,
	} {
		d := readValueDoc(check.Document{Text: text})
		got := false
		for i := range d.ms {
			if strings.HasPrefix(d.ms[i].class, "count:") {
				got = d.ms[i].flags&fExtra != 0
			}
		}
		if got != extra {
			t.Errorf("%q: extra %v, want %v", text, got, extra)
		}
	}
}
