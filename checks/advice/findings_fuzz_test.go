package advice

import (
	"regexp"
	"testing"
)

// sectionRefRe is the expression hasSectionRef stands for.
var sectionRefRe = regexp.MustCompile(`(?i)(?:\b(?:sections?|clauses?|articles?|paragraphs?|exhibits?|schedules?|annex(?:es)?|appendix|appendices)[ \t]+[0-9a-z]|§[ \t]*\d)`)

// FuzzSectionRef checks hasSectionRef against sectionRefRe.
func FuzzSectionRef(f *testing.F) {
	for _, s := range []string{
		"Section 11.2 caps liability", "see clauses\t4 and 5", "§7", "§ x", "Annexes B", "subsection 4", "Appendix ſ",
		"article\u212a", "SCHEDULES 2", "paragraph_3", "the exhibit: A", "Sections  iv",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := hasSectionRef(s), sectionRefRe.MatchString(s); got != want {
			t.Fatalf("hasSectionRef(%q) = %v, expression: %v", s, got, want)
		}
	})
}
