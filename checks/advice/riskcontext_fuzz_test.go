package advice

import (
	"strings"
	"testing"

	"github.com/evalopt/evalopt/checks/internal/text"
)

// prefilterSeeds are lines near the edges of the prefilters' grammars.
var prefilterSeeds = []string{
	"", "A", " A", " A(", "x A (", "Rated A – best", "grades: A = high", "AB A- x", " A\u2014",
	"F-2 IDOR", "### F-02 IDOR — High", "| R12 | High |", "**Finding 3**: x", "- issue #4 y",
	"ABCD1", "ABC1", "AB-", "Observation 7.", "VULNERABILITY 2", "_item 9_", "risk 3", "The supplier",
	"#\t_*Point 2", "Ri\u017fk 3", "fInding 12", "++ AB12x", "  \t|", "* P1 urgent",
}

// FuzzLeadIDPrefilter checks that mayLeadID never rules out a line
// leadIDRe matches, and that leadIDSubmatch equals the regexp's answer.
func FuzzLeadIDPrefilter(f *testing.F) {
	for _, s := range prefilterSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if text.LeadIDRe.MatchString(s) && !text.MayLeadID(s) {
			t.Fatalf("mayLeadID(%q) = false, but leadIDRe matches", s)
		}
		got, want := leadIDSubmatch(s), text.LeadIDRe.FindStringSubmatch(s)
		if strings.Join(got, "\x00") != strings.Join(want, "\x00") || (got == nil) != (want == nil) {
			t.Fatalf("leadIDSubmatch(%q) = %q, want %q", s, got, want)
		}
	})
}

// gradeAtRef is gradeAt as first written, searching for " A": the
// reference the faster search must agree with.
func gradeAtRef(t string) bool {
	for i := 0; i+2 < len(t); {
		j := strings.Index(t[i:], " A")
		if j < 0 {
			return false
		}
		k := i + j + 2
		for k < len(t) && t[k] == ' ' {
			k++
		}
		if k < len(t) && (t[k] == '(' || t[k] == '=' || t[k] == ':' || t[k] == '-' || strings.HasPrefix(t[k:], "–") || strings.HasPrefix(t[k:], "—")) {
			return true
		}
		i += j + 2
	}
	return false
}

// FuzzGradeAt checks that gradeAt agrees with the reference search.
func FuzzGradeAt(f *testing.F) {
	for _, s := range prefilterSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := gradeAt(s), gradeAtRef(s); got != want {
			t.Fatalf("gradeAt(%q) = %v, want %v", s, got, want)
		}
	})
}

// FuzzNumberedLeads checks orderedItemAt against orderedItemRe, and that
// mayNumberedLead never rules out a line numberedLeadRe matches.
func FuzzNumberedLeads(f *testing.F) {
	for _, s := range append(prefilterSeeds, "1. Term", "12) x", "123.\tY", "1234. x", "1.", "1. ", "1.  \n", "1.\f",
		"1. \xff", "## 2. Risks", "| 3 | High", "**4** ", "__5) ok", "6 Apples", "#\t|**7.", "1.2 x") {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := text.OrderedItemAt(s), text.OrderedItemRe.MatchString(s); got != want {
			t.Fatalf("orderedItemAt(%q) = %v, want %v", s, got, want)
		}
		if numberedLeadRe.MatchString(s) && !mayNumberedLead(s) {
			t.Fatalf("mayNumberedLead(%q) = false, but numberedLeadRe matches", s)
		}
		got, want := numberedLeadSubmatch(s), numberedLeadRe.FindStringSubmatch(s)
		if strings.Join(got, "\x00") != strings.Join(want, "\x00") || (got == nil) != (want == nil) {
			t.Fatalf("numberedLeadSubmatch(%q) = %q, want %q", s, got, want)
		}
	})
}

// FuzzRatingSentence checks that ratingSentenceSubmatch finds what
// ratingSentenceRe finds.
func FuzzRatingSentence(f *testing.F) {
	for _, s := range []string{
		"", "Breach of confidence (Section 7.2). Critical.", "Cap too low (clause 5). Major risk.", "x. High", "x) Low priority",
		"x.\tMedium severity.\t", "x.  Moderate\nnext", "x. Minor risk.\r\n", "x. Severe.y", "x. High risk. more", "x.High",
		"x. high", "x. Lowest", "x. Low riskier", "x. Critical \n", "x. Critical  risk", "a. b. Major", ". Low", "). High", ".",
		". ", ".\t", "x. CRITICAL", "1.2. Medium", "x. Low. Low.", "x. Major\u2028", "x)\t\tModerate.\t\t",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, want := ratingSentenceSubmatch(s), ratingSentenceRe.FindStringSubmatch(s)
		if strings.Join(got, "\x00") != strings.Join(want, "\x00") || (got == nil) != (want == nil) {
			t.Fatalf("ratingSentenceSubmatch(%q) = %q, want %q", s, got, want)
		}
	})
}
