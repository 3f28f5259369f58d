package xref

import (
	"testing"

	doctext "github.com/evalopt/evalopt/checks/internal/text"
)

// FuzzInstrumentRef checks that instrumentRef agrees with
// doctext.RefInstrumentRe, which it stands for.
func FuzzInstrumentRef(f *testing.F) {
	for _, s := range []string{
		"Competition Act 1998",
		"Supply Agreement dated 3 May",
		"GDPR.", "UK GDPR", "Uk", "ABc", "AB_", "A",
		"Agreement", "Agreements'", "Lawyer", "Regulations?",
		"Terms and Conditions of the Master Services Agreement",
		"Data Protection Act 2018 (the DPA)",
		"of and on for of and on for x y z Act",
		"One Two Three Four Five Six Seven Eight nine ten eleven Act",
		"One Two Three Four Five Six Seven Eight Nine nine ten eleven Act",
		"a b c Act", "a b c d Act", "One a b c Act", "a One b c Act",
		"O’Brien’s Lease", "Smith, Jones & Co. Deed", "Smith\tJones  Order",
		"Code\xe2\x80 of", "X\xe2\x80\x99 Plan", " Act", "Act-Two", "Plan_", "Plan9",
		"this Agreement", "",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := instrumentRef(s), doctext.RefInstrumentRe.MatchString(s); got != want {
			t.Fatalf("instrumentRef(%q) = %v, RefInstrumentRe says %v", s, got, want)
		}
	})
}
