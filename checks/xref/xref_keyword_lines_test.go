package xref

import (
	"strings"
	"testing"

	"github.com/evalopt/evalopt/checks/check"
	"github.com/evalopt/evalopt/evaluator"
)

// danglingIn returns the texts of the dangling-reference findings of the
// cross-reference check on a contract.
func danglingIn(text string) []string { return danglingWith(evaluator.KindContract, "", text) }

// danglingWith returns the texts of the dangling-reference findings of the
// cross-reference check on text of the given kind, reviewing source.
func danglingWith(kind evaluator.Kind, source, text string) []string {
	var out []string
	for _, f := range NewXrefCheck().Check(check.Document{Text: text, Kind: kind, SourceText: source}) {
		if f.Rule == RuleDanglingRef {
			out = append(out, f.Location.Text)
		}
	}
	return out
}

// A line that opens with its keyword and number defines the label: the
// keyword is not a reference to itself.
func TestXrefKeywordLineDefinesLabel(t *testing.T) {
	docs := map[string]string{
		"upper roman with dash":         "ARTICLE I - SCOPE\n\nSection 1.1 Work. The Supplier works.\n\nSection 1.2 Time. On time.\n\nARTICLE II - PRICE\n\nSection 2.1 Price. As agreed under Section 1.2 and Article I.\n",
		"title case roman alone":        "Article I\n\nSection 1.1 The Supplier works.\n\nArticle II\n\nSection 2.1 Fees follow Article I and Section 1.1.\n",
		"clause with colon":             "Clause 1: Supply\n\nGoods are supplied.\n\nClause 2: Payment\n\nPayment for goods under clause 1 is due in 30 days.\n",
		"bold section":                  "**Section 1.** Term. One year.\n\n**Section 2.** Renewal. Section 1 renews.\n",
		"annex title run into its text": "1. Security\n\n1.1 The Processor keeps the measures in Annex 1.\n\n2. Law\n\n2.1 Irish law.\n\nAnnex 1 — Security measures: as listed in clause 1.1, plus annual testing.\n\n## Annex 2 — Sub-processors\n\nNone, as Annex 1 says.\n",
		"title in brackets":             "Article 1 (Quantity)\nThe Seller supplies 7,200 tons.\n\nArticle 2 (Price)\nThe price for the quantity in Article 1 is CAD 935.\n",
	}
	for name, doc := range docs {
		if got := danglingIn(doc); len(got) != 0 {
			t.Errorf("%s: dangling %q", name, got)
		}
	}
}

// A reference at the start of a line is still a reference, and a missing
// label is still dangling when the rest are keyword lines.
func TestXrefKeywordLineTraps(t *testing.T) {
	tests := []struct{ name, doc, want string }{
		{"missing section among keyword lines", "ARTICLE I - SCOPE\n\nSection 1.1 Work. Subject to Section 1.4.\n\nSection 1.2 Time. On time.\n", "Section 1.4"},
		{"missing roman article", "ARTICLE I - SCOPE\n\nSection 1.1 Work. As in Article III.\n\nARTICLE II - END\n\nSection 2.1 End. Ends.\n", "Article III"},
		{"line opening with a reference", "1. Scope\n\n1.1 Work is done.\n\n1.2 Time is kept.\n\nSection 1.5 of this Agreement prevails.\n", "Section 1.5"},
	}
	for _, tt := range tests {
		if got := danglingIn(tt.doc); !strings.Contains(strings.Join(got, "|"), tt.want) {
			t.Errorf("%s: want dangling %q, got %q", tt.name, tt.want, danglingIn(tt.doc))
		}
	}
}

// Sub-clauses imply their clause: "clause 8" resolves when 8.1 and 8.2 are
// defined though the title line "8. Termination" is plain text; a clause
// with no sub-clauses and no title is still dangling.
func TestXrefSubClausesImplyClause(t *testing.T) {
	doc := "1. Term\n1.1 This agreement ends unless terminated under clause 2.\n1.2 It may be extended.\n\n2. Termination\n2.1 Either party may end it on notice.\n2.2 Or for breach.\n"
	if got := danglingIn(doc); len(got) != 0 {
		t.Errorf("parent of sub-clauses: dangling %q", got)
	}
	for _, ref := range []string{"clause 3", "clause 2.3", "clause 12"} {
		bad := strings.Replace(doc, "clause 2", ref, 1)
		if got := danglingIn(bad); !strings.Contains(strings.Join(got, "|"), ref) {
			t.Errorf("%s: want dangling, got %q", ref, got)
		}
	}
}

