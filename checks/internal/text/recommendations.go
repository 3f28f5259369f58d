package text

import (
	"regexp"

	"github.com/evalopt/evalopt/checks/check"
)

var (
	// RiskRe recognises a risk level: "Risk: 3", "Risk level 4", "risk
	// rating: 2", "Risk score = 5", "(Risk 4/5)". Levels are 0 to 5.
	RiskRe = regexp.MustCompile(`(?i)\brisk(?:[ \t]+(?:level|rating|score))?[ \t]*[:=]?[ \t]*([0-5])(?:[ \t]*/[ \t]*5)?\b`)
	// SeverityRe recognises a colour severity: an upper-case RED, AMBER,
	// YELLOW or GREEN word, or "Severity: red" in any case.
	SeverityRe = regexp.MustCompile(`\b(RED|AMBER|YELLOW|GREEN)\b|(?i:\bseverity[ \t]*[:=][ \t]*(red|amber|yellow|green)\b)`)
	// ReplacementMarkerRe recognises a drafted-replacement marker.
	ReplacementMarkerRe = regexp.MustCompile(`(?i)\b(?:replacement text|replacement clause|replacement language|proposed language|proposed wording|proposed clause|proposed text|suggested language|suggested wording|revised language|revised wording|revised clause|replace with|insert the following)[ \t]*:`)
)

// MinReplacementWords is how many words a quoted passage needs to count as
// drafted replacement text (so that quoting a defined term does not).
const MinReplacementWords = 8

// LazyIndex returns idx, or the document's line index when idx is nil: a
// check that finds nothing never builds one.
func LazyIndex(idx *LineIndex, doc check.Document) *LineIndex {
	if idx == nil {
		return AnalysisOf(doc).LineIndex()
	}
	return idx
}
