package xref

import (
	"strings"
	"testing"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/stretchr/testify/assert"
)

// A reference whose label the text says is not there, or that cites
// another named document's section in parentheses, points at nothing the
// deliverable owes; the same references without that grammar dangle.
func TestXrefAbsentAndOtherDocumentRefs(t *testing.T) {
	src := "# Colocation Terms v5\n\n**9. Liability**\n9.1 The cap is three months' fees.\n9.3 No indirect loss.\n"
	cases := []struct {
		name, text string
		want       []string
	}{
		{"said to be absent", "# Redline\n\nClause numbers follow the source; cl. 9.2 does not appear in v5.\n", nil},
		{"there is no", "# Redline\n\nThere is no clause 9.2 in v5, so nothing is cited.\n", nil},
		{"absent, said after the sentence ends", "# Redline\n\nSee cl. 9.2. It does not appear in v5.\n", []string{"cl. 9.2"}},
		{"plain dangling", "# Redline\n\nThe cap in cl. 9.2 should rise to twelve months.\n", []string{"cl. 9.2"}},
		{"another named document", "# Redline\n\nThe apps must meet the App Store Review Guidelines (section 3.1.1, In-App Purchase).\n", nil},
		{"the source's own name", "# Redline\n\nThe Colocation Terms (section 9.2) cap liability.\n", []string{"section 9.2"}},
		{"a defined term, not a document", "# Redline\n\nThe Service Credits (section 9.2) are too low.\n", []string{"section 9.2"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, danglingWith(evaluator.KindRedline, src, tc.text))
		})
	}
}

// A policy under review cited by its own name is the source, not another
// document: its missing section still dangles.
func TestXrefSourceNamedByItsTitle(t *testing.T) {
	src := "# Acceptable Use Policy\n\n## Section 1. Scope\n\nAll staff.\n\n## Section 2. Devices\n\nWork devices only, as section 1 says.\n"
	memo := "# Review\n\n## Findings\n\nThe Acceptable Use Policy (section 7) bans personal devices.\n"
	assert.Equal(t, []string{"section 7"}, danglingWith(evaluator.KindReviewMemo, src, memo))
	other := "# Review\n\n## Findings\n\nThe Records Retention Policy (section 7) keeps logs for a year.\n"
	assert.Empty(t, danglingWith(evaluator.KindReviewMemo, src, other))
}

// Labels read in the layouts sources and contracts write them: a sub-item
// run inline under a lettered line of its own ("2(b) Prize money. (i) …
// (ii) …"), a label under its parents' labels ("Part B, paragraph 2A."),
// a lettered clause an amendment inserts ("clause 4.1A is inserted"),
// and a contract's own numbered lines ("14. Israeli law applies.").
func TestXrefLabelLayouts(t *testing.T) {
	src := "1. Term\n1(a) One year, paid under clause 2.\n\n2. Pay\n2(a) The salary is NZD 3,600.\n2(b) Prize money. (i) The Player gets 40%. (ii) The Team may deduct travel costs.\n\nSchedule 4\n\nPart B, paragraph 2A. The rates assume 1.8 hours per cycle.\n"
	redline := "# Redline\n\nDelete clause 2(b)(ii); keep clause 2(b)(i). The band in paragraph 2A stays.\n"
	assert.Empty(t, danglingWith(evaluator.KindRedline, src, redline))
	bad := "# Redline\n\nDelete clause 2(c)(i) and paragraph 2B.\n"
	assert.Equal(t, []string{"clause 2(c)(i)", "paragraph 2B"}, danglingWith(evaluator.KindRedline, src, bad))

	amendment := "# Amendment No. 1\n\n1. The following clause 4.1A is inserted after clause 4.1:\n\n\"4.1A The Sponsor pays INR 18,00,000.\"\n\n2. Clause 4.3 applies to clause 4.1A.\n"
	agreement := "4.1 The Sponsor pays in four instalments.\n\n4.3 GST is added.\n"
	assert.Empty(t, danglingWith(evaluator.KindContract, agreement, amendment))

	old := "## 1. Parties\n\nShipwise Ltd.\n\n## 2. Quotes\n\nValid 14 days.\n"
	terms := "# Terms\n\n1. We are Shipwise Ltd.\n\n2. Quotes last 14 days.\n\n3. Israeli law applies.\n\nSections 1–2 of v4 map to paragraphs 1–3 above.\n"
	assert.Empty(t, danglingWith(evaluator.KindContract, old, terms))
	assert.Equal(t, []string{"paragraph 7"}, danglingWith(evaluator.KindContract, old, terms+"\nSee paragraph 7.\n"))
}

