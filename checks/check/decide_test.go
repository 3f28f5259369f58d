package check

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/evalopt/evalopt/evaluator"
)

// manyFindings returns n findings of each rule, of severity sev, each
// quoting text.
func manyFindings(rules []string, n int, sev Severity, text string) []Finding {
	var fs []Finding
	for i := range n {
		for _, r := range rules {
			fs = append(fs, Finding{Rule: r, Severity: sev, Message: "something is wrong here " + text,
				Location: Location{Start: i, End: i + 1, Line: i + 1, Column: 1, Text: text}})
		}
	}
	return fs
}

func decisionJSON(t *testing.T, d evaluator.EvaluationDecision) int {
	t.Helper()
	b, err := json.Marshal(d)
	if err != nil {
		t.Fatal(err)
	}
	if err := d.Validate(); err != nil {
		t.Fatalf("invalid decision: %v", err)
	}
	return len(b)
}

// countRule counts the failed criteria named rule and the entries that
// start with "rule: ".
func countRule(d evaluator.EvaluationDecision, rule string) (criteria, entries int) {
	for _, c := range d.Criteria {
		if c.Name == rule && !c.Passed {
			criteria++
		}
	}
	for _, e := range append(append([]string(nil), d.BlockingFailures...), d.RevisionInstructions...) {
		if strings.HasPrefix(e, rule+": ") {
			entries++
		}
	}
	return criteria, entries
}

func TestDecideCapsFindingsPerRule(t *testing.T) {
	s, err := NewSuite([]Check{ruleCheck("a.one"), ruleCheck("b.two")})
	if err != nil {
		t.Fatal(err)
	}
	fs := append(manyFindings([]string{"a.one"}, 1000, SeverityBlock, "x"), manyFindings([]string{"b.two"}, 50, SeverityWarn, "y")...)
	d := s.Decide(fs)
	if d.Status != evaluator.StatusBlock || d.StopReason != evaluator.StopPolicyBlock {
		t.Errorf("status %s, stop %s: want block, policy block", d.Status, d.StopReason)
	}
	if want := Score(fs); d.Score != want {
		t.Errorf("score %v, want %v (every finding counts)", d.Score, want)
	}
	if c, e := countRule(d, "a.one"); c != maxFindingsPerRule+1 || e != maxFindingsPerRule+1 {
		t.Errorf("a.one: %d criteria, %d entries; want %d each (50 and one more)", c, e, maxFindingsPerRule+1)
	}
	if last := d.BlockingFailures[len(d.BlockingFailures)-1]; last != "a.one: and 950 more findings" {
		t.Errorf("last blocking failure %q", last)
	}
	if c, e := countRule(d, "b.two"); c != 50 || e != 50 {
		t.Errorf("b.two: %d criteria, %d entries; want 50 each, no summary", c, e)
	}
}

func TestDecideUnderLimitIsUnchanged(t *testing.T) {
	s, err := NewSuite([]Check{ruleCheck("a.one")})
	if err != nil {
		t.Fatal(err)
	}
	fs := manyFindings([]string{"a.one"}, 3, SeverityWarn, "x")
	d := s.Decide(fs)
	if len(d.RevisionInstructions) != 3 || len(d.Criteria) != 3 {
		t.Fatalf("got %d instructions, %d criteria; want 3 and 3", len(d.RevisionInstructions), len(d.Criteria))
	}
	if want := "a.one: " + fs[0].Describe(); d.RevisionInstructions[0] != want {
		t.Errorf("entry %q, want %q", d.RevisionInstructions[0], want)
	}
}

// TestDecideBoundsJSON gives Decide inputs built to grow the decision:
// many rules, long messages, text that JSON escapes, warn and info.
func TestDecideBoundsJSON(t *testing.T) {
	var rules []string
	for i := range 80 {
		rules = append(rules, fmt.Sprintf("requirement.%s%d", strings.Repeat("<", 150), i))
	}
	s, err := NewSuite([]Check{ruleCheck("a.one")})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		fs   []Finding
	}{
		{"long messages", manyFindings(rules[:40], 60, SeverityBlock, strings.Repeat("\x01<", 3000))},
		{"many rules", manyFindings(rules, 60, SeverityWarn, `"quoted"`)},
		{"info only", manyFindings(rules, 60, SeverityInfo, "z")},
	} {
		d := s.Decide(tc.fs)
		if n := decisionJSON(t, d); n > maxDecisionBytes {
			t.Errorf("%s: decision is %d bytes of JSON, want at most %d", tc.name, n, maxDecisionBytes)
		}
		if d.Status != statusOf(tc.fs[0].Severity) {
			t.Errorf("%s: status %s", tc.name, d.Status)
		}
	}
}

func TestJSONLenBoundsEncoding(t *testing.T) {
	for _, s := range []string{"", "plain", `"\`, "<>&", "\x00\x1f\n\t", "\u2028\u2029", "é€😀", "\xff\xfe", "a\xc3"} {
		b, _ := json.Marshal(s)
		if got := jsonLen(s); got < len(b) {
			t.Errorf("jsonLen(%q) = %d, encoding is %d bytes", s, got, len(b))
		}
	}
}

// ruleCheck is a check reporting nothing under one rule id.
type ruleCheck string

func (r ruleCheck) Rule() string             { return string(r) }
func (r ruleCheck) Check(Document) []Finding { return nil }
