//go:build race

package revision

// raceEnabled is true under -race, where tests run 5 to 20 times slower:
// the mutation tests sample fewer mutations then.
const raceEnabled = true
