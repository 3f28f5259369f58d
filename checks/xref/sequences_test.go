package xref

import (
	"strings"
	"testing"

	"github.com/evalopt/evalopt/checks/check"
	"github.com/evalopt/evalopt/checks/checktest"
	"github.com/evalopt/evalopt/evaluator"
)

// A run of the document's own labels that repeats a label where the next
// belongs, or jumps past one, is reported at the label that breaks it,
// whatever keyword or form the labels take.
func TestSequenceBreaks(t *testing.T) {
	bad := map[string]string{
		"keyword repeat":      "**Change 1 · Fees**\n\nText.\n\n**Change 2 · Term**\n\nText.\n\n**⟦Change 2⟧{xref.numbering_gap} · Insurance**\n\nText.\n",
		"keyword jump":        "Modification 1 — Art. 3\n\nText.\n\nModification 2 — Art. 5\n\nText.\n\n⟦Modification 5⟧{xref.numbering_gap} — Art. 8\n\nText.\n\nModification 4 — Art. 9\n",
		"id out of order":     "R1 — Cl. 2\nText.\n\nR2 — Cl. 4\nText.\n\n⟦R5⟧{xref.numbering_gap} – Cl. 7\nText.\n\nR3 – Cl. 9\nText.\n\nR4 – Cl. 9\nText.\n",
		"letters":             "(a) Art. 1 — scope\n(b) Art. 4 — fees\n⟦(b)⟧{xref.numbering_gap} Art. 7a — appeals\n",
		"capital letters":     "**A. Article 2 — term**\n\n**B. Article 5 — fees**\n\n**⟦D⟧{xref.numbering_gap}. Article 9 — audit**\n\n**C. Article 12 — exit**\n",
		"dotted":              "C.1 Vessel: MV Example\nC.2 Laycan: 1-5 May\n⟦C.2⟧{xref.numbering_gap} Demurrage: USD 18,000 per day\n",
		"steps":               "What happens next:\n\n1. We close the account.\n2. We delete the data.\n⟦2⟧{xref.numbering_gap}. **Backups.** They expire in 30 days.\n",
		"one twice":           "Checklist:\n1. Read the letter.\n⟦1⟧{xref.numbering_gap}. Ask for the trust agreement.\n⟦3⟧{xref.numbering_gap}. Sign the form.\n",
		"number sign in html": "<h3>Issue #1 — Fees</h3>\n\nText.\n\n<h3>Issue #2 — Term</h3>\n\nText.\n\n<h3>⟦Issue #2⟧{xref.numbering_gap} — Law</h3>\n",
		"across headings":     "Prices\n\n1. Quotes last 14 days.\n\n2. Pay in 30 days.\n\nLiability\n\n3. We are liable for negligence.\n\n4. The cap is 2 SDR/kg.\n\nClaims\n\n⟦7⟧{xref.numbering_gap}. Tell us in 7 days.\n",
		"html summaries":      "<details>\n<summary><strong>F-01 · Leak · High</strong></summary>\n</details>\n<details>\n<summary><strong>F-02 · Limits · High</strong></summary>\n</details>\n<details>\n<summary><strong>⟦F-02⟧{xref.numbering_gap} · Harm · Medium</strong></summary>\n</details>\n",
	}
	for name, text := range bad {
		t.Run(name, func(t *testing.T) {
			plain, _, err := checktest.Parse(text)
			if err != nil {
				t.Fatal(err)
			}
			// A review's lettered items are its own; a contract's are its
			// clause outline's, which the cross-reference check numbers,
			// as a redline's dotted numbers are the source's.
			kind := evaluator.KindRedline
			if name == "dotted" {
				kind = evaluator.KindContract
			}
			checktest.Run(t, NewListNumberingCheck(), check.Document{Text: plain, Kind: kind}, text)
		})
	}
}

