package checktest

import (
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/evalopt/evalopt/checks/check"
)

// Want is one expected finding: a rule (or family prefix ending in ".") and
// the byte span of the plain text it must overlap.
type Want struct {
	Rule       string
	Start, End int
}

// Parse removes the annotations from annotated and returns the plain text
// and the findings it expects, in order. An unclosed bracket, a missing or
// empty {rule} or a nested bracket is an error naming its byte offset.
func Parse(annotated string) (string, []Want, error) {
	var b strings.Builder
	var wants []Want
	open := -1
	for i := 0; i < len(annotated); {
		r, size := utf8.DecodeRuneInString(annotated[i:])
		switch r {
		case '⟦':
			if open >= 0 {
				return "", nil, fmt.Errorf("checktest: offset %d: nested ⟦", i)
			}
			open = b.Len()
			i += size
			continue
		case '⟧':
			if open < 0 {
				return "", nil, fmt.Errorf("checktest: offset %d: ⟧ without ⟦", i)
			}
			rest := annotated[i+size:]
			end := strings.IndexByte(rest, '}')
			if !strings.HasPrefix(rest, "{") || end <= 1 {
				return "", nil, fmt.Errorf("checktest: offset %d: ⟧ must be followed by {rule}", i)
			}
			wants = append(wants, Want{Rule: rest[1:end], Start: open, End: b.Len()})
			open = -1
			i += size + end + 1
			continue
		}
		b.WriteString(annotated[i : i+size])
		i += size
	}
	if open >= 0 {
		return "", nil, fmt.Errorf("checktest: unclosed ⟦ at plain offset %d", open)
	}
	return b.String(), wants, nil
}

// Run runs c on doc with doc.Text replaced by the plain text of annotated,
// checks every finding's location (Valid), and reports as test errors each
// expected finding that no finding of its rule overlaps and each warn or
// block finding that overlaps no expected span. It returns the findings.
func Run(t testing.TB, c check.Check, doc check.Document, annotated string) []check.Finding {
	t.Helper()
	text, wants, err := Parse(annotated)
	if err != nil {
		t.Fatal(err)
		return nil
	}
	doc.Text = text
	fs := c.Check(doc)
	Valid(t, text, fs)
	for _, w := range wants {
		if !covered(fs, w) {
			t.Errorf("want %s at %q (bytes %d-%d), got %v", w.Rule, text[w.Start:w.End], w.Start, w.End, Rules(fs))
		}
	}
	for _, f := range fs {
		if f.Severity == check.SeverityInfo || expected(f, wants) {
			continue
		}
		t.Errorf("unexpected %s %s", f.Severity, f.Criterion().Reason)
	}
	return fs
}

func matches(rule, want string) bool {
	return rule == want || strings.HasSuffix(want, ".") && strings.HasPrefix(rule, want)
}

func overlaps(f check.Finding, w Want) bool {
	l := f.Location
	return l.Start < w.End && w.Start < l.End || l.Start == l.End && w.Start <= l.Start && l.Start <= w.End
}

func covered(fs []check.Finding, w Want) bool {
	for _, f := range fs {
		if matches(f.Rule, w.Rule) && overlaps(f, w) {
			return true
		}
	}
	return false
}

func expected(f check.Finding, wants []Want) bool {
	for _, w := range wants {
		if matches(f.Rule, w.Rule) && overlaps(f, w) {
			return true
		}
	}
	return false
}

// Valid fails the test unless every finding's location is consistent with
// text: offsets inside it, Location.Text the text at those offsets, and the
// line and column (runes) of its start.
func Valid(t testing.TB, text string, fs []check.Finding) {
	t.Helper()
	for _, f := range fs {
		l := f.Location
		if l.Start < 0 || l.End < l.Start || l.End > len(text) {
			t.Fatalf("%s: offsets [%d,%d) outside text of %d bytes", f.Rule, l.Start, l.End, len(text))
		}
		if l.Text != text[l.Start:l.End] {
			t.Fatalf("%s: Text %q != text[%d:%d] %q", f.Rule, l.Text, l.Start, l.End, text[l.Start:l.End])
		}
		line := strings.Count(text[:l.Start], "\n") + 1
		ls := strings.LastIndexByte(text[:l.Start], '\n') + 1
		col := utf8.RuneCountInString(text[ls:l.Start]) + 1
		if l.Line != line || l.Column != col {
			t.Fatalf("%s: at %d:%d, want %d:%d", f.Rule, l.Line, l.Column, line, col)
		}
		if f.Rule == "" || !f.Severity.Valid() || f.Message == "" {
			t.Fatalf("incomplete finding %+v", f)
		}
	}
}

// Rules returns "rule=text" for each finding, in order: a compact form to
// compare a check's findings with a table's expectation.
func Rules(fs []check.Finding) []string {
	var out []string
	for _, f := range fs {
		out = append(out, f.Rule+"="+f.Location.Text)
	}
	return out
}

// Must returns c, and panics when err is not nil: for tests that build a
// check from a literal configuration (Must(values.New(values.Config{}))).
func Must(c check.Check, err error) check.Check {
	if err != nil {
		panic(err)
	}
	return c
}
