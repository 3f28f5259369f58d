//go:build !unix

package checks

import "time"

// processCPU is not available on this platform; benchmarks then report no
// CPU-time metric.
func processCPU() time.Duration { return 0 }
