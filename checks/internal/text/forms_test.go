package text

import (
	"strings"
	"testing"
)

// "AS-IS: … / TO-BE: …" labels the current and the proposed wording.
func TestToBeIntroducesDraft(t *testing.T) {
	for intro, want := range map[string]bool{"TO-BE": true, "To be": true, "AS-IS": false, "Current": false, "Proposed": true, "Want": true, "Now": true, "Our ask": true, "Raise the cap to match the insurance": true, "Reduce it": true, "The raise": false, "Cap": false,
		"Draft reply": true, "Drafted email to the customer": true, "Draft": false, "The draft says": false} {
		if got := IsDraftIntro(intro); got != want {
			t.Errorf("IsDraftIntro(%q) = %v, want %v", intro, got, want)
		}
	}
}

// A date glued into an identifier by a hyphen or an underscore names the
// identifier; the text states no date there.
func TestDatesInIdentifiers(t *testing.T) {
	for text, want := range map[string]int{
		"run fitbuddy-2026-10-30 finished":      0,
		"see backup_2026-01-05 and 2026-01-05.": 1,
		"2026-01-05_export.csv":                 0,
		"Filed on 2026-01-05 - late.":           1,
		"From 2026-01-05 to 2026-02-05":         2,
	} {
		if got := len(ScanDates(text, WordSpans(text))); got != want {
			t.Errorf("%q: %d dates, want %d", text, got, want)
		}
	}
}

// A form's labelled signing field opens a signature block: its blanks
// are places to sign, not values left out.
func TestSigningFieldOpensSignatureBlock(t *testing.T) {
	text := "Terms.\n\nBLOCK 15. CONTRACTOR SIGNATURE: ________ DATE: ______\nBLOCK 16. CONTRACTING OFFICER: Dana Whitfield ________ DATE: ______\n"
	rs := SignatureRegions(text)
	if len(rs) != 1 || rs[0].Start != len("Terms.\n\n") {
		t.Fatalf("regions %v, want one from the signing field", rs)
	}
	for _, s := range []string{"Pay within ___ days.", "Signature of tenant", "Note: sign the ____ form"} {
		if signingField(s) {
			t.Errorf("%q read as a signing field", s)
		}
	}
}

// A plain-text table without outer pipes or a rule row is a table: three
// lines or more of as many cells, the first the header.
func TestLooseTables(t *testing.T) {
	text := "Results:\nProbe family | Attempts | Rate\nprompt injection | 200 | 18.5%\ncross-member data | 60 | 0.0%\n\nPrepared by: A | Date: B\n"
	ts := Tables(text)
	if len(ts) != 1 || len(ts[0].Rows) != 2 || CellTexts(text, ts[0].Header)[1] != "Attempts" {
		t.Fatalf("tables %+v, want one with a header and two rows", ts)
	}
	if got := text[ts[0].Rows[1][0].Start:ts[0].Rows[1][0].End]; got != "cross-member data" {
		t.Errorf("first cell %q", got)
	}
	for _, s := range []string{"a | b\nc | d\ne | f\n", "x | y | z\np | q | r\n", "| a | b | c |\n| d | e | f |\n| g | h | i |\n"} {
		if ts := Tables(s); len(ts) != 0 {
			t.Errorf("%q: %d tables, want none", s, len(ts))
		}
	}
}

// A line that says the text was signed opens its signing block, as a
// heading does; a sentence that mentions signing does not.
func TestSigningTitleLine(t *testing.T) {
	text := "8. Governing law\nSwedish law.\n\nSigned\n\nFor Aurora AB: Erik Lindqvist, CCO, 20 February 2025\nFor Kuitu Oy: Aino Virtanen, Procurement, 20 February 2025\n"
	if rs := SignatureRegions(text); len(rs) != 1 || rs[0].Start != strings.Index(text, "Signed") {
		t.Fatalf("regions %v, want one from the Signed line", rs)
	}
	if rs := SignatureRegions("The parties signed the lease in May, and it runs three years.\n"); len(rs) != 0 {
		t.Errorf("a sentence opened a block: %v", rs)
	}
}

// A findings section may be a run of <details> blocks whose <summary>
// lines rate each finding.
func TestGradedItemsInSummaryLines(t *testing.T) {
	text := "<details>\n<summary><strong>1. Exclusion – clause 7.5 – High (P1)</strong></summary>\n\n**Fix – replace clause 7.5 with:**\n> \"x\"\n</details>\n\n<details>\n<summary><strong>2. Subcontracting – clause 10.3 – High (P1)</strong></summary>\n</details>\n"
	if n := gradedItems(text); n != 2 {
		t.Errorf("gradedItems = %d, want 2", n)
	}
}

