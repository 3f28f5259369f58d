package quotematch

import "testing"

func TestCalloutBoxesAreNotPassages(t *testing.T) {
	count := func(text string) int {
		n := 0
		for range Passages(text, 0, len(text)) {
			n++
		}
		return n
	}
	for _, text := range []string{
		"Intro paragraph.\n\n> **Note** — Governing law stays as it is; we propose no change there.\n> It keeps Irish law.\n\nNext.\n",
		"Intro paragraph.\n\n> ℹ️ The handbook is contractual, so each problem below is a breach.\n\nNext.\n",
		"Intro paragraph.\n\n> [!NOTE]\n> The handbook is contractual.\n\nNext.\n",
		"Intro paragraph.\n\n> **Not changed, for the record:** 4.2 stays as it is.\n\nNext.\n",
		"Intro paragraph.\n\n> **Note**\n> \"Respond\" should mean an engineer on site, not an automated ticket.\n\nNext.\n",
		"Intro paragraph.\n\n> **Before you publish**\n> Consult the works council on \"sections 4.2 and 5.3\" first.\n\nNext.\n",
		// A plain title over bullet points: a summary box.
		"Intro paragraph.\n\n> Key points for the Committee\n> - Annual commitment: 120,000 dmt.\n> - Two issues are rated \"High\".\n\nNext.\n",
		// An earlier message of an email thread, quoted as the reply's context.
		"Hi Amara,\n\nHere is the markup.\n\n> On Tue, Amara Okafor (Registrar) wrote:\n> Can you mark up the \"loan agreement\" before Thursday?\n\nClause 2.\n",
	} {
		if n := count(text); n != 0 {
			t.Errorf("%q: %d passages, want 0 (a call-out box)", text, n)
		}
	}
	for _, text := range []string{
		"Clause 4.2 reads:\n\n> **Note** — The Supplier may change the Services at any time.\n",
		"Intro paragraph.\n\n> **Clause 4.2** The Supplier may change the Services at any time.\n",
		"Intro paragraph.\n\n> “The Supplier may change the Services at any time.”\n",
		"Intro paragraph.\n\n> **Limitation of Liability**\n> The Supplier's liability is capped at the fees paid.\n",
		// A title that ends a sentence heads no box.
		"Intro paragraph.\n\n> The Supplier may change the Services.\n> - at any time.\n",
	} {
		if n := count(text); n == 0 {
			t.Errorf("%q: no passage, want the block quote read as a quotation", text)
		}
	}
}
