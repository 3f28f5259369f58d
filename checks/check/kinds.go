package check

import (
	"github.com/evalopt/evalopt/evaluator"
)

// Kind sets the default suite uses to decide which checks fit a
// deliverable. Generic text (the empty kind) is in none of them: it gets
// only the checks that are right for any text.
var (
	// reviewKinds are deliverables that analyse a source and recommend:
	// their findings and recommendations are analysed whatever their
	// heading numbers.
	ReviewKinds = []evaluator.Kind{evaluator.KindReviewMemo, evaluator.KindRedline, evaluator.KindRedTeamReport}
	// sourceKinds are deliverables that quote and cite a source document.
	SourceKinds = []evaluator.Kind{evaluator.KindReviewMemo, evaluator.KindRedline, evaluator.KindRedTeamReport, evaluator.KindContract}
	// readerKinds are read by consumers: readability limits apply.
	ReaderKinds = []evaluator.Kind{evaluator.KindPlainLanguage, evaluator.KindCustomerReply}
	// contractKinds are contracts: completeness and defined terms apply.
	ContractKinds = []evaluator.Kind{evaluator.KindContract}
)

// OnlyFor returns c restricted to documents of the given kinds: on a
// Document whose Kind is not among them, Check returns nil. Include the
// empty kind ("") to run c on generic text too. The returned check keeps
// c's rule id and, when c is a RuleLister, its rule list.
func OnlyFor(c Check, kinds ...evaluator.Kind) Check {
	k := &KindCheck{C: c, Kinds: make(map[evaluator.Kind]bool, len(kinds))}
	for _, kind := range kinds {
		k.Kinds[kind] = true
	}
	return k
}

type KindCheck struct {
	C     Check
	Kinds map[evaluator.Kind]bool
}

func (k *KindCheck) Rule() string { return k.C.Rule() }

func (k *KindCheck) Rules() []string {
	if rl, ok := k.C.(RuleLister); ok {
		return rl.Rules()
	}
	return []string{k.C.Rule()}
}

func (k *KindCheck) Check(doc Document) []Finding {
	if !k.Kinds[doc.Kind] {
		return nil
	}
	return k.C.Check(doc)
}

// isReview reports whether kind is a review deliverable (memo, redline,
// red-team report), whose numbered headings are its own sections, not
// contract clauses.
func IsReview(kind evaluator.Kind) bool {
	for _, k := range ReviewKinds {
		if k == kind {
			return true
		}
	}
	return false
}
