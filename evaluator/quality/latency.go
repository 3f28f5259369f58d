package quality

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

// latencyOf computes the summary; it sorts ds in place.
func latencyOf(ds []time.Duration) Latency {
	slices.Sort(ds)
	return Latency{
		N:   len(ds),
		P50: nearestRank(ds, 50),
		P90: nearestRank(ds, 90),
		P99: nearestRank(ds, 99),
		Max: nearestRank(ds, 100),
	}
}

// nearestRank returns the p-th percentile (0 < p ≤ 100) of sorted by the
// nearest-rank method, or 0 for an empty slice. p ≤ 0 gives the minimum.
func nearestRank(sorted []time.Duration, p float64) time.Duration {
	n := len(sorted)
	if n == 0 {
		return 0
	}
	rank := int(math.Ceil(p / 100 * float64(n)))
	rank = max(1, min(rank, n))
	return sorted[rank-1]
}
