package xref

import (
	"strings"
	"testing"

	"github.com/evalopt/evalopt/checks/check"
	"github.com/evalopt/evalopt/evaluator"
)

func paragraphOrderFindings(kind evaluator.Kind, text string) []string {
	var out []string
	for _, f := range NewListNumberingCheck().Check(check.Document{Text: text, Kind: kind}) {
		out = append(out, f.Location.Text)
	}
	return out
}

// A report's own paragraphs, numbered by the section they stand in, must
// run in order: a skip and a step back are both reported.
func TestOwnParagraphOrder(t *testing.T) {
	plain := "1. Summary\n\n1.1 One.\n\n1.2 Two.\n\n2. Steps\n\n2.1 First we looked.\n\n2.2 Then we went in.\n\n2.3 Then we left.\n"
	md := "## 1 Summary\n\n1.1 One.\n\n## 2 Steps\n\n2.1 First.\n\n2.2 Second.\n\n2.3 Third.\n"
	for name, doc := range map[string]string{"plain": plain, "markdown": md} {
		for _, kind := range []evaluator.Kind{evaluator.KindRedTeamReport, evaluator.KindReviewMemo} {
			if got := paragraphOrderFindings(kind, doc); len(got) != 0 {
				t.Errorf("%s %s: clean text flagged %q", name, kind, got)
			}
			skip := strings.Replace(doc, "2.2 ", "2.5 ", 1)
			if got := paragraphOrderFindings(kind, skip); !strings.Contains(strings.Join(got, "|"), "2.5") {
				t.Errorf("%s %s: skip 2.1 -> 2.5 not flagged: %q", name, kind, got)
			}
			back := strings.Replace(doc, "2.2 ", "2.4 ", 1)
			if got := paragraphOrderFindings(kind, back); !strings.Contains(strings.Join(got, "|"), "2.4") || !strings.Contains(strings.Join(got, "|"), "2.3") {
				t.Errorf("%s %s: 2.1, 2.4, 2.3 not flagged twice: %q", name, kind, got)
			}
		}
	}
}

// Numbers that are not the text's own run are left alone: a source's
// clauses cited under a section of another number, indented drafting, a
// run that does not open at 1, and a contract's clauses.
func TestOwnParagraphOrderTraps(t *testing.T) {
	traps := map[string]string{
		"source clauses under another section": "3. Proposed wording\n\n7.3 The Tenant shall repair.\n\n7.5 The Landlord shall insure.\n",
		"indented drafting":                    "2. Fixes\n\n2.1 Replace clause 9 with:\n\n    9.1 The cap is fees.\n    9.4 Except fraud.\n\n2.2 Add a notice period.\n",
		"run not from 1":                       "4. Clauses reviewed\n\n4.2 Term.\n\n4.7 Liability.\n",
	}
	for name, doc := range traps {
		if got := paragraphOrderFindings(evaluator.KindReviewMemo, doc); len(got) != 0 {
			t.Errorf("%s: flagged %q", name, got)
		}
	}
	if got := paragraphOrderFindings(evaluator.KindRedline, "2. Changes\n\n2.1 One.\n\n2.4 Four.\n"); len(got) != 0 {
		t.Errorf("redline: flagged %q", got)
	}
}
