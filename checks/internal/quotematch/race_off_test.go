//go:build !race

package quotematch

// raceEnabled is true under -race, where tests run 5 to 20 times slower:
// the tests that read megabytes read less then.
const raceEnabled = false
