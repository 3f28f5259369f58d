package einoloop_test

import "time"

// waitFor and tick bound how long a test watches for something that must
// not happen.
const (
	waitFor = 200 * time.Millisecond
	tick    = 10 * time.Millisecond
)
