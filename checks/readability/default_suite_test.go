package readability_test

import (
	"context"
	"strings"
	"testing"

	"github.com/evalopt/evalopt/checks"
	"github.com/evalopt/evalopt/checks/readability"
	"github.com/evalopt/evalopt/evaluator"
)

// TestDefaultSuiteConsumerGrade checks both readability guards of the
// default suite on consumer kinds: a whole rewrite far above the grade is
// reported by readability.RuleReadabilityGrade, a plain rewrite with one dense
// paragraph by readability.RuleDensePassage on that paragraph, and neither applies to
// a contract.
func TestDefaultSuiteConsumerGrade(t *testing.T) {
	legal := `The Licensee hereby acknowledges and agrees that, notwithstanding any representation made prior to the commencement of the subscription, the Licensor shall have no liability whatsoever in respect of any interruption of the availability of the services occasioned by circumstances beyond its reasonable control, including without limitation the failure of telecommunications infrastructure.`
	whole := strings.Repeat(legal+" ", 3)
	suite := checks.DefaultSuite()
	ctx := context.Background()
	rules := func(kind evaluator.Kind, text string) map[string]int {
		fs, err := suite.Findings(ctx, evaluator.Task{Kind: kind}, text)
		if err != nil {
			t.Fatal(err)
		}
		m := map[string]int{}
		for _, f := range fs {
			m[f.Rule]++
		}
		return m
	}
	if got := rules(evaluator.KindPlainLanguage, whole); got[readability.RuleReadabilityGrade] != 1 {
		t.Errorf("whole text in legalese: %v, want %s", got, readability.RuleReadabilityGrade)
	}
	planted := readability.PlainIntro + "\n" + legal + "\n\nSee you soon.\n"
	if got := rules(evaluator.KindCustomerReply, planted); got[readability.RuleDensePassage] != 1 {
		t.Errorf("one dense paragraph: %v, want %s", got, readability.RuleDensePassage)
	}
	if got := rules(evaluator.KindContract, planted); got[readability.RuleDensePassage] != 0 || got[readability.RuleReadabilityGrade] != 0 {
		t.Errorf("contract: %v, want no readability findings", got)
	}
}
