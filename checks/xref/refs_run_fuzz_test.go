package xref

import (
	"regexp"
	"slices"
	"testing"

	doctext "github.com/evalopt/evalopt/checks/internal/text"
)

// FuzzRefRun checks that the id expressions of resolveRefs match the run
// refRun bounds as they match the whole window.
func FuzzRefRun(f *testing.F) {
	for _, s := range []string{
		" 4.2(a) and 5", " 10 (iv) (b), 11–12 of", " A1.2 to A1.4_", " IV, V and VI", " C-2, D-3 or 4—x", "\t8 (4) to (6)\n9",
		" 3.2é", " B.12", " 12A.3B(xx)", ", and 7", " through 9.9.9", "", " 2_3", " 1\u20132",
	} {
		f.Add(s, 0)
	}
	f.Fuzz(func(t *testing.T, w string, pos int) {
		if pos < 0 || pos > len(w) {
			return
		}
		for _, re := range []*regexp.Regexp{doctext.RefFirstNumRe, doctext.RefNextNumRe, doctext.RefFirstAttachRe, doctext.RefNextAttachRe} {
			if got, want := re.FindStringSubmatchIndex(w[pos:refRun(w, pos)]), re.FindStringSubmatchIndex(w[pos:]); !slices.Equal(got, want) {
				t.Fatalf("%v on %q from %d: run %v, whole %v", re, w, pos, got, want)
			}
		}
	})
}

// FuzzMayOwnMarker checks that mayOwnMarker says yes wherever ownMarkerRe
// matches.
func FuzzMayOwnMarker(f *testing.F) {
	for _, s := range []string{" of this memo", ", above", " IN THE PRESENT report", "\tbelow.", " earlier", " Later", " of the Act", " of\tthiſ memo", "", " o"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if ownMarkerRe.MatchString(s) && !mayOwnMarker(s, 0) {
			t.Fatalf("ownMarkerRe matches %q, mayOwnMarker says no", s)
		}
	})
}
