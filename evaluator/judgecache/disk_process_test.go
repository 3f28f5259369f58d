package judgecache_test

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/evaluator/judgecache"
)

// The multi-process tests re-execute this test binary: a child runs the
// same test function with these variables set and does a worker's part.
const (
	childRole  = "JUDGECACHE_TEST_ROLE"
	childDir   = "JUDGECACHE_TEST_DIR"
	childSeed  = "JUDGECACHE_TEST_SEED"
	childBound = "JUDGECACHE_TEST_BOUND"
	childPad   = "JUDGECACHE_TEST_PAD"
)

// writerJudge answers as digestJudge and signs its decision, so that a
// worker can tell an entry another process stored.
type writerJudge struct {
	digestJudge[string]
	writer string
}

func (j *writerJudge) Evaluate(ctx context.Context, task evaluator.Task, c string) (evaluator.EvaluationDecision, error) {
	d, err := j.digestJudge.Evaluate(ctx, task, c)
	d.Criteria = append(d.Criteria, evaluator.Criterion{Name: "writer", Passed: true, EvidenceRefs: []string{}, Reason: j.writer})
	return d, err
}

// syncBuffer is a bytes.Buffer a child writes while the test reads it.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}

func startChild(t *testing.T, test, role, dir string, seed int, bound int64, env ...string) (*exec.Cmd, *syncBuffer) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^"+test+"$", "-test.count=1")
	cmd.Env = append(os.Environ(), childRole+"="+role, childDir+"="+dir,
		childSeed+"="+strconv.Itoa(seed), childBound+"="+strconv.FormatInt(bound, 10))
	cmd.Env = append(cmd.Env, env...)
	out := &syncBuffer{}
	cmd.Stdout, cmd.Stderr = out, out
	require.NoError(t, cmd.Start())
	return cmd, out
}

// processCandidate is candidate i of the shared pool: about 1 KB, so that
// a small bound holds a few dozen entries.
func processCandidate(i int) string {
	return fmt.Sprintf("candidate %d: %s", i, strings.Repeat("padding ", 120))
}

// TestDiskStoreProcesses: four processes judge from one pool through
// Caches on one folder. None is served a wrong decision; they are served
// each other's entries; the folder never passes its bound, checked under
// the lock while they run.
func TestDiskStoreProcesses(t *testing.T) {
	if os.Getenv(childRole) == "worker" {
		diskWorker(t)
		return
	}
	dir, bound := t.TempDir(), int64(48<<10)
	monitor, err := judgecache.NewDiskStore(dir, bound)
	require.NoError(t, err)
	defer monitor.Close()
	type child struct {
		cmd  *exec.Cmd
		out  *syncBuffer
		done chan error
	}
	var children []child
	procs := 4
	if testing.Short() {
		procs = 2 // still processes sharing one folder; the local test command runs -short, CI runs four
	}
	for i := range procs {
		cmd, out := startChild(t, "TestDiskStoreProcesses", "worker", dir, i, bound)
		c := child{cmd, out, make(chan error, 1)}
		go func() { c.done <- cmd.Wait() }()
		children = append(children, c)
	}
	checks, maxSeen := 0, int64(0)
	for _, c := range children {
	wait:
		for {
			select {
			case err := <-c.done:
				require.NoError(t, err, "worker output:\n%s", c.out)
				break wait
			case <-time.After(5 * time.Millisecond):
				n, err := monitor.LockedBytes()
				require.NoError(t, err)
				require.LessOrEqual(t, n, bound, "the folder passed its bound while the workers ran")
				checks, maxSeen = checks+1, max(maxSeen, n)
			}
		}
	}
	var foreign, judged int
	for _, c := range children {
		line := lastLine(c.out.String(), "worker ")
		t.Log(line)
		var seed, f, m int
		_, err := fmt.Sscanf(line, "worker %d: %d served from other processes, %d judged", &seed, &f, &m)
		require.NoError(t, err, "worker output:\n%s", c.out)
		foreign, judged = foreign+f, judged+m
	}
	t.Logf("%d bound checks under the lock while the workers ran, largest %d of %d bytes", checks, maxSeen, bound)
	assert.Positive(t, foreign, "processes are served each other's entries")
	n, err := monitor.LockedBytes()
	require.NoError(t, err)
	assert.LessOrEqual(t, n, bound)
	assert.Equal(t, n, monitor.Bytes(), "the ledger counts the folder")
	assertEntriesIntact(t, dir)
}

// diskWorker is a child's part of TestDiskStoreProcesses: 300 evaluations
// of random candidates of a pool of 120, each checked against a fresh
// decision.
func diskWorker(t *testing.T) {
	seed, _ := strconv.Atoi(os.Getenv(childSeed))
	bound, _ := strconv.ParseInt(os.Getenv(childBound), 10, 64)
	s, err := judgecache.NewDiskStore(os.Getenv(childDir), bound)
	require.NoError(t, err)
	defer s.Close()
	me := "worker-" + strconv.Itoa(seed)
	c, err := judgecache.NewCache[string](&writerJudge{digestJudge[string]{id: "j"}, me}, nil, s)
	require.NoError(t, err)
	rng := rand.New(rand.NewPCG(uint64(seed), 1))
	task := sampleTask()
	foreign := 0
	for range 300 {
		cand := processCandidate(rng.IntN(120))
		d, err := c.Evaluate(context.Background(), task, cand)
		require.NoError(t, err)
		require.Equal(t, digestOf(digestDecision("j", task, cand)), digestOf(d), "a wrong decision served")
		if judgecache.IsCached(d) && d.Criteria[1].Reason != me {
			foreign++
		}
	}
	st := c.Stats()
	fmt.Printf("worker %d: %d served from other processes, %d judged, %d hits, %d store errors\n", seed, foreign, st.Misses, st.Hits, st.StoreErrors)
}