// A source's plain title line "Annex 1 - Service Credits" (any case)
// defines the annex a review may cite; "Annex 3" then dangles, and a
// sentence that merely mentions an annex defines nothing.
func TestXrefSourceAnnexTitleLine(t *testing.T) {
	source := "HOSTING AGREEMENT\n\n6.1 Provider shall meet 99.5% availability.\n\n6.2 Credits are set out in Annex 1.\n\nAnnex 1 - Service Credits\n\nBelow 99.5%: 5% of the monthly fee.\n"
	run := func(text, src string) []string {
		var out []string
		for _, f := range NewXrefCheck().Check(check.Document{Text: text, Kind: evaluator.KindReviewMemo, SourceText: src}) {
			out = append(out, f.Location.Text)
		}
		return out
	}
	for _, ok := range []string{"| F4 | 6.1 / Annex 1 | Weak credits. |", "The credits in Annex 1 are weak."} {
		if got := run(ok, source); len(got) != 0 {
			t.Errorf("%q: flagged %q", ok, got)
		}
	}
	for _, bad := range []string{"| F4 | 6.1 / Annex 3 | Weak credits. |", "The credits in Annex 3 are weak."} {
		if got := run(bad, source); len(got) != 1 || got[0] != "Annex 3" {
			t.Errorf("%q: want Annex 3 dangling, got %q", bad, got)
		}
	}
	// No annex attached anywhere: the review's "Annex 3" is another
	// document's, as before.
	mention := strings.Replace(source, "Annex 1 - Service Credits\n", "The annex is a separate document.\n", 1)
	if got := run("The credits in Annex 3 are weak.", mention); len(got) != 0 {
		t.Errorf("annex mentioned only in prose: flagged %q", got)
	}
}

// A redline numbers its own sections with keyword titles run from 1
// ("SECTION 1: PURPOSE", "SECTION 2: AMENDMENTS"): those are its own
// labels, not references into a source that numbers its rules another
// way; titles that do not run from 1 ("Clause 5 — …") still cite the
// source and are checked against it.
func TestXrefReviewOwnTitleRun(t *testing.T) {
	source := "Rule 3. Service\n3.a A deposit of $150 is paid.\n\nRule 4. Billing\n4.b Payment is due in 15 days.\n"
	dangling := func(text string) []string { return danglingWith(evaluator.KindRedline, source, text) }
	own := "SECTION 1: PURPOSE\n\nThis redline updates the rules.\n\nSECTION 2: AMENDMENTS\n\nRule 3.a: raise the deposit to $200.\n\nSECTION 3: ACTION\n\nAdopt the amendments in Section 2.\n"
	if got := dangling(own); len(got) != 0 {
		t.Errorf("own title run: dangling %q", got)
	}
	cites := "Section 5 — Deposits\n\nRaise the deposit.\n\nSection 9 — Billing\n\nShorten the due date.\n"
	if got := dangling(cites); len(got) == 0 {
		t.Errorf("titles citing sections the source lacks: no dangling finding")
	}
}

// A schedule that is the whole document numbers its own clauses: "clause
// 5" inside it is its clause 5; a clause it lacks is still dangling.
func TestXrefClauseOfTheSchedule(t *testing.T) {
	doc := "SCHEDULE 3 — SERVICE LEVELS\n\n5. SERVICE CREDITS\n\n5.1 Credits are 10% of the fee.\n5.2 Credits are capped at 50%.\n\n8. SOLE REMEDY\n\n8.1 Credits under clause 5 are the sole remedy, except termination under clause 9.\n"
	got := danglingIn(doc)
	if len(got) != 1 || got[0] != "clause 9" {
		t.Errorf("dangling %q, want only clause 9", got)
	}
}

