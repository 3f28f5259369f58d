package advice

import (
	"testing"
	"unicode/utf8"

	"github.com/evalopt/evalopt/checks/check"
	"github.com/evalopt/evalopt/checks/checktest"
	doctext "github.com/evalopt/evalopt/checks/internal/text"
	"github.com/stretchr/testify/assert"
)

// A sentence that asks for a change of degree towards an unmeasured
// standard, with nothing concrete, is a vague direction; a figure, a
// quotation or no standard makes it something else.
func TestVagueDirection(t *testing.T) {
	for s, want := range map[string]bool{
		"Rebalance the indemnity so that it is fairer to the Institution.":                        true,
		"Clause 9.3: soften the consequence of late notice so it is more proportionate.":          true,
		"The sampling procedure should be made more balanced for the Seller.":                     true,
		"1. Clause 9(b): push back and get it narrowed — shorter, more targeted, fairer overall.": true,
		"Soften the late-notice consequence to a 10% reduction in the claim.":                     false,
		"Rebalance the indemnity: \"Each party indemnifies the other for its own breaches.\"":     false,
		"Rebalance the indemnity so that each party covers its own breaches.":                     false,
		"The threshold is fairer than the market norm.":                                           false,
	} {
		_, _, got := vagueDirection(s)
		assert.Equal(t, want, got, s)
	}
}

// A recommendation whose finding gives figures still has a vague fix when
// the fix's own sentence is vague: the figures elsewhere are the finding's.
func TestDirectionalVagueSentenceBesideFigures(t *testing.T) {
	c := checktest.Must(NewDirectionalCheck(RecommendationConfig{}))
	doc := check.Document{Text: "## Recommendations\n\n- The clawback takes back 100% of the grant for any breach within 5 years. Ask the Agency to rework the clawback so that it is more proportionate.\n"}
	var at []string
	for _, f := range c.Check(doc) {
		if f.Rule == RuleDirectional {
			at = append(at, f.Location.Text)
		}
	}
	assert.Contains(t, at, "rework")
}

// FuzzMayBeVague: the word prefilter never turns away a recommendation
// the expression would read (for ASCII text; "ſ" and the Kelvin sign,
// which (?i) folds to ASCII letters, are out of its scope).
func FuzzMayBeVague(f *testing.F) {
	f.Add("Make it fairer for us.")
	f.Add("in line with the Act, in our favour, LESS onerous")
	f.Add("proportionately")
	f.Fuzz(func(t *testing.T, s string) {
		for i := 0; i < len(s); i++ {
			if s[i] >= utf8.RuneSelf {
				return
			}
		}
		if unmeasuredRe.MatchString(s) && !mayBeVague(s, doctext.WordSpans(s)) {
			t.Fatalf("%q matches the expression but not the prefilter", s)
		}
	})
}
