package text

import (
	"strings"
	"testing"
)

func TestLineHeading(t *testing.T) {
	tests := []struct {
		line     string
		form     HeadingForm
		level    int
		title    string
		capitals bool
	}{
		{"## Fees", AtxHeading, 2, "Fees", false},
		{"**Summary**", BoldHeading, BelowMarkdown, "Summary", false},
		{"**Fees**:", BoldHeading, BelowMarkdown, "Fees", false},
		{"__Fees__", BoldHeading, BelowMarkdown, "Fees", false},
		{"**EXECUTION**", BoldHeading, BelowMarkdown, "EXECUTION", true},
		{"3. Next steps", NumberedHeading, BelowMarkdown, "Next steps", false},
		{"Summary:", LabelHeading, BelowMarkdown, "Summary", false},
		{"SIGNATURES:", LabelHeading, BelowMarkdown, "SIGNATURES", true},
		{"RECOMMENDATIONS", CapitalsHeading, BelowMarkdown, "RECOMMENDATIONS", true},
		{"【Proposed Countermeasures】", BracketHeading, BelowMarkdown, "Proposed Countermeasures", false},
		{"〔Summary〕", BracketHeading, BelowMarkdown, "Summary", false},
		{"【Note. The fee is due.】", NotHeading, BelowMarkdown, "", false},
		{"■ Findings", SymbolHeading, BelowMarkdown, "Findings", false},
		{"🔍 What we found", SymbolHeading, BelowMarkdown, "What we found", false},
		{"■ The portal leaks tokens to any caller.", NotHeading, BelowMarkdown, "", false},
		{"• Scope", NotHeading, BelowMarkdown, "", false},
		{"<summary><strong>F-01 · Token leak · High</strong></summary>", HTMLHeading, BelowMarkdown, "F-01 · Token leak · High", false},
		{"<h2>Findings</h2>", HTMLHeading, 2, "Findings", false},
		{"<strong>Note</strong> the fee is due.", NotHeading, BelowMarkdown, "", false},
		{"The fee is due.", NotHeading, BelowMarkdown, "", false},
		{"**a** and **b**", NotHeading, BelowMarkdown, "", false},
		{"", NotHeading, 0, "", false},
	}
	for _, tt := range tests {
		h, ok := LineHeading(tt.line)
		if ok != (tt.form != NotHeading) || h.Form != tt.form || h.Level != tt.level || h.Title != tt.title || h.Capitals != tt.capitals {
			t.Errorf("LineHeading(%q) = %+v, %v; want form %d level %d title %q capitals %v",
				tt.line, h, ok, tt.form, tt.level, tt.title, tt.capitals)
		}
	}
}

// FuzzLineHeading checks that a heading's title is a part of its line and
// that SectionHeadings reads the same titles line by line.
func FuzzLineHeading(f *testing.F) {
	for _, s := range []string{"## Fees", "**Summary**:", "__x__", "3. Next steps", "Summary:", "RECOMMENDATIONS", "**a** b", "#\t", "\xff**\xfe**", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		if want := len(line) < 60 && strings.ToUpper(line) == line && strings.ToLower(line) != line; capitalsTitle(line) != want {
			t.Fatalf("capitalsTitle(%q) = %v, want %v", line, !want, want)
		}
		h, ok := LineHeading(line)
		if ok != (h.Form != NotHeading) {
			t.Fatalf("LineHeading(%q): ok %v with form %d", line, ok, h.Form)
		}
		if ok && !strings.Contains(line, h.Title) {
			t.Fatalf("LineHeading(%q): title %q is not in the line", line, h.Title)
		}
		if ok && (h.Level < 1 || h.Level > BelowMarkdown) {
			t.Fatalf("LineHeading(%q): level %d", line, h.Level)
		}
		if !strings.Contains(line, "\n") && len(strings.TrimSpace(line)) <= 100 {
			hs := SectionHeadings(line)
			if ok != (len(hs) == 1) || ok && hs[0] != h.Title {
				t.Fatalf("SectionHeadings(%q) = %q, LineHeading %+v", line, hs, h)
			}
		}
	})
}

func TestCapitalsTitleMatchesCaseMapping(t *testing.T) {
	for _, s := range []string{"SIGNATURES", "Signatures", "123", "", "ÉTÉ", "été", "A\xffB", "SCHEDULE 1 – FEES", "ǅ", "İSTANBUL", "ß"} {
		want := len(s) < 60 && strings.ToUpper(s) == s && strings.ToLower(s) != s
		if got := capitalsTitle(s); got != want {
			t.Errorf("capitalsTitle(%q) = %v, want %v", s, got, want)
		}
	}
}
