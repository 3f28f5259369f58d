package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"time"

	"github.com/evalopt/evalopt/evaluator/golden"
	"github.com/evalopt/evalopt/report"
)

// The gate subcommand scores one run of your agents against a golden set,
// judges every agent against the thresholds, compares F1 with a stored
// baseline, and answers with a table (or, with -json, a machine-readable
// verdict) and an exit code.
//
//	evalopt gate -set DIR -run FINDINGS -baseline FILE
//
// DIR is a golden set in the layout package golden reads
// (contracts/*.md, expected/{agent}/{contract}.json, and optionally
// synonyms.json, used unless -synonyms names another file). FINDINGS holds
// what the agents produced, laid out like expected/:
//
//	FINDINGS/{agent}/{contract}.json           one run: a JSON array of findings
//	FINDINGS/{agent}/{contract}/{sample}.json  repeated runs, collapsed to their lower median
//
// A sample file holding {"infra_failed": true, "error": "..."} records a run
// that failed for infrastructure reasons: it is dropped, not scored as
// zero, and a contract with fewer than half its samples run is
// inconclusive. A contract of a run agent with no file is inconclusive too;
// an agent with no folder is not scored, and the gate calls it inconclusive.
//
// Exit codes: 0 when every agent clears its thresholds (or is
// inconclusive) and no F1 fell more than -tolerance below its baseline; 1
// on a regression or a threshold failure; 2 on bad input.
//
// -update-baseline is the deliberate update: instead of gating, it shows
// what moved against the old baseline (if there is one) and rewrites FILE
// from this run, with -notes saying why (required) and -commit the code
// version. It refuses, with exit 1, a run that fails its thresholds.

// gateConfig is what the gate's flags say.
type gateConfig struct {
	set, run, baseline, synonyms string
	json, update                 bool
	notes, commit                string
	tolerance                    float64
}

// errUsage marks a flag error the flag package has already reported.
var errUsage = errors.New("usage")

func parseGateFlags(args []string, stderr io.Writer) (gateConfig, error) {
	var c gateConfig
	fs := flag.NewFlagSet("evalopt gate", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&c.set, "set", "", "golden set `DIR` (contracts/, expected/{agent}/{contract}.json)")
	fs.StringVar(&c.run, "run", "", "`FINDINGS` folder: {agent}/{contract}.json or {agent}/{contract}/{sample}.json")
	fs.StringVar(&c.baseline, "baseline", "", "baseline `FILE` (dd-agents baseline-latest.json format)")
	fs.StringVar(&c.synonyms, "synonyms", "", "synonyms `FILE` (default: DIR/synonyms.json when it exists)")
	fs.BoolVar(&c.json, "json", false, "print the machine-readable verdict instead of the table")
	fs.BoolVar(&c.update, "update-baseline", false, "rewrite the baseline from this run instead of gating on it")
	fs.StringVar(&c.notes, "notes", "", "with -update-baseline: why the baseline changes (required)")
	fs.StringVar(&c.commit, "commit", "", "with -update-baseline: the code version the run was made at")
	fs.Float64Var(&c.tolerance, "tolerance", golden.DefaultTolerance, "largest F1 drop below the baseline that still passes, in [0,1]")
	if err := fs.Parse(args); err != nil {
		return c, fmt.Errorf("%w: %w", errUsage, err)
	}
	switch {
	case fs.NArg() > 0:
		return c, fmt.Errorf("unexpected argument %q", clip(fs.Arg(0), 80))
	case c.set == "":
		return c, errors.New("-set: required")
	case c.run == "":
		return c, errors.New("-run: required")
	case c.baseline == "":
		return c, errors.New("-baseline: required")
	case math.IsNaN(c.tolerance) || c.tolerance < 0 || c.tolerance > 1:
		return c, fmt.Errorf("-tolerance: must be in [0,1], got %v", c.tolerance)
	case c.update && c.notes == "":
		return c, errors.New("-notes: required with -update-baseline (say why the baseline changes)")
	case !c.update && (c.notes != "" || c.commit != ""):
		return c, errors.New("-notes and -commit: only with -update-baseline")
	}
	return c, nil
}

// runGate is the gate subcommand.
func runGate(args []string, stdout, stderr io.Writer) int {
	c, err := parseGateFlags(args, stderr)
	if errors.Is(err, flag.ErrHelp) {
		return exitPass
	}
	if err != nil {
		if !errors.Is(err, errUsage) {
			fmt.Fprintln(stderr, "evalopt gate:", err)
		}
		return exitBadInput
	}
	in, err := loadGateInputs(c)
	if err != nil {
		fmt.Fprintln(stderr, "evalopt gate:", err)
		return exitBadInput
	}
	v, err := judge(c, in, newProgress(stderr, "scoring"))
	if err != nil {
		fmt.Fprintln(stderr, "evalopt gate:", err)
		return exitBadInput
	}
	if c.update {
		updateBaseline(v, c, in, time.Now())
	}
	if err := writeVerdict(stdout, v, c.json); err != nil {
		fmt.Fprintln(stderr, "evalopt gate:", err)
		return exitBadInput
	}
	if v.Error != "" {
		fmt.Fprintln(stderr, "evalopt gate:", v.Error)
	}
	return v.ExitCode
}

// writeVerdict prints the verdict as indented JSON or as the table.
func writeVerdict(w io.Writer, v *report.GateVerdict, asJSON bool) error {
	if asJSON {
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(v)
	}
	return report.Gate(*v).WriteText(w)
}

// gateInputs are the loaded set, run and baseline.
type gateInputs struct {
	set      golden.Set
	synonyms golden.Synonyms
	run      runFindings
	// base is the stored baseline; hasBase is false when -update-baseline
	// creates the file.
	base    golden.Baseline
	hasBase bool
}

func loadGateInputs(c gateConfig) (gateInputs, error) {
	var in gateInputs
	var err error
	if in.set, err = golden.LoadSet(c.set); err != nil {
		return in, fmt.Errorf("-set %s: %w", c.set, err)
	}
	synPath, explicit := c.synonyms, c.synonyms != ""
	if !explicit {
		synPath = filepath.Join(c.set, "synonyms.json")
	}
	switch in.synonyms, err = golden.LoadSynonyms(synPath); {
	case err == nil:
	case !explicit && errors.Is(err, os.ErrNotExist):
		in.synonyms = golden.Synonyms{}
	default:
		return in, fmt.Errorf("-synonyms: %w", err)
	}
	if in.run, err = loadRun(c.run, in.set); err != nil {
		return in, fmt.Errorf("-run %s: %w", c.run, err)
	}
	switch in.base, err = golden.LoadBaseline(c.baseline); {
	case err == nil:
		in.hasBase = true
	case c.update && errors.Is(err, os.ErrNotExist):
		// The first baseline: nothing to compare with.
	case errors.Is(err, os.ErrNotExist):
		return in, fmt.Errorf("-baseline: %w (create one deliberately with -update-baseline -notes \"...\")", err)
	default:
		return in, fmt.Errorf("-baseline: %w", err)
	}
	return in, nil
}
