package checks_test

import (
	"testing"

	"github.com/evalopt/evalopt/checks"
)

// raceSampleEvery is the share of corpus cases the corpus tests read under
// the race detector: one in raceSampleEvery.
const raceSampleEvery = 8

// raceSample returns paths, or under the race detector one case in
// raceSampleEvery of them. The race detector looks for data races, which a
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
	var out []string
	for i, p := range paths {
		if i%raceSampleEvery == 0 {
			out = append(out, p)
		}
	}
	t.Logf("race detector on: %d of %d corpus cases (one in %d; the whole corpus runs without -race)", len(out), len(paths), raceSampleEvery)
	return out
}
