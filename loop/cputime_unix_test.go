//go:build unix

package loop

import (
	"syscall"
	"time"
)

// processCPU returns the CPU time (user + system) this process has used,
// so that benchmarks on a shared machine can report CPU cost, which other
// processes do not inflate, beside wall time, which they do.
func processCPU() (time.Duration, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
