package text

import "github.com/evalopt/evalopt/evaluator"

// Kind sets the default suite uses to decide which checks fit a
// deliverable. Generic text (the empty kind) is in none of them: it gets
// only the checks that are right for any text.
var (
	// ReviewKinds are deliverables that analyse a source and recommend:
	// their findings and recommendations are analysed whatever their
	// heading numbers.
	ReviewKinds = []evaluator.Kind{evaluator.KindReviewMemo, evaluator.KindRedline, evaluator.KindRedTeamReport}
	// SourceKinds are deliverables that quote and cite a source document.
	SourceKinds = []evaluator.Kind{evaluator.KindReviewMemo, evaluator.KindRedline, evaluator.KindRedTeamReport, evaluator.KindContract}
	// ReaderKinds are read by consumers: readability limits apply.
	ReaderKinds = []evaluator.Kind{evaluator.KindPlainLanguage, evaluator.KindCustomerReply}
	// ContractKinds are contracts: completeness and defined terms apply.
	ContractKinds = []evaluator.Kind{evaluator.KindContract}
)

// IsReview reports whether kind is a review deliverable (memo, redline,
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
