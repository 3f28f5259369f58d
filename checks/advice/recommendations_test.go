package advice

import (
	"strings"
	"testing"

	"github.com/evalopt/evalopt/checks/checktest"
	"github.com/evalopt/evalopt/checks/internal/text"

	"github.com/evalopt/evalopt/checks/check"
	"github.com/evalopt/evalopt/evaluator"
	"github.com/stretchr/testify/assert"
)

func TestHedgeCheck(t *testing.T) {
	tests := []struct {
		name string
		text string
		want []string
	}{
		{"low risk hedge warns", "## Recommendations\n\n- Risk: 2. Consider a cap.\n", []string{RuleHedge + "=Consider"}},
		{"high risk hedge blocks", "## Recommendations\n\n- Risk level 4: the Customer may want to negotiate.\n", []string{RuleHedgeHighRisk + "=may want to"}},
		{"risk 3/5 format", "Recommendation 1 (Risk 3/5): it is advisable to act.\n", []string{RuleHedgeHighRisk + "=it is advisable"}},
		{"risk rating format", "## Recommendations\n\n- risk rating = 5. Parties should discuss the cap.\n", []string{RuleHedgeHighRisk + "=Parties should discuss"}},
		{"drafted text keeps it a warning", "## Recommendations\n\n- Risk: 4. Consider replacing it. Proposed language: \"x\"\n", []string{RuleHedge + "=Consider"}},
		{"long quote is drafted text", "## Recommendations\n\n- Risk: 4. Consider this: \"The Supplier shall pay all amounts within thirty days of invoice.\"\n", []string{RuleHedge + "=Consider"}},
		{"short quote is not drafted text", "## Recommendations\n\n- Risk: 4. Consider \"Supplier\".\n", []string{RuleHedgeHighRisk + "=Consider"}},
		{"hedge inside quote ignored", "## Recommendations\n\n- Risk: 4. Replace with: \"The Supplier shall consider in good faith any request made by the Customer.\"\n", nil},
		{"outside recommendations ignored", "## Background\n\nThe Parties may want to consider options.\n", nil},
		{"paragraph items", "## Recommendations\n\nRisk: 1. Consider A.\n\nRisk: 5. Consider B.\n", []string{RuleHedge + "=Consider", RuleHedgeHighRisk + "=Consider"}},
		{"section ends at same level heading", "## Recommendations\n\n- Risk: 1. Delete 3.2.\n\n## Other\n\nConsider it.\n", nil},
	}
	c := checktest.Must(NewHedgeCheck(RecommendationConfig{}))
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, checktest.Rules(c.Check(check.Document{Text: tt.text})))
		})
	}
}

// Three hedges stacked in one unrated recommendation warn on the first;
// one hedge there only informs.
func TestHedgeCheckStacked(t *testing.T) {
	c := checktest.Must(NewHedgeCheck(RecommendationConfig{}))
	sev := func(text string) []check.Severity {
		var out []check.Severity
		for _, f := range c.Check(check.Document{Text: text}) {
			out = append(out, f.Severity)
		}
		return out
	}
	stacked := "## Recommendations\n\n- It may be worth asking, at some point, whether the supplier could perhaps accept a cap.\n"
	got := sev(stacked)
	assert.GreaterOrEqual(t, len(got), 3)
	assert.Equal(t, check.SeverityWarn, got[0])
	assert.Equal(t, []check.Severity{check.SeverityInfo}, sev("## Recommendations\n\n- Perhaps ask the supplier for a cap of $1m.\n"))
	// Quoted text beside the hedges (the clause as it stands) does not
	// make the recommendation drafted: the hedging is still all it says.
	quoted := "## Recommendations\n\n- Clause 7 says \"The Supplier is not liable for any failure to supply for any reason whatsoever.\" Proposed: it may be worth asking, at some point, whether the supplier could perhaps accept a cap.\n"
	got = sev(quoted)
	assert.GreaterOrEqual(t, len(got), 3)
	assert.Equal(t, check.SeverityWarn, got[0])
}

func TestHedgeCheckCustomList(t *testing.T) {
	c := checktest.Must(NewHedgeCheck(RecommendationConfig{Hedges: []string{"ponder"}, BlockRisk: 5}))
	got := c.Check(check.Document{Text: "## Recommendations\n\n- Risk: 4. Ponder it; consider it.\n"})
	assert.Equal(t, []string{RuleHedge + "=Ponder"}, checktest.Rules(got))
}

func TestDirectionalCheck(t *testing.T) {
	tests := []struct {
		name string
		text string
		want []string
	}{
		{"green warns", "## Recommendations\n\n- GREEN. Tighten the cap.\n", []string{RuleDirectional + "=Tighten"}},
		{"red blocks", "## Recommendations\n\n- Severity: red. Strengthen the indemnity.\n", []string{RuleDirectionalHighSeverity + "=Strengthen"}},
		{"yellow blocks", "## Recommendations\n\n- YELLOW: add more specificity to 4.1.\n", []string{RuleDirectionalHighSeverity + "=add more specificity"}},
		{"drafted is fine", "## Recommendations\n\n- RED. Clarify 4.1. Replacement text: \"Fees are due in thirty days from the invoice date.\"\n", nil},
		{"lower-case red is not a severity", "## Recommendations\n\n- the red truck. Clarify 4.1.\n", []string{RuleDirectional + "=Clarify"}},
	}
	c := checktest.Must(NewDirectionalCheck(RecommendationConfig{}))
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, checktest.Rules(c.Check(check.Document{Text: tt.text})))
		})
	}
}

