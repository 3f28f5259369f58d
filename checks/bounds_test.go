package checks

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/evalopt/evalopt/checks/checktest"
	"github.com/evalopt/evalopt/checks/internal/benchtext"
	"github.com/evalopt/evalopt/evaluator"
)

// boundChildEnv names, in a child process of TestProcessBounds, the input
// it runs the suite on: "name:bytes".
const boundChildEnv = "EVALOPT_BOUND_CHILD"

// The bounds of docs/performance.md: peak RSS of a process running the
// default suite once, and its time, on any 1 MB and any 20 MB input.
const (
	rss1MB  = 64 << 20
	rss20MB = 1 << 30
	time20  = 30 * time.Second
)

// boundInputs are the inputs of the bounds: the adversarial ones and the
// realistic memo.
var boundInputs = append(append([]string(nil), benchtext.AdversarialNames...), "memo")

// TestProcessBounds runs the default suite once per input in a fresh
// process (this test binary, re-executed) on 1 MB and on 20 MB of each
// input — straight quotes, opening brackets, clause references, newlines
// and the realistic memo — as a review memo whose source is the fixture
// contract, and checks each process's peak RSS (its own VmHWM, else
// getrusage's Maxrss) and
// wall time against the bounds. It runs outside -race and -short, where
// the figures mean nothing and the 20 MB runs take minutes;
// EVALOPT_BOUNDS_SIZES (say "1") limits the sizes, in MiB.
func TestProcessBounds(t *testing.T) {
	if raceEnabled || testing.Short() {
		t.Skip("bounds are measured outside -race and -short")
	}
	sizes := []int{1, 20}
	if v := os.Getenv("EVALOPT_BOUNDS_SIZES"); v != "" {
		sizes = nil
		for _, f := range strings.Split(v, ",") {
			n, err := strconv.Atoi(f)
			if err != nil {
				t.Fatalf("EVALOPT_BOUNDS_SIZES: %v", err)
			}
			sizes = append(sizes, n)
		}
	}
	for _, mb := range sizes {
		for _, name := range boundInputs {
			t.Run(fmt.Sprintf("%s-%dMB", name, mb), func(t *testing.T) {
				cmd := exec.Command(os.Args[0], "-test.run=^TestProcessBoundsChild$", "-test.v")
				cmd.Env = append(os.Environ(), fmt.Sprintf("%s=%s:%d", boundChildEnv, name, mb*benchtext.MiB))
				start := time.Now()
				out, err := cmd.CombinedOutput()
				wall := time.Since(start)
				if err != nil {
					t.Fatalf("child: %v\n%s", err, out)
				}
				ru, _ := cmd.ProcessState.SysUsage().(*syscall.Rusage)
				if ru == nil {
					t.Skip("no rusage on this platform")
				}
				rss := ru.Maxrss << 10
				if hwm, ok := childPeakRSS(out); ok {
					rss = hwm
				}
				cpu := cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
				t.Logf("%s %d MB: peak RSS %d MB, wall %v, cpu %v", name, mb, rss>>20, wall.Round(time.Millisecond), cpu.Round(time.Millisecond))
				limit := int64(rss1MB)
				if mb > 1 {
					limit = rss20MB
					if wall > time20 {
						t.Errorf("%s %d MB: %v, want at most %v", name, mb, wall.Round(time.Millisecond), time20)
					}
				}
				if rss > limit {
					t.Errorf("%s %d MB: peak RSS %d MB, want at most %d MB", name, mb, rss>>20, limit>>20)
				}
			})
		}
	}
}

// TestProcessBoundsChild is the child of TestProcessBounds: it does
// nothing unless boundChildEnv names its input.
func TestProcessBoundsChild(t *testing.T) {
	spec := os.Getenv(boundChildEnv)
	if spec == "" {
		t.Skip("run by TestProcessBounds")
	}
	name, n, _ := strings.Cut(spec, ":")
	size, err := strconv.Atoi(n)
	if err != nil {
		t.Fatal(err)
	}
	task, text := boundTask(t, name, size)
	if _, err := DefaultSuite().Evaluate(context.Background(), task, text); err != nil {
		t.Fatal(err)
	}
	// The process's own high-water mark. getrusage's Maxrss of a child
	// counts the parent's memory at the fork too (Go starts children
	// with vfork, which shares the parent's memory until the exec), so a
	// parent that has run the corpus tests would be measured, not the
	// suite.
	if b, err := os.ReadFile("/proc/self/status"); err == nil {
		for _, line := range strings.Split(string(b), "\n") {
			if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
				fmt.Printf("%s %s\n", hwmMarker, strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")))
			}
		}
	}
}

// hwmMarker opens the line where the child of TestProcessBounds reports
// its peak resident memory, in kB.
const hwmMarker = "BOUNDS-VMHWM-KB"

// childPeakRSS returns the peak RSS the child reported in out, in bytes,
// or ok false when it reported none (no /proc).
func childPeakRSS(out []byte) (int64, bool) {
	for _, line := range strings.Split(string(out), "\n") {
		if v, ok := strings.CutPrefix(line, hwmMarker+" "); ok {
			if kb, err := strconv.ParseInt(strings.TrimSpace(v), 10, 64); err == nil {
				return kb << 10, true
			}
		}
	}
	return 0, false
}

// boundTask returns the input name at size as a review memo task whose
// source is the fixture contract.
func boundTask(tb testing.TB, name string, size int) (evaluator.Task, string) {
	tb.Helper()
	if name == "memo" {
		return memoTask(tb, size)
	}
	task, _ := memoTask(tb, 1)
	text, err := benchtext.Adversarial(name, size)
	if err != nil {
		tb.Fatal(err)
	}
	return task, text
}

// BenchmarkBoundInputs runs the default suite on 1 MB of each input of
// TestProcessBounds (as a review memo whose source is the fixture
// contract), in process: the throughput behind the bounds' times.
func BenchmarkBoundInputs(b *testing.B) {
	s := DefaultSuite()
	for _, name := range boundInputs {
		task, text := boundTask(b, name, benchtext.MiB)
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(len(text)))
			b.ReportAllocs()
			start := checktest.ProcessCPU()
			for b.Loop() {
				if _, err := s.Evaluate(context.Background(), task, text); err != nil {
					b.Fatal(err)
				}
			}
			checktest.ReportCPU(b, start, len(text))
		})
	}
}
