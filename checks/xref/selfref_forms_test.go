package xref

import (
	"testing"

	"github.com/evalopt/evalopt/checks/check"
	"github.com/evalopt/evalopt/checks/checktest"
	"github.com/evalopt/evalopt/evaluator"
)

// Forms of text that look like references to the deliverable's own items
// and are not: an amount with a space between its thousands, an item of a
// part of the source, a dotted section number after a list of items, an
// item the sentence quotes from the source.
func TestSelfRefFormsThatAreNotOwnItems(t *testing.T) {
	source := "PART A\n\n1. Grant. The grant is up to 40%.\n\n5. Own resources. At least 25%.\n\nPART B\n\n6. Repayment. The Agency may require repayment of the whole or any part of the grant.\n"
	doc := func(text string) check.Document {
		return check.Document{Text: text, Kind: evaluator.KindReviewMemo, SourceText: source}
	}
	for name, text := range map[string]string{
		"an amount in rand":        "| R1 | 2.1 | Rent |\n| R2 | 3.1 | Escalation |\n\nRental up from R8 500,00 to R11 000,00 a month, as R1 and R2 propose.\n",
		"an item of a source part": "## Findings\n\n1. Own resources. The offer needs 25% from own resources (Part A item 5).\n\n2. Timing. Claims twice a year.\n",
		"a dotted section number":  "## Findings\n\n1. Login. No second factor.\n\n2. Sessions. Too long.\n\nFor the compliance team: 45 CFR 164.312(d) for item 1 and 164.312(a)(1) for item 2.\n",
		"an item the text quotes":  "## Findings\n\n1. Clawback. The Agency has discretion under item 6 (\"the whole or any part\").\n\n2. Timing. Claims twice a year.\n",
	} {
		t.Run(name, func(t *testing.T) {
			checktest.Run(t, NewSelfReferenceCheck(), doc(text), text)
		})
	}
	// Each form's defect is still found where the text's own items are meant.
	bad := "## Findings\n\n1. Login. No second factor.\n\n2. Sessions. Too long.\n\nSee ⟦item 5⟧{xref.self_reference} for the fix.\n"
	checktest.Run(t, NewSelfReferenceCheck(), doc(""), bad)
}

// A part the text names that opens one of its own lines as a title, or
// that the source names the same way, exists: neither is a reference to
// a missing part of the deliverable.
func TestSelfRefPartsThatExist(t *testing.T) {
	source := "Item 5  Deductible: S$10,000 each and every loss.\n\nItem C-1 Scope. The Contractor tests the lab.\n\n1.1 Appointments cancelled late cost EUR 25.\n"
	for name, text := range map[string]string{
		"a part's own title line":   "Part 1 - Scope\n\nWe tested the app.\n\nPart 2 - Findings\n\n1. Login. No second factor.\n\n2. Sessions. Too long.\n",
		"an item of the source":     "## Findings\n\n1. Deductible. The flood deductible in Item 5 is high.\n\n2. Notice. 72 hours is short.\n",
		"a lettered source item":    "## Findings\n\n1. Scope. Item C-1 leaves out the network.\n\n2. Timing. Two weeks.\n",
		"a plural of source labels": "## Changes\n\n1. Fees. Items 1.1 and 1.2 change.\n\n2. Notice. Shorter.\n",
	} {
		t.Run(name, func(t *testing.T) {
			checktest.Run(t, NewSelfReferenceCheck(), check.Document{Text: text, Kind: evaluator.KindReviewMemo, SourceText: source}, text)
		})
	}
	bad := "## Findings\n\n1. Login. No second factor.\n\n2. Sessions. Too long.\n\nThe fix is in ⟦Item 7⟧{xref.self_reference}.\n"
	checktest.Run(t, NewSelfReferenceCheck(), check.Document{Text: bad, Kind: evaluator.KindReviewMemo, SourceText: source}, bad)
}

// A part named with a noun the item families do not know, pointed to with
// "above" or "below", must be one of the text's own lines.
func TestSelfRefPointedParts(t *testing.T) {
	c := NewSelfReferenceCheck()
	good := "**Change 1: Fees**\n\nThe fee rises.\n\n**Change 2: Notices**\n\nBy app (see Change 1 above).\n\nYour risk level 3 above the threshold stays.\n"
	checktest.Run(t, c, check.Document{Text: good, Kind: evaluator.KindPlainLanguage}, good)
	bad := "**Change 1: Fees**\n\nThe fee rises.\n\n**Change 2: Notices**\n\nBy app (see ⟦Change 8⟧{xref.self_reference} above).\n"
	checktest.Run(t, c, check.Document{Text: bad, Kind: evaluator.KindPlainLanguage}, bad)
}

