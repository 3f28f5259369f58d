package xref

import (
	"slices"
	"testing"
)

// FuzzItemDef checks itemDefIndex against itemDefRe.FindStringSubmatchIndex.
func FuzzItemDef(f *testing.F) {
	for _, s := range []string{
		"Amendment 2 – clause 8.1", "V4. Graph tokens", "F4 (B) – Liability cap", "### Finding 3: x", "| R-2 | y",
		"RT-01  CRITICAL  CVSS 9.1", "**R5**: z", "__Step 12__", "- Item #4.", "* F3)", "####### F1.", "#F1.", "Findings 1234.",
		"ABCDE1.", "AB-1", "AB-1 ", "AB-1 x", "AB-1  \x80", "Word 12 — dash", "Word\t7\t\t\u00e9", "Step 3  \n", "Step 3  \r",
		"Recommendationsabcdef 2.", "R1**  x", "R1__", "R1*", "", "*", "** R1.", "+ Point 7|", "F12a.", "Phase 1 —",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := itemDefIndex(s), itemDefRe.FindStringSubmatchIndex(s); !slices.Equal(got, want) {
			t.Fatalf("itemDefIndex(%q) = %v, expression: %v", s, got, want)
		}
	})
}
