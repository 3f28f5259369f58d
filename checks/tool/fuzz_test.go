package tool

import (
	"testing"

	"github.com/evalopt/evalopt/checks/check"
	"github.com/evalopt/evalopt/checks/checktest"
	"github.com/evalopt/evalopt/evaluator"
)

// FuzzCheck: any tool output and any text give valid findings, never a
// panic.
func FuzzCheck(f *testing.F) {
	f.Add(scorer.Content, "Clause 2 carries a risk of 2.")
	f.Add(scanner.Content, "### F-3\n\nSeverity: Low (CVSS 8.1).")
	f.Add(probes.Content, "| Suite | ASR |\n|---|---|\n| T1 | 5.5% (13 of 200) |")
	f.Add(`[{"a":[[[{"b":1e400}]]]}]`, "b 1")
	f.Add("k: v | k2: 3\n---\nk: 2", "k2 of 3, rated $1,2.3% on 2027-02-30")
	f.Fuzz(func(t *testing.T, output, text string) {
		c := checktest.Must(New(Config{}))
		doc := check.Document{Text: text, Evidence: []evaluator.Evidence{toolEvidence("e", "t", output)}}
		checktest.Valid(t, text, c.Check(doc))
	})
}