// TestDiskStoreKilledWriters: processes killed (SIGKILL) in the middle of
// writing large entries leave no entry that decodes to a wrong decision,
// and a ledger that never counts less than the folder holds.
func TestDiskStoreKilledWriters(t *testing.T) {
	if os.Getenv(childRole) == "hammer" {
		diskHammer(t)
		return
	}
	// Under -short (the local test command) the entries are a quarter the
	// size in a quarter the bound: the same twenty writes each before the
	// kill, the same evictions, a quarter of the bytes. CI runs 512 KB
	// entries in 8 MB.
	dir, bound, pad := t.TempDir(), int64(8<<20), 512<<10
	if testing.Short() {
		bound, pad = 2<<20, 128<<10
	}
	var cmds []*exec.Cmd
	var outs []*syncBuffer
	for i := range 2 {
		cmd, out := startChild(t, "TestDiskStoreKilledWriters", "hammer", dir, i, bound, childPad+"="+strconv.Itoa(pad))
		cmds, outs = append(cmds, cmd), append(outs, out)
	}
	deadline := time.Now().Add(60 * time.Second)
	for _, out := range outs { // wait until each has stored a few entries
		for !strings.Contains(out.String(), "stored 20") {
			require.True(t, time.Now().Before(deadline), "hammer did not start:\n%s", out)
			time.Sleep(5 * time.Millisecond)
		}
	}
	for _, cmd := range cmds {
		require.NoError(t, cmd.Process.Signal(syscall.SIGKILL))
		_ = cmd.Wait()
	}
	s, err := judgecache.NewDiskStore(dir, bound)
	require.NoError(t, err)
	defer s.Close()
	n, err := s.LockedBytes()
	require.NoError(t, err)
	assert.LessOrEqual(t, n, bound)
	assert.GreaterOrEqual(t, s.Bytes(), n, "the ledger never counts less than the folder holds")
	intact := assertEntriesIntact(t, dir)
	temps, _ := os.ReadDir(filepath.Join(dir, "tmp"))
	t.Logf("after killing 2 writers of %d KB entries: %d entries intact, %d bytes held (ledger %d), %d temporary files left", pad>>10, intact, n, s.Bytes(), len(temps))
	require.NoError(t, s.Put(context.Background(), hexKey(1), entryOf(digestDecision("j", evaluator.Task{}, 1))))
}

// diskHammer puts entries of the parent's size (512 KB, or 128 KB under
// -short) in a loop until it is killed.
func diskHammer(t *testing.T) {
	seed, _ := strconv.Atoi(os.Getenv(childSeed))
	bound, _ := strconv.ParseInt(os.Getenv(childBound), 10, 64)
	size, err := strconv.Atoi(os.Getenv(childPad))
	require.NoError(t, err, childPad)
	s, err := judgecache.NewDiskStore(os.Getenv(childDir), bound)
	require.NoError(t, err)
	pad := strings.Repeat("x", size)
	for i := 0; ; i++ {
		key := hexKey(seed<<20 | i%100)
		d := evaluator.EvaluationDecision{Status: evaluator.StatusPass, Criteria: []evaluator.Criterion{
			{Name: "digest", Passed: true, Reason: "for:" + key}, {Name: "pad", Passed: true, Reason: pad}}}
		require.NoError(t, s.Put(context.Background(), key, judgecache.Entry{Decision: d, Stored: time.Now()}))
		if i%20 == 0 {
			fmt.Printf("stored %d\n", i)
		}
	}
}

// assertEntriesIntact reads every entry file in dir: each must decode for
// the key it is stored under, to the decision made for that key (a
// digestDecision, or a hammer's "for:KEY"). It returns how many it read.
func assertEntriesIntact(t *testing.T, dir string) int {
	t.Helper()
	n := 0
	err := filepath.WalkDir(filepath.Join(dir, "entries"), func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(path)
		require.NoError(t, err)
		e, err := judgecache.DecodeEntry(d.Name(), b)
		require.NoError(t, err, "entry %s", d.Name())
		if r := e.Decision.Criteria[0].Reason; strings.HasPrefix(r, "for:") {
			require.Equal(t, "for:"+d.Name(), r)
		}
		n++
		return nil
	})
	require.NoError(t, err)
	return n
}

func lastLine(out, prefix string) string {
	lines := strings.Split(out, "\n")
	for i := len(lines) - 1; i >= 0; i-- {
		if strings.HasPrefix(lines[i], prefix) {
			return lines[i]
		}
	}
	return ""
}
