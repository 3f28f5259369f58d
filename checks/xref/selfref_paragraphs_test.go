package xref

import (
	"strings"
	"testing"

	"github.com/evalopt/evalopt/checks/check"
	"github.com/evalopt/evalopt/evaluator"
)

func selfRefTexts(kind evaluator.Kind, text, source string) []string {
	var out []string
	for _, f := range NewSelfReferenceCheck().Check(check.Document{Text: text, Kind: kind, SourceText: source}) {
		if f.Rule == RuleSelfReference {
			out = append(out, f.Location.Text)
		}
	}
	return out
}

const paraSource = "1. TERM\n\n1.1 The term is one year.\n\n2. FEES\n\n2.1 Fees are due in 30 days.\n\n2.2 Fees may rise.\n\n2.3 Late fees accrue.\n"

const paraMemo = "1. Summary\n\n1.1 The deal is fine.\n\n1.2 Two points matter (see 2.2).\n\n2. Changes\n\n2.1 In Section 2.1, use 45 days.\n\n2.2 Delete Section 2.2.\n\n3. Next steps\n\nIf you accept paragraphs 2.1 to 2.2, we send the markup.\n"

// A review that numbers its own paragraphs: "paragraphs 2.1 to 2.2" and
// "(see 2.2)" are its own and must exist, each end of a range.
func TestSelfRefOwnParagraphs(t *testing.T) {
	for _, kind := range []evaluator.Kind{evaluator.KindReviewMemo, evaluator.KindRedTeamReport} {
		if got := selfRefTexts(kind, paraMemo, paraSource); len(got) != 0 {
			t.Errorf("%s: clean memo flagged %q", kind, got)
		}
		rangeEnd := strings.Replace(paraMemo, "paragraphs 2.1 to 2.2", "paragraphs 2.1 to 2.6", 1)
		if got := selfRefTexts(kind, rangeEnd, paraSource); len(got) != 1 || !strings.Contains(got[0], "2.6") {
			t.Errorf("%s: range end 2.6: got %q", kind, got)
		}
		see := strings.Replace(paraMemo, "(see 2.2)", "(see 4.2)", 1)
		if got := selfRefTexts(kind, see, paraSource); len(got) != 1 || got[0] != "4.2" {
			t.Errorf("%s: see 4.2: got %q", kind, got)
		}
	}
}

// Traps: the source's own numbers after "see", a source that speaks of
// paragraphs, a schedule's single-level paragraph, another instrument,
// and a text with no numbered paragraphs of its own.
func TestSelfRefOwnParagraphTraps(t *testing.T) {
	traps := []struct{ name, text, source string }{
		{"see a source clause", strings.Replace(paraMemo, "(see 2.2)", "(see 2.3)", 1), paraSource},
		{"source uses paragraphs", strings.Replace(paraMemo, "2.1 to 2.2", "2.1 to 2.3", 1), "Paragraph 2.3 Late fees accrue.\n" + paraSource},
		{"schedule point", strings.Replace(paraMemo, "paragraphs 2.1 to 2.2", "paragraph 5 of Schedule 2", 1), paraSource},
		{"another instrument", strings.Replace(paraMemo, "(see 2.2)", "(see 7.2 of the Data Protection Act)", 1), paraSource},
		{"no own paragraphs", "Summary\n\nThe fee rises (see 7.2). Accept paragraphs 3.1 to 3.7 of the draft.\n", paraSource},
		{"a figure, not a reference", strings.Replace(paraMemo, "(see 2.2)", "(see 7.5% below the cap)", 1), paraSource},
	}
	for _, tt := range traps {
		if got := selfRefTexts(evaluator.KindReviewMemo, tt.text, tt.source); len(got) != 0 {
			t.Errorf("%s: flagged %q", tt.name, got)
		}
	}
}
