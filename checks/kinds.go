package checks

import "github.com/evalopt/evalopt/evaluator"

// Kind sets the default suite uses to decide which checks fit a
// deliverable. Generic text (the empty kind) is in none of them: it gets
// only the checks that are right for any text.
var (
	// reviewKinds are deliverables that analyse a source and recommend:
	// their findings and recommendations are analysed whatever their
	// heading numbers.
	reviewKinds = []evaluator.Kind{evaluator.KindReviewMemo, evaluator.KindRedline, evaluator.KindRedTeamReport}
	// sourceKinds are deliverables that quote and cite a source document.
	sourceKinds = []evaluator.Kind{evaluator.KindReviewMemo, evaluator.KindRedline, evaluator.KindRedTeamReport, evaluator.KindContract}
	// readerKinds are read by consumers: readability limits apply.
	readerKinds = []evaluator.Kind{evaluator.KindPlainLanguage, evaluator.KindCustomerReply}
	// contractKinds are contracts: completeness and defined terms apply.
	contractKinds = []evaluator.Kind{evaluator.KindContract}
)

// OnlyFor returns c restricted to documents of the given kinds: on a
// Document whose Kind is not among them, Check returns nil. Include the
// empty kind ("") to run c on generic text too. The returned check keeps
// c's rule id and, when c is a RuleLister, its rule list.
func OnlyFor(c Check, kinds ...evaluator.Kind) Check {
	k := &kindCheck{c: c, kinds: make(map[evaluator.Kind]bool, len(kinds))}
	for _, kind := range kinds {
		k.kinds[kind] = true
	}
	return k
}

type kindCheck struct {
	c     Check
	kinds map[evaluator.Kind]bool
}

func (k *kindCheck) Rule() string { return k.c.Rule() }

func (k *kindCheck) Rules() []string {
	if rl, ok := k.c.(RuleLister); ok {
		return rl.Rules()
	}
	return []string{k.c.Rule()}
}

func (k *kindCheck) Check(doc Document) []Finding {
	if !k.kinds[doc.Kind] {
		return nil
	}
	return k.c.Check(doc)
}

// isReview reports whether kind is a review deliverable (memo, redline,
// red-team report), whose numbered headings are its own sections, not
// contract clauses.
func isReview(kind evaluator.Kind) bool {
	for _, k := range reviewKinds {
		if k == kind {
			return true
		}
	}
	return false
}
