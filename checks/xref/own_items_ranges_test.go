package xref

import (
	"strings"
	"testing"

	"github.com/evalopt/evalopt/checks/check"
	"github.com/evalopt/evalopt/evaluator"
)

// Items numbered "(1)", "(2)" under a plain-text heading that names their
// family ("Amendments") are labels; "amendments (1) to (5)" must stay
// within them.
func TestSelfRefParenthesisedItems(t *testing.T) {
	doc := "Proposed changes\n\nAmendments\n\n(1) Clause 4 is amended.\n\n(2) Clause 5 is deleted.\n\n(3) A new clause 6 is added.\n\nExplanation\n\nThe changes follow the incident.\n\nDecision\n\nThe board approves amendments (1) to (3) today.\n"
	for _, kind := range []evaluator.Kind{evaluator.KindRedline, evaluator.KindReviewMemo} {
		if got := selfRefTexts(kind, doc, ""); len(got) != 0 {
			t.Errorf("%s: clean flagged %q", kind, got)
		}
		for _, bad := range []string{"amendments (1) to (4)", "amendment (5)", "amendments (1), (2) and (7)"} {
			text := strings.Replace(doc, "amendments (1) to (3)", bad, 1)
			if got := NewSelfReferenceCheck().Check(check.Document{Text: text, Kind: kind}); len(got) != 1 {
				t.Errorf("%s %q: want one finding, got %v", kind, bad, got)
			}
		}
	}
	// A family heading ends at the next short title: a later numbered list
	// under "Timeline" is not amendments.
	later := doc + "\nTimeline\n\n(1) Sign.\n\n(2) File.\n\n(3) Notify.\n\n(4) Publish.\n"
	if got := selfRefTexts(evaluator.KindReviewMemo, strings.Replace(later, "amendments (1) to (3)", "amendments (1) to (4)", 1), ""); len(got) != 1 {
		t.Errorf("family ran past its section: got %q", got)
	}
}

// A bare range that is the subject of a verb, later in the sentence of an
// item reference, names the same items.
func TestSelfRefElidedRange(t *testing.T) {
	doc := "Recommendations\n\n1. Cut the term.\n\n2. Cap liability.\n\n3. Add notice.\n\n4. Narrow the licence.\n\nNext steps\n\nIf they accept recommendations 1 and 2, you can sign even if 3 to 4 are refused.\n"
	if got := selfRefTexts(evaluator.KindReviewMemo, doc, ""); len(got) != 0 {
		t.Errorf("clean flagged %q", got)
	}
	for _, bad := range []string{"even if 3 to 6 are refused", "but 3 and 5 were refused", "unless 2 through 7 fail"} {
		text := strings.Replace(doc, "even if 3 to 4 are refused", bad, 1)
		if got := selfRefTexts(evaluator.KindReviewMemo, text, ""); len(got) != 1 {
			t.Errorf("%q: want one finding, got %q", bad, got)
		}
	}
	// Quantities and counts are not items.
	for _, trap := range []string{
		"even if 3 to 6 days are lost",
		"and 12 to 15 staff are part-time",
		"while 30 to 40 are expected to attend",
	} {
		text := strings.Replace(doc, "even if 3 to 4 are refused", trap, 1)
		if got := selfRefTexts(evaluator.KindReviewMemo, text, ""); len(got) != 0 {
			t.Errorf("%q: flagged %q", trap, got)
		}
	}
}