// Findings may be headings with their grade on the line below, or dotted
// paragraphs that grade themselves; "Done at <place> on <date>" opens the
// signing block.
func TestFindingsAndSigningForms(t *testing.T) {
	cards := "### Card 1 — Any parent can open any report card\n❌ **Critical** (P0)\n\nText.\n\n### Card 2 — Tutor names classmates\n❌ **High** (P1)\n\nText.\n"
	if n := gradedItems(cards); n != 2 {
		t.Errorf("cards: gradedItems = %d, want 2", n)
	}
	paras := "**3. What worries me**\n\n3.1 Electrolyser failure is force majeure — High (risk score 5). Clause 7.2(c).\n\n3.2 Shortfall compensation is token — High (risk score 4). Clause 6.3.\n"
	if n := gradedItems(paras); n != 2 {
		t.Errorf("paragraphs: gradedItems = %d, want 2", n)
	}
	text := "Terms.\n\nDone at Brussels on 20 November 2026 in two originals, each Party acknowledging receipt of one.\n\nFor A NV: Ann De Smet, Managing Director\n\nFor B BV: Pieter Janssens, CEO\n"
	if rs := SignatureRegions(text); len(rs) != 1 {
		t.Errorf("regions %v, want one after the clause", rs)
	}
}

// An outline's key holding a quotation drafts it when the line above
// introduces drafting: "- **action:** replace cl. 7.3 with:" over
// "- **text:** "…"".
func TestKeyedQuotationUnderDraftIntro(t *testing.T) {
	text := "- **R1 → F1**\n  - **action:** replace cl. 7.3 with:\n  - **text:** \"If the performance is cancelled, the deposit is refunded.\"\n"
	if got := IntroducesDraft(text, strings.Index(text, "\"If")); got != IsDraft {
		t.Errorf("IntroducesDraft = %v, want IsDraft", got)
	}
	plain := "- **issue:** the clause reads\n  - **text:** \"If the performance is cancelled, the deposit is kept.\"\n"
	if got := IntroducesDraft(plain, strings.Index(plain, "\"If")); got == IsDraft {
		t.Errorf("a quotation under no drafting intro read as drafted")
	}
}

// "SIGNED at <place> on <date>" is a testimonium.
func TestSignedAtLine(t *testing.T) {
	if !ExecutionClauseRe.MatchString("SIGNED at Bloemfontein on 24 June 2025") {
		t.Error("SIGNED at <place> on <date> is no testimonium")
	}
}

// A drafting label in HTML list markup introduces drafted text as it
// does in Markdown; the current wording's label does not.
func TestHTMLLabelIntroducesDraft(t *testing.T) {
	text := "<ul>\n<li><b>Current:</b> \"The school retains 50%.\"</li>\n<li><b>Proposed:</b> \"The school retains 30%.\"</li>\n</ul>\n"
	if got := IntroducesDraft(text, strings.Index(text, "\"The school retains 30")); got != IsDraft {
		t.Errorf("proposed in <li><b>: %v, want IsDraft", got)
	}
	if got := IntroducesDraft(text, strings.Index(text, "\"The school retains 50")); got == IsDraft {
		t.Error("the current wording read as drafted")
	}
	if got := dropTags("<li><b>Proposed:</b> a <x> b"); got != "Proposed: a <x> b" {
		t.Errorf("dropTags = %q", got)
	}
}

// "add to clause 7.2" before a quotation drafts the text the clause is to
// gain; "as clause 7.2 says" quotes it.
func TestAddToClauseIntroducesDraft(t *testing.T) {
	text := "For C: add to clause 7.2 \"The Manager shall prepare a plan.\"\n\nAs clause 7.2 says \"The Manager shall consult.\"\n"
	if got := IntroducesDraft(text, strings.Index(text, "\"The Manager shall prepare")); got != IsDraft {
		t.Errorf("add to clause 7.2: %v, want IsDraft", got)
	}
	if got := IntroducesDraft(text, strings.Index(text, "\"The Manager shall consult")); got == IsDraft {
		t.Error("a quotation of the clause read as drafted")
	}
}

// LineAbove skips blank lines, reads the last line of a text without a
// final '\n', and stops at its reach.
func TestLineAbove(t *testing.T) {
	text := "one\n\n  \ntwo\nthree"
	if s, e := LineAbove(text, strings.Index(text, "two"), 100); text[s:e] != "one" {
		t.Errorf("above two: %q", text[s:e])
	}
	if s, e := LineAbove(text, len(text), 100); text[s:e] != "three" {
		t.Errorf("above the end: %q", text[s:e])
	}
	if s, _ := LineAbove(text, strings.Index(text, "two"), 3); s != -1 {
		t.Errorf("read past its reach: %d", s)
	}
	if s, _ := LineAbove(text, 0, 100); s != -1 {
		t.Errorf("a line above the first: %d", s)
	}
}

// Emphasis opens a word for the sentence rules as a bracket does: "Art."
// set in bold is still the abbreviation before its number.
func TestEmphasisedAbbreviation(t *testing.T) {
	for s, want := range map[string]string{
		"3. **Art. 5 (Medium)** - Change the notice period": "3. **Art. 5 (Medium)** - Change the notice period",
		"_Cl. 4_ applies. Then the cap":                     "Then the cap",
	} {
		if got := LastSentence(s); got != want {
			t.Errorf("LastSentence(%q) = %q, want %q", s, got, want)
		}
	}
}