// Runs that are not the document's own, or that repeat by design, are
// left alone.
func TestSequenceTraps(t *testing.T) {
	good := map[string]string{
		"lazy list":                        "1. One.\n1. Two.\n1. Three.\n",
		"register relisted":                "F1 — Weak cap\nF2 — No audit\nF3 — Notice\n\nRetest\n\nF1 — fixed\nF3 — open\n",
		"two lists":                        "1. One.\n2. Two.\n\n## Next\n\n1. Again.\n2. And again.\n",
		"priorities":                       "- P1 — fix login\n- P2 — fix logout\n- P2 — fix export\n",
		"days":                             "Day 1 — arrival\nDay 2 — site visit\nDay 2 — dinner\nDay 3 — departure\n",
		"does not open at 1":               "Finding 3 — kept\nFinding 5 — kept\n",
		"repeat then next":                 "Step 1: open.\nStep 2: check.\nStep 2: check again.\nStep 3: close.\n",
		"dates":                            "May 1 — filed\nMay 2 — served\nMay 2 — answered\n",
		"decimals":                         "1.1 million users\n1.2 thousand\n1.2 percent\n",
		"answers keyed by a function word": "## Findings\n\n1. Downtime.\n\n2. Cap.\n\n## What to do\n\nFor 1: Replace 5.3(d).\n\nFor 2: Add a sentence.\n\nPush for 12 hours in 7.1.\n",
		"lists restarting under headings":  "Prices\n\n1. Quotes.\n\n2. Pay.\n\nLiability\n\n1. Negligence.\n\n2. Cap.\n",
		"a new list after a heading":       "Steps\n\n1. Open.\n\n2. Check.\n\nAnnex\n\n5. Five is the annex's own label.\n",
		"section titles and lists":         "1. Scope\n\nText:\n\n1. first\n2. second\n\n2. Findings\n\nMore.\n",
	}
	for name, text := range good {
		checktest.Run(t, NewListNumberingCheck(), check.Document{Text: text, Kind: evaluator.KindPlainLanguage}, text)
		_ = name
	}
	// In a review, labels that open the source's lines are the source's.
	memo := "## Comments\n\n2.1 Scope — fine.\n\n2.2 Fees — too high.\n\n2.2 Fees — no indexation either.\n"
	src := "2.1 Scope. The Services.\n2.2 Fees. The Fees are set out in Schedule 1.\n"
	checktest.Run(t, NewListNumberingCheck(), check.Document{Text: memo, Kind: evaluator.KindReviewMemo, SourceText: src}, memo)
	// In a review, keywords that point into the source are its numbering.
	memo = "Clause 1 — fine.\nClause 2 — fine.\nClause 2 — see also.\n"
	checktest.Run(t, NewListNumberingCheck(), check.Document{Text: memo, Kind: evaluator.KindReviewMemo}, memo)
}

// The label reader reads each form once and stays within its line.
func FuzzReadSeqLabel(f *testing.F) {
	for _, s := range []string{"**Change 4 · Section IV.1**", "(c) Art. 7a", "C.3 Demurrage:", "RT-03 — x", "### 6. Roof", "E. Article", "4.3 [Deleted]", "- **R5** – Cl.", "1.", "(", "A", "Day 2 —"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		if strings.ContainsRune(raw, '\n') {
			return
		}
		lb, ok := readSeqLabel(raw)
		if !ok {
			return
		}
		if lb.start < 0 || lb.end > len(raw) || lb.start >= lb.end || lb.n < 0 {
			t.Fatalf("%q: label %d-%d, place %d", raw, lb.start, lb.end, lb.n)
		}
	})
}