func TestActionabilityCheck(t *testing.T) {
	good := "- Delete Section 4.\n"
	bad := "- Consider Section 4.\n"
	tests := []struct {
		name string
		recs []string
		want bool
	}{
		{"none", nil, false},
		{"all actionable", []string{good, good, good}, false},
		{"3 of 10 is at the limit", []string{bad, bad, bad, good, good, good, good, good, good, good}, false},
		{"4 of 10 is above", []string{bad, bad, bad, bad, good, good, good, good, good, good}, true},
		{"1 of 1", []string{bad}, true},
	}
	c := checktest.Must(NewActionabilityCheck(RecommendationConfig{}))
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			text := "## Recommendations\n\n"
			for _, r := range tt.recs {
				text += r
			}
			got := c.Check(check.Document{Text: text})
			if !tt.want {
				assert.Empty(t, got)
				return
			}
			if assert.Len(t, got, 1) {
				assert.Equal(t, RuleActionability, got[0].Rule)
				assert.Equal(t, check.SeverityBlock, got[0].Severity)
				assert.Equal(t, "- Consider Section 4.", got[0].Location.Text)
			}
		})
	}
	lenient := checktest.Must(NewActionabilityCheck(RecommendationConfig{MaxNonActionable: 0.5}))
	assert.Empty(t, lenient.Check(check.Document{Text: "## Recommendations\n\n" + bad + good}))
}

func TestFindingCheck(t *testing.T) {
	tests := []struct {
		name string
		text string
		want []string
	}{
		{"quoted", "## Findings\n\n- The cap is low: \"shall not exceed $1\".\n", nil},
		{"section reference", "## Findings\n\n- Section 4.2 caps liability.\n", nil},
		{"section sign", "## Findings\n\n- § 4 caps liability.\n", nil},
		{"no evidence", "## Findings\n\n- The cap is low.\n", []string{RuleMissingEvidence + "=- The cap is low."}},
		{"uncertain", "## Findings\n\n- Section 4.2 appears to cap liability; it may be low.\n", []string{RuleUncertain + "=appears to", RuleUncertain + "=may be"}},
		{"uncertain in quote ignored", "## Findings\n\n- Section 4: \"amounts that may be due\".\n", nil},
		{"label lines", "Finding 1: The cap is low.\nFinding 2: Section 3 is fine.\n", []string{RuleMissingEvidence + "=Finding 1: The cap is low."}},
	}
	c := checktest.Must(NewFindingCheck(FindingConfig{}))
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, checktest.Rules(c.Check(check.Document{Text: tt.text})))
		})
	}
}

func TestNumberedHeadingIsNotAReviewSection(t *testing.T) {
	text := "## 5. Issue of Shares\n\nThe Company may issue shares.\n\n## 6. Recommendations of the Board\n\nThe Board should consider dividends.\n"
	assert.Empty(t, checktest.Must(NewFindingCheck(FindingConfig{})).Check(check.Document{Text: text}))
	assert.Empty(t, checktest.Must(NewHedgeCheck(RecommendationConfig{})).Check(check.Document{Text: text}))
}

func TestDirectionalDeferredProposal(t *testing.T) {
	table := func(cell string) string {
		return "# Our changes\n\n| Clause | Current | Proposed | Reason |\n|---|---|---|---|\n| 4.2 | \"Fees rise by CPI + 5% each year.\" | " + cell + " | Too steep. |\n"
	}
	tests := []struct {
		name string
		text string
		want []string
	}{
		{"cell to be discussed", table("A fairer indexation mechanism, to be discussed."), []string{RuleDirectional + "=to be discussed"}},
		{"cell to be agreed", table("Some lower cap (to be agreed between us)"), []string{RuleDirectional + "=to be agreed"}},
		{"proposal label for discussion", "## Amendments\n\nProposed: a shorter lock-in period, for discussion.\n", []string{RuleDirectional + "=for discussion"}},
		{"drafted with a deferred amount", table("Fees rise by CPI each year, capped at an amount to be agreed in writing."), nil},
		{"drafted shall clause", table("The Supplier shall consult the Customer, and the new rate is to be agreed by both parties."), nil},
		{"drafted without deferral", table("Fees rise by CPI each year, capped at 3%."), nil},
		{"deferral outside a proposal", "## Background\n\nThe timetable is to be discussed at the next meeting.\n", nil},
	}
	c := checktest.Must(NewDirectionalCheck(RecommendationConfig{}))
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, checktest.Rules(c.Check(check.Document{Kind: evaluator.KindRedline, Text: tt.text})))
		})
	}
}

// BenchmarkRecommendationAnalysis measures the shared recommendation
// analysis (units, risk scale, hedges and directional fixes) of the 1 MB
// review memo, less the word list the suite's other checks share.
func BenchmarkRecommendationAnalysis(b *testing.B) {
	contract := checktest.Contract1MB(b)
	memo := strings.Index(contract, "# Review Memorandum")
	doc := check.Document{Text: contract, Kind: evaluator.KindReviewMemo, SourceText: contract[:memo]}
	a, err := newRecommendationAnalyzer(RecommendationConfig{})
	if err != nil {
		b.Fatal(err)
	}
	words := text.WordSpans(doc.Text)
	b.SetBytes(int64(len(doc.Text)))
	b.ReportAllocs()
	for b.Loop() {
		d := check.Prepare(doc)
		sh := text.AnalysisOf(d)
		sh.WordsOnce.Do(func() { sh.Words = words })
		if len(a.analyzeUnits(d)) == 0 {
			b.Fatal("no recommendations in the benchmark memo")
		}
	}
}