// An item the text places in another document by a noun phrase ("item 5
// of the test plan") is that document's, and so is a later bare mention
// of it; an item "of the report" is the text's own.
func TestSelfRefItemsOfANamedDocument(t *testing.T) {
	findings := "## Findings\n\n1. Age checks. Missing.\n\n2. Travel. Allowed.\n\n"
	for name, text := range map[string]string{
		"of the test plan":         findings + "v1.3 fails the pass criterion in item 5 of the test plan.\n",
		"and mentioned bare later": findings + "It fails item 5 of the test plan.\n\nRetest: v1.3 stays restricted until it passes item 5.\n",
	} {
		t.Run(name, func(t *testing.T) {
			checktest.Run(t, NewSelfReferenceCheck(), check.Document{Text: text, Kind: evaluator.KindRedTeamReport}, text)
		})
	}
	for name, text := range map[string]string{
		"of the report":      findings + "The fix is in ⟦item 5⟧{xref.self_reference} of the report.\n",
		"bare, never placed": findings + "It stays restricted until it passes ⟦item 5⟧{xref.self_reference}.\n",
	} {
		t.Run(name, func(t *testing.T) {
			checktest.Run(t, NewSelfReferenceCheck(), check.Document{Text: text, Kind: evaluator.KindRedTeamReport}, text)
		})
	}
}

// Items labelled in HTML headings with a number sign ("<h3>Issue #1 —
// Fees</h3>") are the text's own: a pointer past them is a missing part.
func TestSelfRefHTMLNumberSignItems(t *testing.T) {
	issues := "<h3>Issue #1 — Fees</h3>\n\nText.\n\n<h3>Issue #2 — Term</h3>\n\nText.\n"
	good := "# Redline\n\n> **Summary**\n> - Biggest change: 30 to 60 days (Issue #2)\n> - Fees: unchanged.\n\n" + issues
	checktest.Run(t, NewSelfReferenceCheck(), check.Document{Text: good, Kind: evaluator.KindRedline}, good)
	bad := "# Redline\n\n> **Summary**\n> - Biggest change: 30 to 60 days (⟦Issue #6⟧{xref.self_reference})\n> - Fees: unchanged.\n\n" + issues
	checktest.Run(t, NewSelfReferenceCheck(), check.Document{Text: bad, Kind: evaluator.KindRedline}, bad)
	if got := plainItemLine("<h3>Issue #12 — Law</h3>"); got != "Issue 12 — Law" {
		t.Errorf("plainItemLine = %q", got)
	}
}

// Items a heading names in a text that numbers all its paragraphs in one
// run ("POINTS OF CONCERN" over "3." to "5.") are paragraphs like the
// rest: "points 6 to 7" are the text's paragraphs 6 and 7. A list that
// restarts at 1 under its heading keeps its own numbers.
func TestSelfRefPointsOfOneNumbering(t *testing.T) {
	body := "1. We were asked to review the terms.\n\n2. The scorer was run.\n\nPOINTS OF CONCERN\n\n3. Back-billing.\n\n4. Price changes.\n\n5. Exit fee.\n\nWHAT WE RECOMMEND\n\n6. Replace clause 5.2.\n\n7. Replace clause 3.4.\n\n"
	good := body + "8. We will send points 6 to 7 to the supplier.\n"
	checktest.Run(t, NewSelfReferenceCheck(), check.Document{Text: good, Kind: evaluator.KindReviewMemo}, good)
	bad := body + "8. We will send ⟦points 6 to 9⟧{xref.self_reference} to the supplier.\n"
	checktest.Run(t, NewSelfReferenceCheck(), check.Document{Text: bad, Kind: evaluator.KindReviewMemo}, bad)
	if continuesParagraphs(map[string]map[string]bool{"point": {"1": true, "2": true}, "part": {"1": true, "2": true}}, "point") {
		t.Error("a list that starts at 1 is its own numbering")
	}
}

// "as the authorisation asks in item 5" cites that document's item, not
// the text's own; "as the report says in item 5" is the text's.
func TestSelfRefItemADocumentSays(t *testing.T) {
	findings := "## Findings\n\n1. HMI default login.\n\n2. Flat network.\n\n"
	good := findings + "We stopped at the PLC, as the authorisation asks in item 5.\n"
	checktest.Run(t, NewSelfReferenceCheck(), check.Document{Text: good, Kind: evaluator.KindRedTeamReport}, good)
	bad := findings + "We stopped, as the report says in ⟦item 5⟧{xref.self_reference}.\n"
	checktest.Run(t, NewSelfReferenceCheck(), check.Document{Text: bad, Kind: evaluator.KindRedTeamReport}, bad)
}
