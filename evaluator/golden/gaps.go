package golden

import (
	"errors"
	"fmt"
)

// GapRecall returns the share of the ground truth's expected gaps that the
// agent reported. Gap types are normalised as MetricsOf normalises
// categories, then compared exactly (so "Missing_Doc" matches "missing doc"
// but not "missing_docs"). It is 1.0 when no gaps are expected.
func GapRecall(producedGaps []string, gt GroundTruth) float64 {
	if len(gt.ExpectedGaps) == 0 {
		return 1
	}
	have := make(map[string]bool, len(producedGaps))
	for _, g := range producedGaps {
		have[normalizeCategory(g)] = true
	}
	n := 0
	for _, g := range gt.ExpectedGaps {
		if have[normalizeCategory(g)] {
			n++
		}
	}
	return float64(n) / float64(len(gt.ExpectedGaps))
}

// ErrFindingCount is matched (with errors.Is) by the errors
// CheckFindingCount returns.
var ErrFindingCount = errors.New("golden: finding count out of bounds")

// CheckFindingCount reports whether the number of produced findings lies
// within the ground truth's [min_expected_findings, max_expected_findings]
// (defaults 0 and 20 when loaded from a file). It returns nil when it does
// and an error matching ErrFindingCount that says which bound was crossed
// otherwise. A count far outside the bounds signals a broken run (an agent
// that found nothing or flooded its output) even when recall looks fine.
func CheckFindingCount(produced int, gt GroundTruth) error {
	where := gt.Agent + "/" + gt.Contract
	switch {
	case produced < gt.MinExpectedFindings:
		return fmt.Errorf("%w: %s: %d findings, below min_expected_findings %d", ErrFindingCount, where, produced, gt.MinExpectedFindings)
	case produced > gt.MaxExpectedFindings:
		return fmt.Errorf("%w: %s: %d findings, above max_expected_findings %d", ErrFindingCount, where, produced, gt.MaxExpectedFindings)
	}
	return nil
}
