package xref

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/evalopt/evalopt/checks/check"
	"github.com/evalopt/evalopt/checks/checktest"
	"github.com/evalopt/evalopt/evaluator"
	"github.com/stretchr/testify/assert"
)

// Items are labelled in many layouts; a reference to one the text does
// not have is reported, one it has (or one of another document) is not.
func TestSelfReferenceItemLayouts(t *testing.T) {
	tests := []struct {
		name string
		kind evaluator.Kind
		text string
		want []string
	}{
		{"numbered sub-headings under a family heading", evaluator.KindRedTeamReport,
			"## Issues found\n\n### 1. Token replay (High)\n\nEvidence: replayed.\n\n**Fix:** rotate.\n\n### 2. Open bucket (Low)\n\nText.\n\n## Retest\n\nRetest issues 1 and 2 first, then issue 4.",
			[]string{"issues 1 and 2 first, then issue 4"[len("issues 1 and 2 first, then "):]}},
		{"table number column", evaluator.KindReviewMemo,
			"## Key concerns\n\n| No. | Clause | Concern |\n|---|---|---|\n| 1 | 4.2 | cap |\n| 2 | 7.1 | audit |\n\n## Advice\n\nAccept rows 1 and 2; item 3 can wait.",
			[]string{"item 3"}},
		{"range past the end", evaluator.KindReviewMemo,
			"ANALYSIS\n\n1. Price review (clause 3)\n\nText.\n\n2. Exit (clause 9)\n\nText.\n\nNEXT STEPS\n\nRaise items 1 to 4 at the meeting.",
			[]string{"items 1 to 4"}},
		{"abbreviated family", evaluator.KindReviewMemo,
			"## Recommended changes\n\n1. Cap at fees paid.\n2. Mutual audit.\n\n## Summary\n\nThe cap (see rec 3) matters most.",
			[]string{"rec 3"}},
		{"comma list needs a closing and", evaluator.KindReviewMemo,
			"## Findings\n\n1. One.\n2. Two.\n\n## Note\n\nFinding 2, 14 days after notice, is the trigger.",
			nil},
		{"item of another document", evaluator.KindReviewMemo,
			"## Findings\n\n1. One.\n2. Two.\n\n## Note\n\nFinding 7 of the regulator's report is similar, as is item 9 of Schedule 4.",
			nil},
		{"id register", evaluator.KindRedTeamReport,
			"| ID | Issue |\n|---|---|\n| RT-1 | replay |\n| RT-2 | bucket |\n| RT-3 | logs |\n\n- RT-2 is the easiest to exploit; RT-3 and RT-5 share a root cause.",
			[]string{"RT-5"}},
		{"id mention in a bullet is not a label", evaluator.KindRedTeamReport,
			"| ID | Issue |\n|---|---|\n| RT-1 | replay |\n| RT-2 | bucket |\n\n- RT-7's impact is unknown.",
			[]string{"RT-7"}},
		{"priority codes inside the range", evaluator.KindReviewMemo,
			"- **P1** — must fix\n- **P2** — should fix\n- **P3** — nice to have\n\nEverything here is P2 or P3.",
			nil},
	}
	c := NewSelfReferenceCheck()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, f := range c.Check(check.Document{Text: tt.text, Kind: tt.kind}) {
				got = append(got, f.Location.Text)
			}
			assert.Equal(t, tt.want, got)
		})
	}
}

func TestRefListNumbers(t *testing.T) {
	tests := []struct {
		after string
		want  []string
	}{
		{" and 7 apply", []string{"7"}},
		{", 3 and 5", []string{"3", "5"}},
		{" to 10.", []string{"10"}},
		{", 3 days later", nil},
		{"–6 below", []string{"6"}},
		{" of Schedule 2", nil},
	}
	for _, tt := range tests {
		text := "Findings 2" + tt.after
		got, _ := refListNumbers(text, len("Findings 2"))
		assert.Equal(t, tt.want, got, tt.after)
	}
}