// A line that opens with a range or list of ids names things (hosts,
// assets), not the text's own items: a later id of the range is no
// reference to a missing item.
func TestIDEnumerationLabelsNothing(t *testing.T) {
	good := "## Findings\n\nHMI-01 to HMI-03 run Windows 7 SP1.\n\nFS01, FS02 and FS04 expose SMBv1.\n\nPatch HMI-03 first, then FS04.\n"
	checktest.Run(t, NewSelfReferenceCheck(), check.Document{Text: good, Kind: evaluator.KindRedTeamReport}, good)
	for s, want := range map[string]bool{"HMI-01 to HMI-03 run": true, "FS01, FS02 and FS04": true, "F1 — Weak cap": false, "R2 and the cap": false} {
		if got := idEnumeration(s, strings.FieldsFunc(s, func(r rune) bool { return r < 'A' || r > 'Z' })[0]); got != want {
			t.Errorf("idEnumeration(%q) = %v, want %v", s, got, want)
		}
	}
}

// A reference to an item past the last one a keyword family labels
// points at nothing; the source's own items of that keyword are the
// source's.
func TestPastOwnItems(t *testing.T) {
	changes := "**Change A — Eligibility**\nText.\n\n**Change B — Deadlines**\nText.\n\n**Change C — Payments**\nText.\n\n"
	good := changes + "We ask you to approve Changes A to C for all offers.\n"
	checktest.Run(t, NewSelfReferenceCheck(), check.Document{Text: good, Kind: evaluator.KindRedline}, good)
	bad := changes + "We ask you to approve Changes A to C, and the transitional rule in ⟦Change D⟧{xref.self_reference}.\n"
	plain, _, err := checktest.Parse(bad)
	if err != nil {
		t.Fatal(err)
	}
	checktest.Run(t, NewSelfReferenceCheck(), check.Document{Text: plain, Kind: evaluator.KindRedline}, bad)
	src := "Change D. The transitional rule.\n"
	checktest.Run(t, NewSelfReferenceCheck(), check.Document{Text: plain, Kind: evaluator.KindRedline, SourceText: src}, plain)
}

// An amendment's "The following Article 4.3 is inserted" defines 4.3.
func TestInsertedArticle(t *testing.T) {
	src := "Article 4 — Price\n\n4.1 The price is EUR 1,850.\n\n4.2 The price is adjusted quarterly.\n"
	text := "Article 2 — Price of the additional quantity\n\nThe following Article 4.3 is inserted in the Agreement:\n\n\"4.3 Any quantity above 12,000 m³ is invoiced at EUR 1,790.\"\n\nArticle 4.3 applies from 1 January 2027.\n"
	checktest.Run(t, NewXrefCheck(), check.Document{Text: text, Kind: evaluator.KindContract, SourceText: src, Evidence: []evaluator.Evidence{{ID: "source", Content: src}}}, text)
	as := "2.4 Data location. The following is added as Section 4.4 of the Agreement:\n\n\"4.4 Notice comes 60 days ahead.\"\n\n2.5 Section 4.4 applies from 1 July. Section ⟦4.5⟧{xref.dangling} does not change.\n"
	plain, _, err := checktest.Parse(as)
	if err != nil {
		t.Fatal(err)
	}
	checktest.Run(t, NewXrefCheck(), check.Document{Text: plain, Kind: evaluator.KindContract, SourceText: src, Evidence: []evaluator.Evidence{{ID: "source", Content: src}}}, as)
}

// A contract that titles its clauses "§ 1 …" defines them.
func TestSectionSignTitles(t *testing.T) {
	text := "# Agreement\n\n§ 1 What is to be scanned\n\nThe registers.\n\n§ 2 Where and when\n\nOn site, as § 1 says.\n"
	checktest.Run(t, NewXrefCheck(), check.Document{Text: text, Kind: evaluator.KindContract}, text)
	if id, n := sectionSignTitle("**§ 7.** Payment"); id != "7" || n == 0 {
		t.Errorf("sectionSignTitle = %q, %d", id, n)
	}
	if _, n := sectionSignTitle("§ 7 of the Act applies"); n != 0 {
		t.Error("a reference read as a title")
	}
}

