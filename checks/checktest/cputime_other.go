//go:build !unix

package checktest

import "time"

// ProcessCPU returns the user plus system CPU time the process has used so
// far (0 where the platform does not say).
func ProcessCPU() time.Duration { return 0 }
