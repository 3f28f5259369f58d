package values

import (
	"strings"
	"testing"

	"github.com/evalopt/evalopt/checks/check"
	"github.com/evalopt/evalopt/evaluator"
)

// conflictsIn runs the values check and returns its value-conflict findings.
func conflictsIn(doc check.Document) []check.Finding {
	var out []check.Finding
	for _, f := range NewValuesCheck().Check(doc) {
		if f.Rule == RuleValueMismatch {
			out = append(out, f)
		}
	}
	return out
}

// A suspected conflict (shared subject words only) informs; the evidence
// decides what it says beside it.
func TestValueConflictSecondSignal(t *testing.T) {
	memo := "## Summary\n\nThe supplier must give 30 days' notice of a price change.\n\n" +
		"## Findings\n\nClause 4 lets the supplier raise prices on 14 days' notice of a price change, which is short.\n"
	cases := []struct {
		name     string
		evidence string
		sev      check.Severity
		says     string
	}{
		{"no evidence: a suspicion", "", check.SeverityInfo, "only the shared words tie them"},
		{"the source states one of them", "4. The Supplier may change prices on 14 days' notice of a price change.", check.SeverityInfo, "the evidence states 14 days"},
		{"the source states both, of their own subjects", "4. Prices may change on 14 days' notice of a price change. 9. Either party may end on 30 days' notice of a price change.", check.SeverityInfo, "the evidence states both"},
	}
	for _, tt := range cases {
		t.Run(tt.name, func(t *testing.T) {
			doc := check.Document{Text: memo, Kind: evaluator.KindReviewMemo, SourceText: tt.evidence}
			fs := conflictsIn(doc)
			if len(fs) != 1 {
				t.Fatalf("got %d findings, want 1: %+v", len(fs), fs)
			}
			if fs[0].Severity != tt.sev || !strings.Contains(fs[0].Message, tt.says) {
				t.Errorf("got %s %q, want %s saying %q", fs[0].Severity, fs[0].Message, tt.sev, tt.says)
			}
		})
	}
}

// A value written as a restatement ("the same") of one it contradicts is
// a second signal: the finding warns.
func TestValueConflictMarkedWarns(t *testing.T) {
	text := "Refunds are paid within 14 days of the return.\n\nWe will pay your refund within the same 20 days of the return.\n"
	fs := conflictsIn(check.Document{Text: text, Kind: evaluator.KindCustomerReply})
	if len(fs) != 1 || fs[0].Severity != check.SeverityWarn {
		t.Fatalf("got %+v, want one warn finding", fs)
	}
}
