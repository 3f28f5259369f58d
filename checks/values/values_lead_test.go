package values

import (
	"testing"

	"github.com/evalopt/evalopt/evaluator"
)

// TestValuePlainLead covers a list item opened by a plain lead-in ("1.
// Exclusivity (clause 5) - High. Three years, ..."): the lead-in names
// the subject and the clause of the item's values that name none; a
// first-person "I would ask" is the writer's stance, not a supposition;
// a compound after a value ("24-month non-compete") is its subject.
func TestValuePlainLead(t *testing.T) {
	runValueCases(t, RuleValueMismatch, []valueCase{
		{
			name: "a summary value and an item's bare value under a plain lead-in",
			kind: evaluator.KindReviewMemo,
			text: "Summary\n\nI would push back on the 36-month exclusivity (clause 5) and the payment terms (clause 9).\n\nFindings\n\n" +
				"1. Exclusivity (clause 5) - High. Two years, across every channel, with no exit.\n\n2. Payment (clause 9) - Low. Standard terms.\n",
			want: "Two years",
		},
		{
			name: "a lead-in without a rating",
			kind: evaluator.KindReviewMemo,
			text: "Summary\n\nWe would question the 12-month lock-in (section 4).\n\nIssues\n\n" +
				"- Lock-in (section 4). Eighteen months from signature, renewing automatically.\n",
			want: "Eighteen months",
		},
		{
			name: "trap: two items, each with its own clause",
			kind: evaluator.KindReviewMemo,
			text: "Summary\n\nI would ask about the 36-month exclusivity (clause 5).\n\nFindings\n\n" +
				"1. Exclusivity (clause 5) - High. Three years, across every channel.\n\n2. Warranty (clause 11) - Low. Two years from delivery.\n",
		},
		{
			name: "trap: a first sentence that is a statement, not a lead-in",
			kind: evaluator.KindReviewMemo,
			text: "Summary\n\nI would ask about the 36-month exclusivity (clause 5).\n\nFindings\n\n" +
				"1. The warranty is fine. Two years from delivery is normal.\n",
		},
		{
			name: "trap: a supposition with would stays an example",
			kind: evaluator.KindReviewMemo,
			text: "Summary\n\nThe cap is 12 months of fees (clause 9).\n\nFindings\n\n1. Cap (clause 9) - Medium. A cap of 24 months of fees would be acceptable.\n",
		},
	})
}

func TestVPlainLead(t *testing.T) {
	for _, c := range []struct {
		in   string
		want bool
	}{
		{"Non-compete (clause 8) - High. Twenty-four months.", true},
		{"Lock-in (section 4). Eighteen months.", true},
		{"The warranty is fine. Two years.", false},
		{"Fees of £500 (clause 3). Too high.", false},
		{"Exclusivity (clause 5) - High.", false},
		{"lowercase start. More.", false},
		{"One two three four five six seven eight nine ten. More.", false},
		{"Unbalanced (clause 5. More.", false},
	} {
		if _, got := vPlainLead(c.in, 0, len(c.in)); got != c.want {
			t.Errorf("vPlainLead(%q) = %v, want %v", c.in, got, c.want)
		}
	}
}

func FuzzVPlainLead(f *testing.F) {
	for _, s := range []string{"Non-compete (clause 8) - High. Twenty-four months.", "A. B", ". x", "(((. )", "X (a)) - b. c", "É. x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if e, ok := vPlainLead(s, 0, len(s)); ok && (e <= 0 || e > len(s)) {
			t.Fatalf("vPlainLead(%q) = %d out of range", s, e)
		}
	})
}