// A list of references that repeats its keyword ("Art. 11 and Art. 12
// P2B Regulation") cites the instrument named after the list.
func TestXrefRepeatedKeywordListOfInstrument(t *testing.T) {
	src := "Art. 1 Scope\nThe terms apply.\n\nArt. 2 Registration\nProviders register, as Art. 1 says.\n"
	text := "# Redline\n\nArt. 11 and Art. 12 P2B Regulation demand a complaint-handling system.\n"
	assert.Empty(t, danglingWith(evaluator.KindRedline, src, text))
	assert.Equal(t, []string{"Art. 11", "Art. 12"}, danglingWith(evaluator.KindRedline, src, "# Redline\n\nArt. 11 and Art. 12 demand a complaint-handling system.\n"))
}

// A review that asks for a clause to be added "as Clause 6.2" names a
// clause yet to exist, not a missing one.
func TestXrefClauseToBeAdded(t *testing.T) {
	src := "Clause 6 — Exclusivity\n6.1 Buyer shall purchase all its requirements from Supplier.\n\nClause 7 — Term\n7.1 Two years, renewing under Clause 6.1.\n"
	memo := "## Findings\n\n**Action.** Add as Clause 6.2: \"If Supplier fails to deliver, Buyer may buy elsewhere without breach of Clause 6.1.\"\n"
	assert.Empty(t, danglingWith(evaluator.KindReviewMemo, src, memo))
	assert.Equal(t, []string{"Clause 6.3"}, danglingWith(evaluator.KindReviewMemo, src, memo+"\nClause 6.3 also applies.\n"))
}

// "I" after a clause keyword is the pronoun when a verb or a contraction
// follows it ("for each clause I write", "Clauses I do not list",
// "Clauses I've left alone"); "clause I of the
// Agreement" is a Roman clause number.
func TestXrefPronounI(t *testing.T) {
	src := "**3. Orders**\n3.1 The Buyer orders forty discs, as clause 5 allows.\n\n**5. Prices**\n5.1 Prices are in Annex 1.\n"
	text := "# Redline\n\nFor each clause I write what is now there. Clauses I do not list we accept. Clauses I've left alone stay; the clause I’d change is 5.\n"
	assert.Empty(t, danglingWith(evaluator.KindRedline, src, text))
	assert.Equal(t, []string{"clause I"}, danglingWith(evaluator.KindRedline, src, "# Redline\n\nThe cap in clause I of the Agreement is low.\n"))
}

// A source that glues its sub-items to the clause number ("4.2(a) Prices
// …", "4.2(b) After …") labels both 4.2 and 4.2(b).
func TestXrefGluedSubItems(t *testing.T) {
	src := "4.1 Prices are in Annex 1, as clause 4.2 says.\n4.2(a) Prices are fixed for 12 months.\n4.2(b) After 12 months, prices may rise by 10 %.\n"
	text := "# Redline\n\nClause 4.2(b) allows 10 % a year; clause 4.2 as a whole stays.\n"
	assert.Empty(t, danglingWith(evaluator.KindRedline, src, text))
	assert.Equal(t, []string{"Clause 4.2(c)"}, danglingWith(evaluator.KindRedline, src, "# Redline\n\nClause 4.2(c) allows 10 % a year.\n"))
}

// "Appendix 2 is new" introduces the appendix a redline refers to.
func TestXrefLabelSaidToBeNew(t *testing.T) {
	src := "1.1 Cartons follow Appendix 1.\n\n## Appendix 1 Specifications\n\nBoard 350 gsm.\n"
	text := "# Redline\n\n| Proposed | \"Defect classification follows Appendix 2.\" |\n| Reason | Appendix 2 is new (we will send a draft). |\n"
	assert.Empty(t, danglingWith(evaluator.KindRedline, src, text))
	assert.Equal(t, []string{"Appendix 3"}, danglingWith(evaluator.KindRedline, src, "# Redline\n\nDefects are classed under Appendix 3.\n"))
}

// A clause's title line that calls it new ("CLAUSE 4(c) — New:
// cancellation insurance", "Clause 12 (new)") introduces it; "Clause 19
// (New York law)" does not.
func TestXrefTitledNew(t *testing.T) {
	src := "4. Cancellation\n4(a) Refunds are borne by the venue party.\n4(b) No liability for force majeure, as clause 4(a) says.\n\n19. New York law governs.\n"
	text := "# Redline\n\nCLAUSE 4(c) — New: cancellation insurance\n\nProposed: \"Each party insures its own costs.\"\n"
	assert.Empty(t, danglingWith(evaluator.KindRedline, src, text))
	assert.Equal(t, []string{"Clause 21"}, danglingWith(evaluator.KindRedline, src, "# Redline\n\nClause 21 (New York law) is not touched.\n"))
}

