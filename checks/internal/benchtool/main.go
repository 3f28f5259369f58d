package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"syscall"
	"time"

	"github.com/evalopt/evalopt/checks"
	"github.com/evalopt/evalopt/checks/internal/benchtext"
	"github.com/evalopt/evalopt/evaluator"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: benchtool compare|text|suite [flags]")
		os.Exit(2)
	}
	var err error
	switch os.Args[1] {
	case "compare":
		err = compare(os.Args[2:])
	case "text":
		err = text(os.Args[2:])
	case "suite":
		err = suite(os.Args[2:])
	default:
		err = fmt.Errorf("unknown command %q (want compare, text or suite)", os.Args[1])
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "benchtool:", err)
		os.Exit(1)
	}
}

func text(args []string) error {
	fs := flag.NewFlagSet("text", flag.ExitOnError)
	size := fs.Int("size", benchtext.MiB, "least size of the text in bytes")
	out := fs.String("o", "", "output file (default standard output)")
	memo := fs.Bool("memo", false, "write the realistic review memo instead of the contracts")
	fs.Parse(args)
	var t string
	var err error
	if *memo {
		t, _, err = benchtext.Memo(*size)
	} else {
		t, err = benchtext.Contracts(benchtext.ContractsDir(), *size)
	}
	if err != nil {
		return err
	}
	if *out == "" {
		_, err = os.Stdout.WriteString(t)
		return err
	}
	return os.WriteFile(*out, []byte(t), 0o644)
}

// suite runs the default suite once on the file, as each kind -kind names
// (a comma-separated list; "none" is no kind), and prints the number of
// blocking failures of each.
func suite(args []string) error {
	fs := flag.NewFlagSet("suite", flag.ExitOnError)
	kind := fs.String("kind", "", `the task's kind ("" for none)`)
	fs.Parse(args)
	if fs.NArg() != 1 {
		return errors.New("suite: want one file")
	}
	b, err := os.ReadFile(fs.Arg(0))
	if err != nil {
		return err
	}
	d, err := checks.DefaultSuite().Evaluate(context.Background(), evaluator.Task{Kind: evaluator.Kind(*kind)}, string(b))
	if err != nil {
		return err
	}
	fmt.Printf("kind %q: %s, %d blocking, %d criteria\n", *kind, d.Status, len(d.BlockingFailures), len(d.Criteria))
	return nil
}

// run is one timed process: its wall time, CPU time (user plus system)
// and peak resident memory.
type run struct {
	wall, cpu time.Duration
	maxRSS    int64 // bytes
}

func timed(name string, args ...string) (run, error) { return timeProcess(false, name, args...) }

// timedExit is timed for a command whose exit status is a count, not an
// error: write-good's command line exits with the number of suggestions.
func timedExit(name string, args ...string) (run, error) { return timeProcess(true, name, args...) }

func timeProcess(anyExit bool, name string, args ...string) (run, error) {
	cmd := exec.Command(name, args...)
	cmd.Stdout, cmd.Stderr = nil, os.Stderr
	start := time.Now()
	err := cmd.Run()
	var exit *exec.ExitError
	if err != nil && !(anyExit && errors.As(err, &exit)) {
		return run{}, fmt.Errorf("%s: %w", name, err)
	}
	r := run{wall: time.Since(start), cpu: cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()}
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		r.maxRSS = ru.Maxrss << 10
	}
	return r, nil
}

// wgScript runs write-good (its default checks) once on the file named by
// the second argument; the first is the package directory.
const wgScript = `const wg = require(process.argv[1]);
const t = require("fs").readFileSync(process.argv[2], "utf8");
process.stdout.write(String(wg(t).length) + "\n");`

func compare(args []string) error {
	fs := flag.NewFlagSet("compare", flag.ExitOnError)
	wg := fs.String("writegood", "", "directory of the write-good 1.0.8 package (npm install write-good@1.0.8)")
	rounds := fs.Int("rounds", 5, "rounds, sides alternating")
	size := fs.Int("size", benchtext.MiB, "least size of the benchmark text in bytes")
	kind := fs.String("kind", "", `the kind the suite's process checks the text as ("" for none)`)
	cli := fs.Bool("cli", false, "run write-good's command line (bin/write-good.js FILE, which also prints each suggestion in context) instead of its library call")
	fs.Parse(args)
	if *wg == "" {
		return errors.New("compare: -writegood is required")
	}
	wgDir, err := filepath.Abs(*wg)
	if err != nil {
		return err
	}
	t, err := benchtext.Contracts(benchtext.ContractsDir(), *size)
	if err != nil {
		return err
	}
	dir, err := os.MkdirTemp("", "benchtool")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	file := filepath.Join(dir, "bench.txt")
	if err := os.WriteFile(file, []byte(t), 0o644); err != nil {
		return err
	}
	self, err := os.Executable()
	if err != nil {
		return err
	}
	goSide := func() (run, error) { return timed(self, "suite", "-kind", *kind, file) }
	wgSide := func() (run, error) { return timed("node", "-e", wgScript, wgDir, file) }
	if *cli {
		wgSide = func() (run, error) { return timedExit("node", filepath.Join(wgDir, "bin", "write-good.js"), file) }
	}
	fmt.Printf("text: %d bytes; suite kind %q\n", len(t), *kind)
	var wallRatios, cpuRatios []float64
	for i := range *rounds {
		sides := []func() (run, error){goSide, wgSide}
		if i%2 == 1 {
			slices.Reverse(sides)
		}
		var got [2]run
		for j, side := range sides {
			r, err := side()
			if err != nil {
				return err
			}
			got[(j+i%2)%2] = r // got[0] is the suite's, got[1] write-good's
		}
		w := got[1].wall.Seconds() / got[0].wall.Seconds()
		c := got[1].cpu.Seconds() / got[0].cpu.Seconds()
		wallRatios, cpuRatios = append(wallRatios, w), append(cpuRatios, c)
		fmt.Printf("round %d: suite %v wall %v cpu %d MB; write-good %v wall %v cpu %d MB; ratio wall %.1fx cpu %.1fx\n",
			i+1, got[0].wall.Round(time.Millisecond), got[0].cpu.Round(time.Millisecond), got[0].maxRSS>>20,
			got[1].wall.Round(time.Millisecond), got[1].cpu.Round(time.Millisecond), got[1].maxRSS>>20, w, c)
	}
	fmt.Printf("median ratio (write-good time / suite time): wall %.1fx, cpu %.1fx\n", median(wallRatios), median(cpuRatios))
	return nil
}

func median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}
