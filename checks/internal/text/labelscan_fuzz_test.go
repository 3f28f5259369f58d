package text

import (
	"reflect"
	"regexp"
	"strings"
	"testing"
)

// negativeHeadingRe is the expression negativeHeading stands for.
var negativeHeadingRe = regexp.MustCompile(`(?i)^(?:\W*)(?:not|no|non|none)\b|\bnot[ \t]+(?:a|an|vulnerable|exploitable|issues?|findings?|an[ \t]+issue)\b|\b(?:what[ \t]+held|that[ \t]+(?:failed|held|worked)|out[ \t]+of[ \t]+scope)\b`)

// FuzzLabelScans checks negativeHeading, inlineFixLabels, mayOpenFixLabel
// and the item kinds' label words against the expressions they stand for.
func FuzzLabelScans(f *testing.F) {
	for _, s := range []string{
		"No issues found", "**Not vulnerable**", "What held up", "Items out of  scope", "Those that worked", "not an issue",
		"none", "Nonetheless", "... (2 of 10). Fix: show the full body. **Proposed:** text", "a) Suggested fix:\tx",
		"end.  __Remediation__: now", "x! Action: a. Proposal: b? Mitigation: c) Remedy: d. Fixes: e",
		"- **Recommendation:** do it", "Fix.", "*Fix:*", "Suggested fix: x", "short-term fix: y", "Counter-proposal: z",
		"Next steps: a", "ſuggested fix:", "Our recommended actions: go", "__Proposed amendment:__ a", "Risk: 4. Severity: RED.", "R3 – x", "Rec.5", "**Recommendation 2:**", "- F4", "__Issue #3",
		"_Next  steps:_", "Required mitigation.", "* **Fix**:",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := negativeHeading(s), negativeHeadingRe.MatchString(s); got != want {
			t.Fatalf("negativeHeading(%q) = %v, expression: %v", s, got, want)
		}
		for _, n := range []int{1, 4} {
			if got, want := inlineFixLabels(s, n), inlineFixLabelRe.FindAllStringSubmatchIndex(s, n); !reflect.DeepEqual(got, want) {
				t.Fatalf("inlineFixLabels(%q, %d) = %v, expression: %v", s, n, got, want)
			}
		}
		if fixLabelRe.MatchString(s) && !mayOpenFixLabel(s) {
			t.Fatalf("mayOpenFixLabel(%q) = false, but fixLabelRe matches", s)
		}
		for _, k := range []itemKind{RecommendationKind, FindingKind} {
			if k.label.MatchString(s) && !firstWordIn(s, k.labelWords) {
				t.Fatalf("firstWordIn(%q, %v) = false, but %s matches", s, k.labelWords, k.label)
			}
		}
	})
}

// TestInlineLabels pins inlineLabels to inlineFixLabelRe's alternation.
func TestInlineLabels(t *testing.T) {
	if alt := "(?:" + strings.Join(inlineLabels, "|") + ")"; !strings.Contains(inlineFixLabelRe.String(), alt) {
		t.Errorf("inlineFixLabelRe %s does not hold the labels %s", inlineFixLabelRe, alt)
	}
}
