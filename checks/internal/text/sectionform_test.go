package text

import (
	"strings"
	"testing"
)

func TestSectionByFormGradedItems(t *testing.T) {
	findings := Section{Name: "findings"}
	for _, tc := range []struct {
		name, text string
		want       bool
	}{
		{"numbered items graded after a dash", "What does the wording get wrong?\n\n1. Flood is excluded at the premises - high\n   Clause 3.7 ...\n\n2. Theft cover needs the alarm - medium\n   GC4 ...\n", true},
		{"bold leads graded in brackets", "**1. The non-compete (clause 9(b)) — high.** It says ...\n\n**2. Changes to your terms (clause 12) — medium.** ...\n", true},
		{"one graded item is a remark", "1. Flood is excluded - high\n2. Theft cover needs the alarm\n", false},
		{"graded fixes under a recommendations heading", "## Recommendations\n\n1. Non-compete (High). Ask for clause 8 to be replaced.\n2. Training costs (Medium). Ask for clause 9 to add a taper.\n", false},
		{"a grade in the body, not the lead", "1. Flood is excluded. The risk is high because the site floods.\n2. Theft cover. The chance of a claim is low here.\n", false},
	} {
		if got := SectionByForm(tc.text, findings); got != tc.want {
			t.Errorf("%s: SectionByForm(findings) = %v, want %v", tc.name, got, tc.want)
		}
	}
}

func TestSectionByFormDraftedItems(t *testing.T) {
	recs := Section{Name: "recommendations"}
	drafted := "What should you ask for?\n\n1. Clause 9(b): replace with \"For 3 months after the Termination Date you shall not be employed in a planning role\".\n" +
		"2. Clause 10: add \"The amount repayable reduces by one twenty-fourth for each complete month of service after the course\".\n"
	if !SectionByForm(drafted, recs) {
		t.Error("two items with drafted wording after replace/add: want recommendations by form")
	}
	quotedOnly := "1. Clause 4 reads \"The Supplier may change the Services at any time on notice to the Customer\".\n" +
		"2. Clause 5 reads \"The Customer shall pay all invoices within seven days of the invoice date\".\n"
	if SectionByForm(quotedOnly, recs) {
		t.Error("quotations of the current text ('Clause 4 reads \"...\"'): want no recommendations by form")
	}
}

func TestQuestionHeadings(t *testing.T) {
	text := "# Review of the renewal wording\n\nFrom: Clonmel Risk Partners\nTo: Niamh Ryan, Finance Director\nDate: 22 September 2025\n\nWhy are we writing?\n\nHarbour Mutual has offered renewal on a new wording and we have read it.\n\n" +
		"What does the new wording get wrong?\n\nThe flood exclusion at your only premises is the main problem we found.\n"
	heads, _ := OwnSectionHeads(text)
	var got []string
	for _, h := range heads {
		got = append(got, h.Text)
	}
	if len(got) != 2 || got[0] != "Why are we writing?" || got[1] != "What does the new wording get wrong?" {
		t.Errorf("OwnSectionHeads = %q, want the two question headings", got)
	}
	if standaloneTitle("Can you tell me why this happened, and what you will do about it now?") {
		t.Error("a long question (over ten words) read as a heading")
	}
}

// Fixes that open by naming the finding they fix ("1. For finding 1
// (P0): stop …") are a recommendations section under any heading; one
// such line, or a finding merely mentioned, is not.
func TestSectionByFormFindingKeyedFixes(t *testing.T) {
	recs := Section{Name: "recommendations"}
	cases := []struct {
		name, text string
		want       bool
	}{
		{"two keyed fixes", "What do we do now?\n\n1. For finding 1 (P0): stop passing raw text.\n2. For finding 2 (P1): add an output check.\n", true},
		{"re issue", "Next\n\n- Re issue 3: rotate the key.\n- Re: issue 4: drop the field.\n", true},
		{"one keyed fix", "Next\n\n1. For finding 1 (P0): stop passing raw text.\n", false},
		{"findings mentioned in prose", "Finding 1 is critical: the tool leaks. Finding 2 is high: it confirms bookings.\n", false},
	}
	for _, tc := range cases {
		if got := SectionByForm(tc.text, recs); got != tc.want {
			t.Errorf("%s: SectionByForm(recommendations) = %v, want %v", tc.name, got, tc.want)
		}
	}
}

// Findings numbered by ids ("F-1. Permission over-grant — High — FAIL")
// are graded items under any heading, as numbered ones are.
func TestSectionByFormIDNumberedFindings(t *testing.T) {
	text := "3. Where the bot gives the store away\n\nF-1. Permission over-grant — High — FAIL\nThe harness recorded 46.\n\nF-2. Document injection — High — FAIL\n31 of 200.\n"
	if !SectionByForm(text, Section{Name: "findings"}) {
		t.Error("id-numbered graded findings not read as a findings section")
	}
	if itemLead("F-1. Permission over-grant — High") != "Permission over-grant — High" {
		t.Errorf("itemLead = %q", itemLead("F-1. Permission over-grant — High"))
	}
}

// Items numbered in brackets that grade themselves after a label ("(1)
// Clause 3.3 — forfeiture. Severity: high (scorer 5).") are findings.
func TestSectionByFormBracketNumberedLabelledGrades(t *testing.T) {
	text := "What I looked at, clause by clause\n\n(1) Clause 3.3 — forfeiture. Severity: high (scorer 5).\nThe clause reads badly.\n\n(2) Clause 1.3 — algal bloom. Severity: medium (scorer 4).\nSix hours is short.\n"
	if !SectionByForm(text, Section{Name: "findings"}) {
		t.Error("bracket-numbered items graded after a label not read as findings")
	}
	if labelledGrade("(3) Clause 2.2 — low oxygen. The risk is that the alarms fail.") {
		t.Error("a risk named in prose read as a grade")
	}
}

// Short titles set right on their text, with no blank line between, are
// headings when the text has two or more; one such line is no style.
func TestOwnSectionHeadsTightTitles(t *testing.T) {
	text := "Pot-Pal red team\nby Wei Ling Tan, 4 December 2026\n\nWhat we tested\nOnly the staging build of the assistant with its orders and credits tools.\n\nWhat broke\n\n1. It says recipes are nut-free.\n\nThe fixes\n1. Allergens: add an output filter that blocks any such reply.\n"
	var got []string
	hs, _ := OwnSectionHeads(text)
	for _, h := range hs {
		got = append(got, h.Text)
	}
	want := []string{"What broke", "The fixes"} // "What we tested" stands in the letterhead lines
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("heads = %q, want %q", got, want)
	}
	one := "Dear Ann\n\nThanks for the note\nWe will pay the invoice of EUR 400 within the week as agreed.\n"
	if hs, _ := OwnSectionHeads(one); len(hs) != 0 {
		t.Errorf("one short line read as a heading style: %v", hs)
	}
}
