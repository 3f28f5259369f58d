package xref

import "testing"

// FuzzProposedRef checks that proposedRef, which tries the anchored
// expression at candidate word starts only, agrees with proposedRefRe.
func FuzzProposedRef(f *testing.F) {
	for _, s := range []string{
		"the reference to clause 9.4 assumes our proposed indemnity",
		"New York law applies under Section 12",
		"a New Clause 14 and a NEW schedule; renew the term",
		"if it is accepted, clause 7 would  be moved; to be\tinserted as 7.5",
		"PROPOSALS: see section 3; if they are ACCEPTED",
		"New sub-clause 4.2(b) is to be added",
		"anew, newer, Newclause, _new, 9new, new_, New  subclause",
		"The propoſed clause 4 and the proposal’s clause 5",
		"\xffnew \xe2\x80new wouldbe would\nbe",
		"",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := proposedRef(s), proposedRefRe.MatchString(s); got != want {
			t.Fatalf("proposedRef(%q) = %v, proposedRefRe says %v", s, got, want)
		}
	})
}
