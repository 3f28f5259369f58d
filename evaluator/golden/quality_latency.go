package golden

import (
	"math"
	"slices"
	"time"
)

// Latency summarises call durations with nearest-rank percentiles: the
// p-th percentile of n sorted durations is the one at rank ⌈p/100 · n⌉
// (1-based), so every figure is a duration that was actually observed and
// the result depends only on the durations, not their order. All fields are
// 0 when no call was made.
type Latency struct {
	// N is the number of calls timed.
	N int `json:"n"`
	// P50, P90 and P99 are the nearest-rank percentiles; Max the longest.
	// JSON carries them in nanoseconds.
	P50 time.Duration `json:"p50_ns"`
	P90 time.Duration `json:"p90_ns"`
	P99 time.Duration `json:"p99_ns"`
	Max time.Duration `json:"max_ns"`
}

// qualityLatencyOf computes the summary; it sorts ds in place.
func qualityLatencyOf(ds []time.Duration) Latency {
	slices.Sort(ds)
	return Latency{
		N:   len(ds),
		P50: qualityNearestRank(ds, 50),
		P90: qualityNearestRank(ds, 90),
		P99: qualityNearestRank(ds, 99),
		Max: qualityNearestRank(ds, 100),
	}
}

// qualityNearestRank returns the p-th percentile (0 < p ≤ 100) of sorted by the
// nearest-rank method, or 0 for an empty slice. p ≤ 0 gives the minimum.
func qualityNearestRank(sorted []time.Duration, p float64) time.Duration {
	n := len(sorted)
	if n == 0 {
		return 0
	}
	rank := int(math.Ceil(p / 100 * float64(n)))
	rank = max(1, min(rank, n))
	return sorted[rank-1]
}
