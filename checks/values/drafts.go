package values

import (
	"sort"

	"github.com/evalopt/evalopt/checks/internal/text"
)

// docDrafts answers inDraft's question from the verdicts the document's
// shared analysis holds on its quotations (text.AnalysisOf: in a suite
// the quotation check has them read already), so that a quotation the
// analysis found not drafted skips text.IntroducesDraft, whose marker
// expressions cost a tenth of the check on a memo quoting the contract
// at every finding.
type docDrafts struct {
	a interface {
		QuotesOutsideCode() []text.Span
		DraftedQuotes() []bool
	}
	quotes  []text.Span
	drafted []bool
	read    bool
	// The last quotation judged (its start) and inDraft's verdict on it:
	// the values of one quotation ask in turn.
	lastAt      int
	lastVerdict bool
}

// isDraft reports whether the quotation of text starting at start is
// drafted text in doc: mayBeDraft, then text.IntroducesDraft; the last answer
// is kept.
func (dd *docDrafts) isDraft(doc string, start int) bool {
	if dd.lastAt != start+1 {
		dd.lastAt = start + 1 // 0: none judged yet
		dd.lastVerdict = dd.mayBeDraft(start) && text.IntroducesDraft(doc, start) == text.IsDraft
	}
	return dd.lastVerdict
}

// mayBeDraft reports false when a quotation starting at start is one the
// analysis read and found not drafted: the analysis's verdict is true
// whenever text.IntroducesDraft at its start says text.IsDraft
// (FuzzDraftVerdicts), so then IntroducesDraft cannot say IsDraft. A
// quotation the analysis does not hold (the check reads quotations line
// by line) may be drafted.
func (dd *docDrafts) mayBeDraft(start int) bool {
	if !dd.read {
		dd.read = true
		dd.quotes, dd.drafted = dd.a.QuotesOutsideCode(), dd.a.DraftedQuotes()
	}
	k := sort.Search(len(dd.quotes), func(k int) bool { return dd.quotes[k].Start >= start })
	for ; k < len(dd.quotes) && dd.quotes[k].Start == start; k++ {
		if !dd.drafted[k] {
			return false
		}
	}
	return true
}
