package xref

import (
	"strings"
	"testing"

	"github.com/evalopt/evalopt/evaluator"
)

// An item label that repeats the one before it where the next number
// belongs is reported; a register listed again is not.
func TestItemRepeats(t *testing.T) {
	tickets := "Tickets: three.\n\n----\nT-01  HIGH  CVSS 8.1\nBroken auth.\n\n----\nT-02  MEDIUM  CVSS 5.0\nVerbose errors.\n\n----\nT-03  LOW  CVSS 3.1\nMissing header.\n"
	headed := "## Findings\n\n### F1 – Weak cap\n\nText.\n\n### F2 – No audit\n\nText.\n\n### F3 – Short notice\n\nText.\n"
	for name, doc := range map[string]string{"column tickets": tickets, "headings": headed} {
		if got := paragraphOrderFindings(evaluator.KindRedTeamReport, doc); len(got) != 0 {
			t.Errorf("%s: clean flagged %q", name, got)
		}
	}
	bad := map[string]string{
		"column tickets": strings.Replace(tickets, "T-03  LOW", "T-02  LOW", 1),
		"headings":       strings.Replace(headed, "### F3 –", "### F2 –", 1),
	}
	for name, doc := range bad {
		if got := paragraphOrderFindings(evaluator.KindRedTeamReport, doc); len(got) != 1 {
			t.Errorf("%s: want one repeat finding, got %q", name, got)
		}
	}
	traps := map[string]string{
		"summary table after the findings":    headed + "\n## Summary\n\n| F3 | Short notice | Low |\n|---|---|---|\n",
		"retest names two again":              tickets + "\nRetest\n\nT-03  FIXED  verified\n",
		"repeat with the next number defined": strings.Replace(tickets, "T-03  LOW", "T-02  LOW", 1) + "\n----\nT-03  INFO  CVSS 0.0\nNote.\n",
		"repeat set another way":              strings.Replace(headed, "Text.\n\n### F3", "Text.\n\nF2: see above.\n\n### F3", 1),
	}
	for name, doc := range traps {
		if got := paragraphOrderFindings(evaluator.KindRedTeamReport, doc); len(got) != 0 {
			t.Errorf("%s: flagged %q", name, got)
		}
	}
}
