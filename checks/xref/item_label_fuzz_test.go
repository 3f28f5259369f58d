package xref

import (
	"reflect"
	"testing"
)

// FuzzItemLabel checks itemLabel against itemLabelRe.FindStringSubmatch.
func FuzzItemLabel(f *testing.F) {
	for _, s := range []string{
		"### F4 – Liability", "**Recommendation 2:**", "| R-03 |", "- Step 4", "* **Issue #12**", "####### R1", "#R1", "Step5",
		"Item 1234", "ABCDE1", "RS-2 x", "__Finding 3__", "** R1", "*R1", "+ Point\t#7.", "Vulnerability  999_", "ſtep 1",
		"|R2", "-R2", "## Observations 2", "F12a", "F1é", "", "#", "QUESTION 3",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := itemLabel(s), itemLabelRe.FindStringSubmatch(s); !reflect.DeepEqual(got, want) {
			t.Fatalf("itemLabel(%q) = %q, expression: %q", s, got, want)
		}
	})
}
