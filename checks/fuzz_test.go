package checks

import (
	"context"
	"strings"
	"testing"

	"github.com/evalopt/evalopt/checks/checktest"

	"github.com/evalopt/evalopt/checks/check"
	doctext "github.com/evalopt/evalopt/checks/internal/text"
	"github.com/evalopt/evalopt/checks/placeholder"
	"github.com/evalopt/evalopt/checks/terms"
	"github.com/evalopt/evalopt/checks/values"
	"github.com/evalopt/evalopt/checks/xref"
)

func FuzzExtractDefinitions(f *testing.F) {
	f.Add(`Acme ("Supplier") and "Fees" means money; (each a "Party" and together the "Parties").`)
	f.Fuzz(func(t *testing.T, text string) {
		for _, d := range doctext.ExtractDefinitions(text) {
			if d.Start < 0 || d.End > len(text) || d.Start >= d.End {
				t.Fatalf("definition %q at [%d,%d) outside text of %d bytes", d.Term, d.Start, d.End, len(text))
			}
			if !strings.Contains(text[d.Start:d.End], d.Term) {
				t.Fatalf("definition span %q does not hold term %q", text[d.Start:d.End], d.Term)
			}
		}
		checktest.Valid(t, text, mustCheck(terms.NewDefinitionCheck(terms.DefinitionConfig{})).Check(check.Document{Text: text}))
	})
}

func FuzzXrefCheck(f *testing.F) {
	f.Add("## 1. A\n\n1.1 X. See Section 1.2(a) and Exhibit B.\n\n(a) one\n\n# Exhibit A\n\n## 1. Scope\n")
	f.Fuzz(func(t *testing.T, text string) {
		checktest.Valid(t, text, xref.NewXrefCheck().Check(check.Document{Text: text}))
	})
}

func FuzzPlaceholderCheck(f *testing.F) {
	f.Add("Dated [DATE] by [insert name], fee $X,XXX, TBD, ____, {{v}}, <<f>>, «g», lorem ipsum, [and its affiliates].")
	f.Add("before DD/MM/YYYY, lines XX-XX, {{7*7}}, {{ a.b() }}, {{ name | upper }}, in the format dd/mm/yy")
	f.Fuzz(func(t *testing.T, text string) {
		checktest.Valid(t, text, mustCheck(placeholder.NewPlaceholderCheck(placeholder.PlaceholderConfig{})).Check(check.Document{Text: text}))
	})
}

func FuzzConsistencyCheck(f *testing.F) {
	f.Add(`ten (15) days; March 1, 2025 and 1 March 2025; $5 ("Cap"). The Cap is $6. 03/01/2025`)
	f.Fuzz(func(t *testing.T, text string) {
		checktest.Valid(t, text, values.NewConsistencyCheck().Check(check.Document{Text: text}))
	})
}

func FuzzSuite(f *testing.F) {
	f.Add("## Recommendations\n\n- Risk: 4. Consider it. RED: tighten.\n\n## Findings\n\n- It appears to be low.\n")
	s, err := check.NewSuite(DefaultChecks(), check.WithRubric("the answer quotes each clause it relies on verbatim and in full"))
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, text string) {
		fs, err := s.Run(context.Background(), check.Document{Text: text})
		if err != nil {
			t.Fatal(err)
		}
		checktest.Valid(t, text, fs)
		if err := s.Decide(fs).Validate(); err != nil {
			t.Fatal(err)
		}
	})
}
