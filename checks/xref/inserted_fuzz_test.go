package xref

import (
	"regexp"
	"slices"
	"strings"
	"testing"
)

// insertedByExpressions is what insertedLabelMatches did before it read
// windows around its anchor words: each expression over the whole text.
func insertedByExpressions(text string) [][]int {
	var out [][]int
	seen := map[int]bool{}
	for _, re := range []*regexp.Regexp{insertedLabelRe, insertedAsRe, isNewLabelRe} {
		for _, m := range re.FindAllStringSubmatchIndex(text, -1) {
			if !seen[m[0]] {
				seen[m[0]] = true
				out = append(out, []int{m[0], m[1], m[2], m[3], m[4], m[5], -1, -1})
			}
		}
	}
	return out
}

// mixedCaseAnchor reports whether text writes an anchor word in a case
// other than the three wordsAt reads.
func mixedCaseAnchor(text string) bool {
	if strings.Contains(text, "ſ") || strings.Contains(text, "\u212a") {
		return true // (?i) folds ſ to s and the Kelvin sign to k
	}
	for _, w := range strings.FieldsFunc(text, func(r rune) bool { return r < 'A' || r > 'z' || r > 'Z' && r < 'a' }) {
		for _, a := range insertAnchors {
			if strings.EqualFold(w, a.word) && w != a.word && w != strings.ToUpper(a.word[:1])+a.word[1:] && w != strings.ToUpper(a.word) {
				return true
			}
		}
	}
	return false
}

// FuzzInsertedLabelMatches checks the windowed reading against the
// expressions over the whole text (matches in any order).
func FuzzInsertedLabelMatches(f *testing.F) {
	for _, s := range []string{
		"The following clause 4.1A is inserted after clause 4.1:",
		"The following is added as Section 4.4 of the Agreement.",
		"Add as Clause 6.2: \"If Supplier fails\"",
		"Appendix 2 is new (we will send a draft).",
		"CLAUSE 4(c) — New: cancellation insurance\nClause 12 (new)\nClause 19 (New York law)",
		"ARTICLE 7 IS INSERTED and section 9 ADDED AS a new clause 10",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		if len(text) > 4096 || mixedCaseAnchor(text) {
			return // wordsAt reads an anchor in lower case, capitalised or in capitals ("aDD" is none)
		}
		got, want := insertedLabelMatches(text), insertedByExpressions(text)
		key := func(a, b []int) int { return a[0] - b[0] }
		slices.SortFunc(got, key)
		slices.SortFunc(want, key)
		if len(got) > maxInsertMatches {
			return
		}
		if !slices.EqualFunc(got, want, slices.Equal[[]int]) {
			t.Fatalf("windows %v, expressions %v on %q", got, want, text)
		}
	})
}
