package jurisdiction

import (
	"testing"

	"github.com/evalopt/evalopt/checks/check"
	"github.com/evalopt/evalopt/checks/checktest"
)

// FuzzParseTable: any table either parses into a check that runs without
// panicking and reports valid locations, or is rejected with an error.
func FuzzParseTable(f *testing.F) {
	f.Add(DefaultTable(), "governed by the laws of Xanadu", "governed by English law")
	f.Add("xx = Xanadu\n  name: Xanadu\n  adj: Xanaduan\n  city: Xan City\nyy < xx = Yonder\n  name: Yonder\n  statute: Yonder Act", "governed by the laws of Xanadu; courts of Xan City", "Yonder law governs the agreement under the Yonder Act")
	f.Add("a < b = A\n  name: A\nb < a = B\n", "", "")
	f.Fuzz(func(t *testing.T, table, source, text string) {
		c, err := New(Config{Table: table})
		if err != nil {
			return
		}
		fs := c.Check(check.Document{SourceText: source, Text: text})
		checktest.Valid(t, text, fs)
	})
}

// FuzzCheck: the default table over any text and source.
func FuzzCheck(f *testing.F) {
	f.Add(nySource, "The agreement is governed by English law and the courts of England have jurisdiction.")
	f.Add("Place of jurisdiction is Stuttgart.", "| Governing law | \"Munich\" |\n|---|---|\n| x | U.S. law, D.C. courts; GDPR")
	f.Add("governed by the laws of", "laws of the State of")
	f.Fuzz(func(t *testing.T, source, text string) {
		c := checktest.Must(New(Config{}))
		checktest.Valid(t, text, c.Check(check.Document{SourceText: source, Text: text}))
	})
}
