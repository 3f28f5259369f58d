// Package checktest tests checks, in the spirit of
// golang.org/x/tools/go/analysis/analysistest: run a check over annotated
// text, where the annotations mark each span a finding must cover and the
// rule it must carry, and fail the test on every finding missing, misplaced
// or unexpected.
//
// An annotation is ⟦text⟧{rule}: the brackets mark the span, the braces name
// the rule id (or a family prefix ending in "."). The annotations are
// removed before the check runs, so offsets are those of the plain text.
// Text without annotations is good text: the check must report nothing at
// warn or block on it.
package checktest
