package evaluator

import (
	"fmt"
	"strings"

	"github.com/evalopt/evalopt/internal/strictjson"
)

// Kind says what sort of deliverable a task asks for. Deterministic checks
// read it to apply only what fits: a review memo is never asked for a
// signature block, and a contract is never asked for recommendations. The
// zero value (empty) means generic text, which gets only the rules that are
// right for any text.
type Kind string

// The deliverable kinds the library knows.
const (
	// KindReviewMemo is a memo reviewing a document (typically a contract):
	// a summary, findings and recommendations.
	KindReviewMemo Kind = "review_memo"
	// KindRedline is a marked-up revision of a source document, section by
	// section, with the proposed language.
	KindRedline Kind = "redline"
	// KindContract is a contract, or a contract transformed (consolidated,
	// translated, restructured) from a source.
	KindContract Kind = "contract"
	// KindRedTeamReport is a security or safety red-team report: findings
	// with severities, evidence and fixes.
	KindRedTeamReport Kind = "red_team_report"
	// KindPlainLanguage is consumer-facing text rewritten for a general
	// reader.
	KindPlainLanguage Kind = "plain_language"
	// KindCustomerReply is a reply to a customer on behalf of a business,
	// bound by the business's written policy.
	KindCustomerReply Kind = "customer_reply"
)

// Kinds returns every known kind, in a fixed order.
func Kinds() []Kind {
	return []Kind{KindReviewMemo, KindRedline, KindContract, KindRedTeamReport, KindPlainLanguage, KindCustomerReply}
}

// Known reports whether k is the empty (generic) kind or one of Kinds.
func (k Kind) Known() bool {
	if k == "" {
		return true
	}
	for _, known := range Kinds() {
		if k == known {
			return true
		}
	}
	return false
}

// validate returns an error naming the accepted values when k is unknown.
// The bad value is quoted with a bounded prefix so a hostile task cannot
// blow up the message.
func (k Kind) validate() error {
	if k.Known() {
		return nil
	}
	names := make([]string, 0, len(Kinds()))
	for _, known := range Kinds() {
		names = append(names, string(known))
	}
	return fmt.Errorf("unknown kind %s (want empty or one of %s)", strictjson.Quote(string(k)), strings.Join(names, ", "))
}
