// Package uniq appends to a slice only the values it does not hold yet,
// keeping first-seen order: the one such helper of the module (merging a
// chain's blocking failures, building synonym groups).
package uniq

import "slices"

// Append appends to dst each value of vals that dst (with the values
// appended before it) does not hold yet, in order, and returns the result.
// It compares by ==, in O(len(dst)·len(vals)): it is meant for the short
// lists it serves.
func Append[T comparable](dst []T, vals ...T) []T {
	for _, v := range vals {
		if !slices.Contains(dst, v) {
			dst = append(dst, v)
		}
	}
	return dst
}
