//go:build unix

package checktest

import (
	"syscall"
	"time"
)

// ProcessCPU returns the user plus system CPU time the process has used so
// far (0 where the platform does not say).
func ProcessCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
