package checks_test

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/evalopt/evalopt/checks"
	"github.com/evalopt/evalopt/checks/check"
)

// updatePin rewrites testdata/corpus_pin.txt from the current suite.
var updatePin = flag.Bool("update-pin", false, "rewrite testdata/corpus_pin.txt")

const pinFile = "testdata/corpus_pin.txt"

// TestCorpusPinned compares, case by case, every finding the default suite
// reports on every good deliverable and bad twin of the corpus (rule,
// severity, span and the finding's text) with the checked-in listing. It
// pins behaviour while the checks are restructured: a move must leave every
// line as it is, and a rule change shows up as a per-case diff in the
// listing (regenerate with -update-pin and review the diff).
func TestCorpusPinned(t *testing.T) {
	cases := loadCorpus(t)
	suite := corpusSuite()
	prefetchCorpus(t, cases)
	ctx := context.Background()
	var sb strings.Builder
	for _, c := range cases {
		set := filepath.Base(filepath.Dir(c.dir))
		pinCase(t, &sb, suite, ctx, set+"/"+c.ID+"/good", c, c.good)
		for _, b := range c.Bad {
			text, _, _ := c.plant(b)
			pinCase(t, &sb, suite, ctx, set+"/"+c.ID+"/"+b.ID, c, text)
		}
	}
	got := sb.String()
	if *updatePin {
		if err := os.WriteFile(pinFile, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	raw, err := os.ReadFile(pinFile)
	if err != nil {
		t.Fatalf("%v (run with -update-pin to create it)", err)
	}
	want := string(raw)
	if checks.RaceEnabled {
		want = pinnedOnly(want, got) // a sample of the cases (raceSample)
	}
	if got == want {
		return
	}
	diffPinned(t, want, got)
}

func pinCase(t *testing.T, sb *strings.Builder, suite *check.Suite, ctx context.Context, name string, c *corpusCase, text string) {
	t.Helper()
	fs := corpusFindings(t, c, text)
	d := suite.Decide(fs)
	fmt.Fprintf(sb, "== %s %s\n", name, d.Status)
	for _, f := range fs {
		fmt.Fprintf(sb, "%s %s %d-%d %s\n", f.Rule, f.Severity, f.Location.Start, f.Location.End, f.Describe())
	}
}

// diffPinned reports, per case, the lines that differ.
func diffPinned(t *testing.T, want, got string) {
	t.Helper()
	w, order := pinBlocks(want)
	g, gorder := pinBlocks(got)
	n := 0
	for _, name := range append(order, gorder...) {
		if w[name] != g[name] {
			n++
			if n <= 40 {
				t.Errorf("case %s changed:\n--- pinned\n%s+++ now\n%s", name, w[name], g[name])
			}
			w[name], g[name] = "", ""
		}
	}
	t.Errorf("%d cases differ from %s (regenerate with -update-pin when intended)", n, pinFile)
}

// pinBlocks splits a listing into its case blocks, by case name, and the
// names in order.
func pinBlocks(s string) (map[string]string, []string) {
	m := map[string]string{}
	var order []string
	for _, block := range strings.Split(s, "== ")[1:] {
		name, _, _ := strings.Cut(block, " ")
		m[name] = block
		order = append(order, name)
	}
	return m, order
}

// pinnedOnly returns the blocks of the listing want whose case got lists,
// in want's order: what a sample of the corpus is compared with.
func pinnedOnly(want, got string) string {
	blocks, order := pinBlocks(want)
	sampled, _ := pinBlocks(got)
	var sb strings.Builder
	for _, name := range order {
		if _, ok := sampled[name]; ok {
			sb.WriteString("== " + blocks[name])
		}
	}
	return sb.String()
}
