package check

import (
	"cmp"
	"slices"
)

// compareFindings orders findings by start offset, then rule id, then end
// offset, then message: the Suite's deterministic output order.
func compareFindings(a, b Finding) int {
	if c := cmp.Compare(a.Location.Start, b.Location.Start); c != 0 {
		return c
	}
	if c := cmp.Compare(a.Rule, b.Rule); c != 0 {
		return c
	}
	if c := cmp.Compare(a.Location.End, b.Location.End); c != 0 {
		return c
	}
	return cmp.Compare(a.Message, b.Message)
}

// SortFindings sorts fs in place in the order of compareFindings.
func SortFindings(fs []Finding) { slices.SortStableFunc(fs, compareFindings) }
