//go:build unix

package checks

import (
	"syscall"
	"time"
)

// processCPU returns the user plus system CPU time the test process has
// used so far. Benchmarks report it per operation because the project
// machine is shared: wall-clock figures there measure the neighbours too.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
