package advice

import (
	"testing"

	"github.com/evalopt/evalopt/checks/internal/text"
)

// checkLastWordPrefilter fails t when lastWordIn says no where its regexp
// says yes on s: the prefilter must only spare the regexp's work.
func checkLastWordPrefilter(t *testing.T, s string) {
	t.Helper()
	if text.DraftLeadRe.MatchString(s) && !text.LastWordIn(s, " \t\n\f\r:,*_", text.DraftLeadLast) {
		t.Errorf("draftLeadRe matches %q but the prefilter refuses it", s)
	}
	if text.ReplaceWithRe.MatchString(s) && !text.LastWordIn(s, " \t:", text.ReplaceWithLast) {
		t.Errorf("replaceWithRe matches %q but the prefilter refuses it", s)
	}
	if text.SubstituteRe.MatchString(s) && !text.LastWordIn(s, " \t:", text.SubstituteLast) {
		t.Errorf("substituteRe matches %q but the prefilter refuses it", s)
	}
}

func TestLastWordIn(t *testing.T) {
	for _, tc := range []struct {
		s    string
		want bool
	}{
		{"then Insert:** ", true},
		{"the fee is altered, swap \"x\" FOR ", false}, // not a draftLead word
		{"and prepending_", true},
		{"text", true},
		{"add at the end ", true},
		{"subtext", false},
		{"readd ", false},
		{"", false},
		{"café: ", true}, // non-ASCII: left to the regexp
		{"an extraordinarilylongwordhere ", false},
	} {
		if got := text.LastWordIn(tc.s, " \t\n\f\r:,*_", text.DraftLeadLast); got != tc.want {
			t.Errorf("lastWordIn(%q) = %v, want %v", tc.s, got, tc.want)
		}
	}
	for _, s := range []string{
		"Replace \"sixty\" with ", "change the word “net” to:", "please substitute", "and then it now reads as follows:",
		"Article 2 becomes *", "insert the words \"x\" with the words ", "ADD ", "revise the heading \"A\" INTO\t",
		"to read", "is amended by", "we TURN \"x\" for ",
	} {
		checkLastWordPrefilter(t, s)
	}
}

func FuzzLastWordIn(f *testing.F) {
	for _, s := range []string{"Replace \"a\" with ", "shall read:", "becomes", "x_add", "ſubstitute", "K"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		checkLastWordPrefilter(t, s)
	})
}
