package checks

import "testing"

// RaceEnabled tells the external tests (package checks_test) whether the
// race detector is on.
const RaceEnabled = raceEnabled

// raceSampleEvery is the share of corpus cases the corpus tests (and
// TestConstructorZeroConfigIsDefault) read under the race detector: one
// in raceSampleEvery.
const raceSampleEvery = 8

// RaceSampleEvery returns this run's sampling step under the race
// detector: raceSampleEvery, and twice that under -short (the local test
// command, which also runs the whole corpus without -race). CI runs one
// in raceSampleEvery.
func RaceSampleEvery() int {
	if testing.Short() {
		return 2 * raceSampleEvery
	}
	return raceSampleEvery
}
