package readscore

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func sentenceTexts(text string) []string {
	var out []string
	for _, s := range Sentences(text) {
		out = append(out, text[s.Start:s.End])
	}
	return out
}

func TestSentencesLegalText(t *testing.T) {
	tests := []struct {
		name string
		text string
		want []string
	}{
		{"section reference", "See Section 3.2(a). The Buyer shall pay.",
			[]string{"See Section 3.2(a).", "The Buyer shall pay."}},
		{"money and month", "The fee is $1,000.50 per month. It is due on Jan. 5 each year.",
			[]string{"The fee is $1,000.50 per month.", "It is due on Jan. 5 each year."}},
		{"Inc. mid sentence", "Acme Holdings Inc. agrees to pay. The Buyer agrees.",
			[]string{"Acme Holdings Inc. agrees to pay.", "The Buyer agrees."}},
		{"Inc. at the end", "The seller is Acme Inc. The Buyer agrees.",
			[]string{"The seller is Acme Inc.", "The Buyer agrees."}},
		{"U.S.", "It is organized under the laws of the U.S. and Canada. Next one here.",
			[]string{"It is organized under the laws of the U.S. and Canada.", "Next one here."}},
		{"Sec. and decimal", "As described in Sec. 4.1 of the Agreement. Done here now.",
			[]string{"As described in Sec. 4.1 of the Agreement.", "Done here now."}},
		{"e.g. and i.e.", "Some costs, e.g. travel, i.e. airfare, are excluded. Others are not.",
			[]string{"Some costs, e.g. travel, i.e. airfare, are excluded.", "Others are not."}},
		{"No. and Art.", "Refer to No. 5 and Art. 3 for details. Then stop now.",
			[]string{"Refer to No. 5 and Art. 3 for details.", "Then stop now."}},
		{"numbering word ends sentence", "They love modern art. The end is near.",
			[]string{"They love modern art.", "The end is near."}},
		{"decimal", "The rate is 3.14 exactly. Next one.",
			[]string{"The rate is 3.14 exactly.", "Next one."}},
		{"ellipsis then capital", "He paused... Then he left.",
			[]string{"He paused...", "Then he left."}},
		{"ellipsis inside", "He paused ... and then left. Fine.",
			[]string{"He paused ... and then left.", "Fine."}},
		{"unicode ellipsis", "Wait… What now?", []string{"Wait…", "What now?"}},
		{"quote after period", `She said "Stop." Then she left.`,
			[]string{`She said "Stop."`, "Then she left."}},
		{"question in quotes continues", "“Why?” she asked. Fine.",
			[]string{"“Why?” she asked.", "Fine."}},
		{"exhibit label", "It is attached as Exhibit A. The parties agree.",
			[]string{"It is attached as Exhibit A.", "The parties agree."}},
		{"initial", "Signed by J. Smith on behalf of Acme.", []string{"Signed by J. Smith on behalf of Acme."}},
		{"etc. then lower case", "travel, meals, etc. and lodging are paid.", []string{"travel, meals, etc. and lodging are paid."}},
		{"etc. then capital", "travel, meals, etc. The rest is not.", []string{"travel, meals, etc.", "The rest is not."}},
		{"blank line ends heading", "ARTICLE 1 DEFINITIONS\n\nThe following terms apply.",
			[]string{"ARTICLE 1 DEFINITIONS", "The following terms apply."}},
		{"single newline does not", "This clause runs\nonto a second line.", []string{"This clause runs\nonto a second line."}},
		{"table rows", "| Ref | Target |\n|---|---|\n| SL-1 | 99.5% of hours |",
			[]string{"| Ref | Target |", "| SL-1 | 99.5% of hours |"}}, // the rule row has no word
		{"list items", "The Buyer shall:\n(a) pay the fee; and\n(b) keep records.\n- first item\n2. second item",
			[]string{"The Buyer shall:", "(a) pay the fee; and", "(b) keep records.", "- first item", "2. second item"}},
		{"heading after text", "Some text here\n## Heading",
			[]string{"Some text here", "## Heading"}},
		{"numbered heading", "## 3. Fees and Payment\n\n3.1 Fees. The fee is due.",
			[]string{"## 3. Fees and Payment", "3.1 Fees.", "The fee is due."}},
		{"hyphen word at line start", "The pre-\n-existing rule applies.", []string{"The pre-\n-existing rule applies."}},
		{"punctuation-only span dropped", "* * *\n\nText here.", []string{"Text here."}},
		{"no terminator", "  trailing words  ", []string{"trailing words"}},
		{"empty", "", nil},
		{"exclamation", "Stop! Go now.", []string{"Stop!", "Go now."}},
		{"p.m.", "The meeting starts at 3 p.m. on Friday. Be there.",
			[]string{"The meeting starts at 3 p.m. on Friday.", "Be there."}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			require.Equal(t, tc.want, sentenceTexts(tc.text))
		})
	}
}

func TestWords(t *testing.T) {
	tests := []struct {
		text string
		want []string
	}{
		{"singer-songwriter don't 3.2(a) $1,000.50 & -- U.S. and/or", []string{"singer-songwriter", "don't", "3.2(a)", "1,000.50", "U.S", "and/or"}},
		{"word—word word–word", []string{"word", "word", "word", "word"}},
		{"Playing ... games...now", []string{"Playing", "games", "now"}},
		{"(\"quoted\")", []string{"quoted"}},
		{"café naïve", []string{"café", "naïve"}},
		{"", nil},
		{" & ; ", nil},
	}
	for _, tc := range tests {
		var got []string
		for _, s := range Words(tc.text) {
			got = append(got, tc.text[s.Start:s.End])
		}
		require.Equal(t, tc.want, got, "Words(%q)", tc.text)
	}
}

func TestSyllables(t *testing.T) {
	tests := map[string]int{
		"the": 1, "make": 1, "table": 2, "little": 2, "whole": 1, "puzzles": 2, "games": 1,
		"pieces": 2, "played": 1, "wanted": 2, "researched": 2, "puzzled": 2, "radio": 3,
		"period": 3, "various": 3, "nation": 2, "social": 2, "trial": 2, "medium": 3,
		"actual": 3, "video": 3, "quiet": 2, "client": 2, "doing": 2, "being": 2,
		"saying": 2, "lovely": 2, "management": 3, "criticism": 4, "fire": 2,
		"it'll": 2, "didn't": 2, "don't": 1, "boss's": 2, "day's": 1,
		"singer-songwriter": 5, "U.S": 2, "T.V": 2, "1,000.50": 1, "3.2(a)": 1,
		"indemnification": 6, "notwithstanding": 4, "agreement": 3, "language": 2,
		"NAÏVE": 2, "": 0, "Monopoly": 4, "hereby": 2, "thereof": 2, "foregoing": 3, "Supplier": 3,
	}
	for w, want := range tests {
		require.Equal(t, want, Syllables(w), "Syllables(%q)", w)
	}
}
