package checks

// RaceEnabled tells the external tests (package checks_test) whether the
// race detector is on.
const RaceEnabled = raceEnabled
