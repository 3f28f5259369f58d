package checks_test

import (
	"testing"

	"github.com/evalopt/evalopt/checks"
)

// raceSample returns paths, or under the race detector one case in
// checks.RaceSampleEvery() of them (8; 16 under -short). The race detector looks for data races, which a
// sample of documents exercises as well as the whole corpus does, at a
// tenth of the time (the corpus is some 1,300 runs of the suite, each
// several times slower under -race). The whole corpus — the pin, the
// gate's floors, the honest judge — runs without -race: `.ci/test` runs
// `go test -run '^TestCorpus' ./checks` after the race run, and so does
// any plain `go test ./...`.
func raceSample(t testing.TB, paths []string) []string {
	if !checks.RaceEnabled || *updatePin {
		return paths
	}
	every := checks.RaceSampleEvery()
	var out []string
	for i, p := range paths {
		if i%every == 0 {
			out = append(out, p)
		}
	}
	t.Logf("race detector on: %d of %d corpus cases (one in %d; the whole corpus runs without -race)", len(out), len(paths), every)
	return out
}