// seeTitleMatches finds what a whole-text regexp pass finds.
func TestSeeTitleMatchesCorpus(t *testing.T) {
	texts := []string{
		`Cancel any time (see "Refunds" below). Read HOW TO PAY above, and see "Fees" below.`,
		"see also \"A\" below\nunder WHO CAN APPLY above",
	}
	paths, _ := filepath.Glob(checktest.Testdata("deliverables/*/*/*.md"))
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err == nil {
			texts = append(texts, string(b))
		}
	}
	for _, text := range texts {
		assert.Equal(t, seeTitleRe.FindAllStringSubmatchIndex(text, -1), seeTitleMatches(text))
	}
}

func FuzzSeeTitleMatches(f *testing.F) {
	f.Add(`see "Refunds" below and Read FEES above`)
	f.Add("under X Y below above below")
	f.Add("see “Your rights” above. See PART 2 below, in Part 3  below")
	f.Fuzz(func(t *testing.T, s string) {
		got := seeTitleMatches(s)
		for _, m := range got {
			if !seeTitleRe.MatchString(s[m[0]:m[1]]) {
				t.Fatalf("%q: %v is no match", s, m)
			}
		}
		// The windowed search skips no pointer a full pass finds.
		if want := seeTitleRe.FindAllStringSubmatchIndex(s, -1); len(want) > 0 && len(got) == 0 {
			t.Fatalf("%q: found nothing, a full pass finds %v", s, want)
		}
	})
}

func TestSelfReferenceOtherKinds(t *testing.T) {
	source := "NOTICE OF DECISION\n\nParagraph 1. We received your claim.\n\nParagraph 2. We refused it.\n\nParagraph 3. You may ask for a review.\n"
	tests := []struct {
		name string
		text string
		want []string
	}{
		{"part of the source it lacks", "We said no (paragraph 2 of the decision letter). You can ask again (see paragraph 5 of our letter).", []string{"paragraph 5"}},
		{"part of a named statute", "This follows section 47 of the Social Security Act.", nil},
		{"own numbered sections", "## 1. What we decided\n\nText.\n\n## 2. What you can do\n\nText (see section 6).", []string{"section 6"}},
		{"quoted title in the text", "## What we decided\n\nText.\n\n## Asking for a review\n\nFollow the steps in \"Asking for a review\" below, or in \"Getting help\" below.", []string{"Getting help"}},
	}
	c := NewSelfReferenceCheck()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, f := range c.Check(check.Document{Text: tt.text, SourceText: source, Kind: evaluator.KindPlainLanguage}) {
				got = append(got, f.Location.Text)
			}
			assert.Equal(t, tt.want, got)
		})
	}
}

func TestSelfReferenceAppendicesAndTables(t *testing.T) {
	tests := []struct {
		name   string
		source string
		text   string
		want   []string
	}{
		{"appendix below that the memo lacks", "", "## Summary\n\nCosts are set out in Appendix C below.\n\n## Appendix A – Timeline\n\nText.", []string{"Appendix C"}},
		{"appendix the memo has", "", "## Summary\n\nSee Appendix A below.\n\n## Appendix A – Timeline\n\nText.", nil},
		{"the source's appendix", "The rates are in Appendix C, attached.", "## Summary\n\nThe rates in Appendix C below are high.", nil},
		{"table above", "", "**Table 1:** Fees\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\nTable 2 above shows the trend.", []string{"Table 2"}},
		{"lower-case letter is no id", "", "## Findings\n\nWe need spare parts a week earlier (see parts a and b of the order).", nil},
	}
	c := NewSelfReferenceCheck()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, f := range c.Check(check.Document{Text: tt.text, SourceText: tt.source, Kind: evaluator.KindReviewMemo}) {
				got = append(got, f.Location.Text)
			}
			assert.Equal(t, tt.want, got)
		})
	}
}

// Lines keyed "For 1:", "For 2:" answer items; they number no family of
// "for" items, so "push for 12 hours" points past nothing.
func TestOwnRefsFunctionWordKeys(t *testing.T) {
	text := "## Findings\n\n1. Downtime.\n\n2. Cap.\n\n## What to do\n\nFor 1: Replace 5.3(d).\n\nFor 2: Add a sentence.\n\nPush for 12 hours in 7.1, but do not walk away over it.\n"
	checktest.Run(t, NewSelfReferenceCheck(), check.Document{Text: text, Kind: evaluator.KindReviewMemo}, text)
}
