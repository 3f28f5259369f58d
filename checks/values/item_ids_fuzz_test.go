package values

import "testing"

// FuzzHasItemID checks that hasItemID agrees with itemIDRe, which it
// stands for on whole documents.
func FuzzHasItemID(f *testing.F) {
	for _, s := range []string{
		"F-02", "AI-2 and NA-02", "P-1.", "ABCD-123", "ABCDE-1", "aF-1", "F-1234", "F-123x", "F-12_",
		"9F-1", "_F-1", "é F-1", "éF-1", "F--1", "-1", "F-", "x - 1", "R1, F1, F-", "(P-1 and P-2)",
		"\xffAB-12\xff", "AB-12-3", "", "-",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := hasItemID(s), itemIDRe.MatchString(s); got != want {
			t.Fatalf("hasItemID(%q) = %v, itemIDRe says %v", s, got, want)
		}
	})
}

// FuzzItemIDIndex checks that itemIDIndex finds itemIDRe's leftmost match.
func FuzzItemIDIndex(f *testing.F) {
	for _, s := range []string{
		"### F-02 – Title", "AI-2 and NA-02", "P-1.", "ABCDE-1 F-2", "aF-1 G-3", "F-1234 B-12", "F-123x", "X-1-2",
		"9F-1", "_F-1", "é F-1", "F--1", "-1", "F-", "x - 1", "**P-2 — Grafana exposed (Medium)**", "\xffAB-12", "",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		loc := itemIDRe.FindStringIndex(s)
		start, end, ok := itemIDIndex(s)
		if ok != (loc != nil) || ok && (start != loc[0] || end != loc[1]) {
			t.Fatalf("itemIDIndex(%q) = %d, %d, %v; itemIDRe finds %v", s, start, end, ok, loc)
		}
	})
}