// A contract's plain numbered titles ("1. Placement period (replaces
// clause 2.1)") and a bold clause with a letter ("**4A. Returns**") are
// its own labels.
func TestContractTitleLabels(t *testing.T) {
	text := "# Addendum\n\n1. Placement period (fixed terms)\n\nText.\n\n2. Notice\n\nText.\n\n**4A. Returns**\n\nText.\n\nExcept as set out in paragraphs 1 to 2 of this Addendum and clause 4A, nothing changes.\n"
	checktest.Run(t, NewXrefCheck(), check.Document{Text: text, Kind: evaluator.KindContract}, text)
}

// A numbering whose titles come in two forms ("3. Beth …? / What …?" and
// "4. Putting things right / Adfer y tir") goes on: neither the label
// runs nor a contract's outline jump where the other form holds the
// number; a number missing from both still does.
func TestNumberingAcrossTitleForms(t *testing.T) {
	text := "1. Beth mae hyn? / What does this allow?\n\n1.1 You allow a duct.\n\n2. Sut? / How will the work be done?\n\n2.1 At 600 mm.\n\n3. Beth rydym yn ei dalu? / What do we pay?\n\n3.1 £600.\n\n4. Putting things right / Adfer y tir\n\n4.1 We reseed.\n\n5. Pa mor hir? / How long does this last?\n\n5.1 Twenty years.\n\n6. If we disagree / Os oes anghydfod\n\n6.1 We ask the council.\n\n7. Ending the agreement / Dod i ben\n\n7.1 On notice.\n"
	for _, c := range []check.Check{NewListNumberingCheck(), NewXrefCheck()} {
		checktest.Run(t, c, check.Document{Text: text, Kind: evaluator.KindContract}, text)
	}
	gap := strings.Replace(text, "6. If we disagree / Os oes anghydfod", "⟦8⟧{xref.numbering_gap}. If we disagree / Os oes anghydfod", 1)
	plain, _, err := checktest.Parse(gap)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range NewXrefCheck().Check(check.Document{Text: plain, Kind: evaluator.KindContract}) {
		got = append(got, f.Rule)
	}
	for _, f := range NewListNumberingCheck().Check(check.Document{Text: plain, Kind: evaluator.KindContract}) {
		got = append(got, f.Rule)
	}
	if len(got) == 0 {
		t.Error("a number missing from both title forms went unreported")
	}
}

// A contract's "§ N — TITLE" lines are its own numbering, and a
// reference to a sub-item under one ("§ 4(b)") is to the contract itself;
// in a redline, "§" lines list the source's clauses it changes.
func TestSectionSignNumbering(t *testing.T) {
	body := "§ 1 — THE FRANCHISE\n\n(a) We may run rooms.\n\n§ 2 — MONEY\n\n(a) A fee.\n\n§ 3 — HOW WE RUN THE GAMES\n\n(a) Staff.\n\n(b) Safety: every room has an emergency release.\n\n"
	good := body + "§ 4 — ENDING IT\n\n(a) LockQuest may end it if we run a game without the release in § 3(b).\n"
	for _, c := range []check.Check{NewListNumberingCheck(), NewXrefCheck()} {
		checktest.Run(t, c, check.Document{Text: good, Kind: evaluator.KindContract}, good)
	}
	bad := body + "⟦§ 5⟧{xref.numbering_gap} — ENDING IT\n\n(a) On notice.\n"
	plain, _, err := checktest.Parse(bad)
	if err != nil {
		t.Fatal(err)
	}
	checktest.Run(t, NewListNumberingCheck(), check.Document{Text: plain, Kind: evaluator.KindContract}, bad)
	redline := "§ 2 — MONEY\n\nNow: a fee.\n\n§ 7 — LAW\n\nNow: Austrian law.\n"
	checktest.Run(t, NewListNumberingCheck(), check.Document{Text: redline, Kind: evaluator.KindRedline}, redline)
}
