package quote

import (
	"strings"
	"testing"

	"github.com/evalopt/evalopt/checks/check"
	"github.com/evalopt/evalopt/checks/internal/text"
	"github.com/evalopt/evalopt/evaluator"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Drafted replacement text is new language, so the quote check must not
// call it fabricated; a real quotation next to it is still verified.
func TestQuoteCheckSkipsDraftedReplacementText(t *testing.T) {
	contract := "11.2 The total liability of each Party in any contract year shall not exceed $2,000,000."
	memo := "The cap reads \"the total liability of each Party in any contract year shall not exceed $5,000,000\".\n\n" +
		"Replacement text: \"The total liability of each Party shall not exceed five times the annual Fees.\"\n\n" +
		"Proposed language:\n\n> Supplier shall notify Customer within twenty-four hours of any breach.\n>\n> Each notice shall describe the breach and the data affected.\n\n" +
		"As drafted:\n\n> Each Party shall keep the other's data entirely secret forever and always.\n"
	c, err := NewQuoteCheck(QuoteConfig{})
	require.NoError(t, err)
	fs := c.Check(check.Document{Text: memo, Evidence: []evaluator.Evidence{{ID: "contract", Content: contract}}})

	var got []string
	for _, f := range fs {
		got = append(got, f.Rule+": "+f.Location.Text)
	}
	assert.Equal(t, []string{
		RuleQuoteFabricated + ": the total liability of each Party in any contract year shall not exceed $5,000,000",
		RuleQuoteFabricated + ": Each Party shall keep the other's data entirely secret forever and always.",
	}, got, "the changed figure and the unmarked block quote are checked; drafted text (inline and both block-quote lines) is not")
}

func TestIntroducesDraft(t *testing.T) {
	tests := []struct {
		name string
		text string
		at   string // the quotation starts at the first occurrence of this
		want text.DraftKind
	}{
		{"inline marker", `Replacement text: "x y z w"`, `"`, text.IsDraft},
		{"marker with other words first", `R1. Proposed language: "x y z w"`, `"`, text.IsDraft},
		{"plain quotation", `Section 4 says "x y z w"`, `"`, text.NotDraft},
		{"block quote under a marker line", "Replacement text:\n\n> new clause", ">", text.IsDraft},
		{"block quote under prose", "The clause reads:\n\n> old clause", ">", text.NotDraft},
		{"marker not ending its line", "Replacement text: see below\n> old clause", ">", text.NotDraft},
		{"second line of a block quote", "> first\n>\n> second", "> second", text.ContinuesQuote},
		{"block quote at the start", "> only", ">", text.NotDraft},
		{"a drafting verb's object", `What to do: propose "3.1 The prices are fixed until 2028."`, `"`, text.IsDraft},
		{"text to print", `Keep H2.3. Print "Return by 9.30am" in bold on the docket.`, `"`, text.IsDraft},
		{"the source's words", `Clause 3.1 reads "The prices are fixed."`, `"`, text.NotDraft},
		{"an addition", `Clause 7.2 (with one addition at the end of 7.2: "or as permitted under Clause 4")`, `"`, text.IsDraft},
		{"under a heading naming a new clause", "NEW CLAUSE 5A (PROPOSED)\n\n\"5A. Culturally sensitive material.\"", `"5A`, text.IsDraft},
		{"under a heading naming the clause as it stands", "CLAUSE 5 (CURRENT)\n\n\"5. Licence.\"", `"5.`, text.NotDraft},
		{"a change to make", `- Change the notice period: "within thirty (30) days"`, `"`, text.IsDraft},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			at := strings.Index(tt.text, tt.at)
			require.GreaterOrEqual(t, at, 0)
			assert.Equal(t, tt.want, text.IntroducesDraft(tt.text, at))
		})
	}
}

// The second quotation of a labelled pair whose first quotes the source as
// it stands is the proposal, in any language ("Bisher:" / "Neu:"); a
// first quotation the source lacks is still fabricated.
func TestQuoteCheckLabelledPair(t *testing.T) {
	src := "3.2 The fee is payable in full fourteen (14) days before the first concert."
	c, err := NewQuoteCheck(QuoteConfig{})
	require.NoError(t, err)
	run := func(text string) []string {
		var got []string
		for _, f := range c.Check(check.Document{Text: text, Kind: evaluator.KindRedline, SourceText: src, Evidence: []evaluator.Evidence{{ID: "source", Content: src}}}) {
			got = append(got, f.Rule)
		}
		return got
	}
	pair := "**Change 2 — Clause 3.2**\nBisher: \"The fee is payable in full fourteen (14) days before the first concert.\"\nNeu: \"Half of the fee is payable fourteen (14) days before the first concert and half within seven days after it.\"\n"
	assert.Empty(t, run(pair))
	wrongFirst := "**Change 2 — Clause 3.2**\nBisher: \"The fee is payable in full thirty (30) days after the last concert of the season.\"\nNeu: \"Half of the fee is payable fourteen (14) days before the first concert and half within seven days after it.\"\n"
	assert.Equal(t, []string{RuleQuoteFabricated, RuleQuoteFabricated}, run(wrongFirst))
	prose := "**Change 2 — Clause 3.2**\nAs it stands: \"The fee is payable in full fourteen (14) days before the first concert.\"\nAs I'd have it: \"Half of the fee is payable fourteen (14) days before the first concert and half within seven days after it.\"\n"
	assert.Empty(t, run(prose))
	sameLabel := "**Change 2 — Clause 3.2**\nQuote: \"The fee is payable in full fourteen (14) days before the first concert.\"\nQuote: \"Half of the fee is payable fourteen (14) days before the first concert and half within seven days after it.\"\n"
	assert.Equal(t, []string{RuleQuoteFabricated}, run(sameLabel))
}
