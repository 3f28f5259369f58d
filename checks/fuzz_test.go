package checks

import (
	"context"
	"strings"
	"testing"
	"unicode/utf8"
)

// checkFindings asserts the invariants every finding on text must hold:
// offsets inside the text, Text equal to the slice it locates, line and
// column equal to a naive count, and a known rule, severity and message.
func checkFindings(t *testing.T, text string, fs []Finding) {
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

func FuzzExtractDefinitions(f *testing.F) {
	f.Add(`Acme ("Supplier") and "Fees" means money; (each a "Party" and together the "Parties").`)
	f.Fuzz(func(t *testing.T, text string) {
		for _, d := range ExtractDefinitions(text) {
			if d.Start < 0 || d.End > len(text) || d.Start >= d.End {
				t.Fatalf("definition %q at [%d,%d) outside text of %d bytes", d.Term, d.Start, d.End, len(text))
			}
			if !strings.Contains(text[d.Start:d.End], d.Term) {
				t.Fatalf("definition span %q does not hold term %q", text[d.Start:d.End], d.Term)
			}
		}
		checkFindings(t, text, mustCheck(NewDefinitionCheck(DefinitionConfig{})).Check(Document{Text: text}))
	})
}

func FuzzXrefCheck(f *testing.F) {
	f.Add("## 1. A\n\n1.1 X. See Section 1.2(a) and Exhibit B.\n\n(a) one\n\n# Exhibit A\n\n## 1. Scope\n")
	f.Fuzz(func(t *testing.T, text string) {
		checkFindings(t, text, NewXrefCheck().Check(Document{Text: text}))
	})
}

func FuzzPlaceholderCheck(f *testing.F) {
	f.Add("Dated [DATE] by [insert name], fee $X,XXX, TBD, ____, {{v}}, <<f>>, «g», lorem ipsum, [and its affiliates].")
	f.Add("before DD/MM/YYYY, lines XX-XX, {{7*7}}, {{ a.b() }}, {{ name | upper }}, in the format dd/mm/yy")
	f.Fuzz(func(t *testing.T, text string) {
		checkFindings(t, text, mustCheck(NewPlaceholderCheck(PlaceholderConfig{})).Check(Document{Text: text}))
	})
}

func FuzzConsistencyCheck(f *testing.F) {
	f.Add(`ten (15) days; March 1, 2025 and 1 March 2025; $5 ("Cap"). The Cap is $6. 03/01/2025`)
	f.Fuzz(func(t *testing.T, text string) {
		checkFindings(t, text, NewConsistencyCheck().Check(Document{Text: text}))
	})
}

func FuzzSuite(f *testing.F) {
	f.Add("## Recommendations\n\n- Risk: 4. Consider it. RED: tighten.\n\n## Findings\n\n- It appears to be low.\n")
	s, err := NewSuite(DefaultChecks(), WithRubric("the answer quotes each clause it relies on verbatim and in full"))
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, text string) {
		fs, err := s.Run(context.Background(), Document{Text: text})
		if err != nil {
			t.Fatal(err)
		}
		checkFindings(t, text, fs)
		if err := s.Decide(fs).Validate(); err != nil {
			t.Fatal(err)
		}
	})
}