// "Art." and "cl." are the keywords abbreviated: checked against the
// source like "Article" and "clause"; a second article of an external
// instrument named earlier in the sentence cites that instrument.
func TestXrefAbbreviatedKeywords(t *testing.T) {
	source := "## Art. 1 – Object\n\nThe room.\n\n## Art. 4 – Withdrawal\n\n4.1 Notice of one month.\n\n## Art. 6 – Liability\n\nLimited.\n"
	dangling := func(text string) []string { return danglingWith(evaluator.KindReviewMemo, source, text) }
	if got := dangling("## Findings\n\n1. Art. 4.1 gives one month; Art. 6 limits liability.\n"); len(got) != 0 {
		t.Errorf("existing articles: dangling %q", got)
	}
	if got := dangling("## Findings\n\n1. Art. 9.4 keeps the original form of payment.\n"); strings.Join(got, "|") != "Art. 9.4" {
		t.Errorf("a missing article: dangling %q, want Art. 9.4", got)
	}
	if got := dangling("## Findings\n\n1. Marketing use needs consent under GDPR Art. 5(1)(b) (purpose limitation) and Art. 6(1)(a).\n"); len(got) != 0 {
		t.Errorf("an external instrument's articles: dangling %q", got)
	}
}

// A source that numbers its sub-items "4(a)", "4(c)" at the start of their
// lines defines them.
func TestXrefSourceParenSubItems(t *testing.T) {
	source := "3. Price\n3(a) The Buyer pays the price in Schedule 2.\n\n4. Quality and rejection\n4(a) Fruit shall meet the grading standard.\n4(b) The Buyer may reject any consignment which, in its sole opinion:\n  (i) falls below the standard; or\n  (ii) shows a dry matter content below 21%.\n4(c) Rejected fruit remains the property of the Grower.\n\n5. Payment\n5(a) The Buyer pays within 45 days.\n"
	dangling := func(text string) []string { return danglingWith(evaluator.KindReviewMemo, source, text) }
	if got := dangling("## Findings\n\n1. Clause 4(c) makes the grower pay for destroyed fruit.\n"); len(got) != 0 {
		t.Errorf("a sub-item the source labels: dangling %q", got)
	}
	if got := dangling("## Findings\n\n1. Clause 4(f) makes the grower pay for destroyed fruit.\n"); strings.Join(got, "|") != "Clause 4(f)" {
		t.Errorf("a sub-item the source lacks: dangling %q, want Clause 4(f)", got)
	}
}

// A contract drafted from a source numbers its own clauses as list items
// with titles in bold ("4. **Fee changes.** …"): each item defines its
// clause, whatever emphasis sets the title.
func TestXrefBoldTitledListClauses(t *testing.T) {
	src := "ACCEPTED PROPOSAL\n\nOffice 2-07 for six people from 1 June.\n"
	doc := "PART B — TERMS\n\n1. **Licence.** The Operator grants a licence.\n\n2. **Term.** One year.\n\n3. **Fees.** Monthly.\n\n4. **Fee changes.** Once a year.\n\n5. __Service charge.__ Under the same limits as clause 4 and clause 1.\n\n6. *Deposit.* Returned under clause 9.\n"
	got := danglingWith(evaluator.KindContract, src, doc)
	if len(got) != 1 || got[0] != "clause 9" {
		t.Errorf("dangling %q, want only clause 9", got)
	}
}

// An amendment names the clauses of the agreement it amends ("Clause 7 is
// deleted and replaced with", "Clause 9 of the Agreement applies"); with
// no source numbering them, they are not the amendment's to hold. Its own
// clauses, and a clause named without either, are still checked.
func TestXrefAmendedAgreementClauses(t *testing.T) {
	doc := "# Amendment No. 1 to the Installation Agreement\n\n1. Scope\n\nClause 7 is deleted and replaced with: \"The cap is EUR 1m.\"\n\n2. Law\n\nClause 9 of the Agreement applies to this Amendment. See clause 2 and clause 14.\n"
	got := danglingIn(doc)
	if len(got) != 1 || got[0] != "clause 14" {
		t.Errorf("dangling %q, want only clause 14", got)
	}
	plain := strings.Replace(doc, "# Amendment No. 1 to", "# Services under", 1)
	if got := danglingIn(plain); len(got) != 3 {
		t.Errorf("not an amendment: dangling %q, want clauses 7, 9 and 14", got)
	}
}