// "The Code (paragraph 17)" cites the legislation, even when the source's
// title names it; a standard's number ("ISO 15189:2022 clause 6.8") names
// the standard's clause.
func TestXrefStatuteAndStandardClauses(t *testing.T) {
	src := "WAYLEAVE AGREEMENT (Electronic Communications Code)\n\n1. Grant\n1.1 The Grantor grants rights, as paragraph 2 says.\n\n2. Sharing\n2.1 The Operator may share.\n"
	text := "# Memo\n\n## Findings\n\nThe Code (paragraph 17) already allows sharing. ISO 15189:2022 clause 6.8 asks the same.\n"
	assert.Empty(t, danglingWith(evaluator.KindReviewMemo, src, text))
	assert.Equal(t, []string{"paragraph 17"}, danglingWith(evaluator.KindReviewMemo, src, "# Memo\n\n## Findings\n\nThe Grant (paragraph 17) allows sharing.\n"))
}

// "Annex B is new" introduces a lettered annex too.
func TestXrefLetteredAnnexSaidToBeNew(t *testing.T) {
	src := "Art. 6 Data\nThe Tutor uses data for lessons, under Annex A.\n\nAnnex A — Rate card\n"
	text := "# Redline\n\nTutors comply with the terms in Annex B. Annex B is new (it does not exist in v3.1).\n"
	assert.Empty(t, danglingWith(evaluator.KindRedline, src, text))
	assert.Equal(t, []string{"Annex C"}, danglingWith(evaluator.KindRedline, src, "# Redline\n\nTutors comply with Annex C.\n"))
}

// A label the text cites once as another instrument's ("of the Main
// Agreement", "GDPR Article 28") is that instrument's where the text names
// it again bare; "of the Agreement" alone, or a name the source's title
// holds, is no other instrument.
func TestXrefLabelCitedAsOtherInstrument(t *testing.T) {
	src := "ANNEX B — SERVICES AND CHARGES\n\n4.1 The Handler indemnifies the Carrier without limit.\n\n4.2 Charges are in Schedule 1.\n"
	for _, tt := range []struct {
		name, text string
		want       []string
	}{
		{"named agreement, then bare", "Item 1 — para 4.1\nProposed: delete para 4.1, so that Article 8.5 of the Main Agreement applies.\nWhy: Article 8.5 is the industry position.\n", nil},
		{"bare first, named after", "Why: Article 8.5 is the industry position.\nProposed: delete para 4.1, so that Article 8.5 of the Main Agreement applies.\n", nil},
		{"statute acronym, then bare", "Processing follows GDPR Article 28. Article 28 requires a written contract.\n", nil},
		{"a bare agreement is no name", "Article 8.5 of the Agreement applies. Article 8.5 is unclear.\n", []string{"Article 8.5", "Article 8.5"}},
		{"another label of the same keyword", "Article 8.5 of the Main Agreement applies. Article 9.1 is unclear.\n", []string{"Article 9.1"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got := danglingWith(evaluator.KindRedline, src, tt.text)
			if strings.Join(got, "|") != strings.Join(tt.want, "|") {
				t.Errorf("dangling %q, want %q", got, tt.want)
			}
		})
	}
	own := "# Ground Handling Agreement\n\n4.1 The Handler indemnifies the Carrier.\n"
	got := danglingWith(evaluator.KindRedline, own, "Clause 8.5 of the Ground Handling Agreement applies. Clause 8.5 is unclear.\n")
	if len(got) != 2 {
		t.Errorf("a name the source's title holds is the source: dangling %q, want both mentions of Clause 8.5", got)
	}
}

// FuzzCitedAsOtherInstrument: whatever the text, keyword, label and
// source, the instrument readers never panic, and a label the text never
// writes is cited as nothing.
func FuzzCitedAsOtherInstrument(f *testing.F) {
	f.Add("Article 8.5 of the Main Agreement applies. Article 8.5 is the norm.", "Article", "8.5", "ANNEX B")
	f.Add("GDPR Article 28 applies.", "Article", "28", "")
	f.Add("clause 2.2 of the", "clause", "2.2", "x")
	f.Add("", "", "", "")
	f.Fuzz(func(t *testing.T, text, keyword, id, src string) {
		for i := 0; i <= len(text); i += max(1, len(text)/8) {
			_ = ofNamedDocument(text, i, src)
		}
		if id == "" {
			return
		}
		got := citedAsOtherInstrument(text, keyword, id, src)
		if got && !strings.Contains(text, id) {
			t.Fatalf("%q cited as another instrument's in a text that never writes it", id)
		}
	})
}
