//go:build unix

package crash

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	enumspb "go.temporal.io/api/enums/v1"
	historypb "go.temporal.io/api/history/v1"
	"go.temporal.io/api/temporalproto"
	"go.temporal.io/api/workflowservice/v1"
	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/log"
	"go.temporal.io/sdk/worker"
	"go.temporal.io/sdk/workflow"

	temporalloop "github.com/evalopt/evalopt/adapters/temporal"
	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/examples/temporal/demo"
	"github.com/evalopt/evalopt/loop"
	"github.com/evalopt/evalopt/loop/looptest"
)

// Every wait of the test is bounded by one of these.
const (
	callDelay     = 2 * time.Second  // each role call of the demo
	heartbeat     = 2 * time.Second  // a lost worker is noticed after this
	serverUp      = 90 * time.Second // for the dev server to answer
	midCallWait   = 60 * time.Second // for the call to kill in to start
	loopFinish    = 3 * time.Minute  // for a loop to finish after the crash
	historyFetch  = 30 * time.Second
	workerLosses  = 20 // attempts per call on lost workers
	recordHistory = "EVALOPT_TEMPORAL_RECORD"
)

var quiet = log.NewStructuredLogger(slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelError})))

// TestCrash runs the demo's loop on a real Temporal dev server whose state
// is a SQLite file, and SIGKILLs, in the middle of a role call, the worker;
// then the server; then both. Each time the loop must finish with the
// Result RunLoop gives (nothing lost), and no role call Temporal recorded
// as completed may have run again. A fourth run cancels the workflow in
// the middle of a call: the canceled step keeps the role's own error.
func TestCrash(t *testing.T) {
	if os.Getenv("EVALOPT_TEMPORAL_CRASH") == "" {
		t.Skip("set EVALOPT_TEMPORAL_CRASH=1 to run the crash test against a real Temporal dev server")
	}
	dir := t.TempDir()
	cli := temporalCLI(t)
	workerBin := build(t, dir, "github.com/evalopt/evalopt/examples/temporal/worker", "worker")
	addr := "127.0.0.1:" + itoa(freePort(t))
	journal := filepath.Join(dir, "journal.jsonl")
	server := &proc{name: "server", path: cli, log: filepath.Join(dir, "server.log"), args: []string{
		"server", "start-dev", "--headless", "--ip", "127.0.0.1", "--port", strings.TrimPrefix(addr, "127.0.0.1:"),
		"--db-filename", filepath.Join(dir, "temporal.db"), "--log-level", "error"}}
	wk := &proc{name: "worker", path: workerBin, log: filepath.Join(dir, "worker.log"), args: []string{
		"-address", addr, "-queue", "crash", "-delay", callDelay.String(), "-journal", journal}}
	t.Cleanup(func() {
		wk.kill(t)
		server.kill(t)
		if t.Failed() {
			for _, f := range []string{server.log, wk.log} {
				b, _ := os.ReadFile(f)
				t.Logf("%s:\n%s", f, tail(string(b), 3000))
			}
		}
	})
	server.start(t)
	c := dial(t, addr)
	defer c.Close()
	wk.start(t)

	r := demo.Roles(0)
	want, err := loop.RunLoop(context.Background(), demo.Task, r.Generator, r.Evaluator, r.Reviser, demo.Options()...)
	require.NoError(t, err)
	wantJSON, err := looptest.Canonical(want)
	require.NoError(t, err)
	cfg, err := loop.NewConfig(demo.Options()...)
	require.NoError(t, err)
	in := temporalloop.Input{Task: demo.Task, Config: cfg, HeartbeatTimeout: heartbeat, WorkerLosses: workerLosses}

	restartServer := func() {
		server.start(t)
		dial(t, addr).Close()
	}
	crashes := []struct {
		kind  string
		call  int // the role call (from 1) in the middle of which to kill
		crash func()
	}{
		{"worker", 2, func() { wk.kill(t); wk.start(t) }},
		{"server", 3, func() { server.kill(t); restartServer() }},
		{"both", 4, func() { wk.kill(t); server.kill(t); restartServer(); wk.start(t) }},
	}
	for _, cr := range crashes {
		t.Run(cr.kind, func(t *testing.T) {
			id := "crash-" + cr.kind
			start := time.Now()
			_, err := c.ExecuteWorkflow(context.Background(), client.StartWorkflowOptions{ID: id, TaskQueue: "crash"}, temporalloop.WorkflowName, in)
			require.NoError(t, err)
			key := waitMidCall(t, journal, id, cr.call)
			cr.crash()
			t.Logf("killed %s in the middle of call %s", cr.kind, key)

			got, err := result(t, c, id)
			require.NoError(t, err)
			gotJSON, err := looptest.Canonical(got)
			require.NoError(t, err)
			assert.Equal(t, string(wantJSON), string(gotJSON), "the Result RunLoop gives: nothing lost")

			completed := completedAttempts(t, c, id)
			entries := readJournal(t, journal, id)
			reruns := 0
			for _, e := range entries {
				att, ok := completed[e.Key]
				require.True(t, ok, "call %s ran but is not in the history", e.Key)
				assert.LessOrEqual(t, e.Attempt, att, "call %s ran again after Temporal recorded it completed", e.Key)
				if e.Event == "start" && e.Attempt > 1 {
					reruns++
				}
			}
			assert.Len(t, completed, len(got.Trace), "one completed activity per trace step")
			if cr.kind != "server" {
				// The worker running the call died: Temporal ran it again
				// once the heartbeat timeout noticed. When only the server
				// dies, the worker finishes the call and delivers its
				// outcome once the server is back, or Temporal runs it again.
				assert.GreaterOrEqual(t, reruns, 1, "the call killed mid-way ran again")
			}
			t.Logf("%s: %d steps, %d calls started again after the crash (none completed before), %v", cr.kind, len(got.Trace), reruns, time.Since(start).Round(100*time.Millisecond))
			replay(t, c, id)
		})
	}

	t.Run("cancel", func(t *testing.T) {
		id := "crash-cancel"
		run, err := c.ExecuteWorkflow(context.Background(), client.StartWorkflowOptions{ID: id, TaskQueue: "crash"}, temporalloop.WorkflowName, in)
		require.NoError(t, err)
		waitMidCall(t, journal, id, 2)
		ctx, cancel := context.WithTimeout(context.Background(), historyFetch)
		defer cancel()
		require.NoError(t, c.CancelWorkflow(ctx, id, run.GetRunID()))
		got, err := result(t, c, id)
		require.Error(t, err)
		assert.Equal(t, evaluator.StopCanceled, got.StopReason)
		require.Len(t, got.Trace, 2)
		assert.Equal(t, "context canceled", got.Trace[1].Err, "the role's own outcome, as RunLoop records it")
		replay(t, c, id)
	})
}

// dial waits for the server to answer and for its default namespace.
func dial(t *testing.T, addr string) client.Client {
	t.Helper()
	deadline := time.Now().Add(serverUp)
	for {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		c, err := client.DialContext(ctx, client.Options{HostPort: addr, Logger: quiet})
		if err == nil {
			_, err = c.WorkflowService().DescribeNamespace(ctx, &workflowservice.DescribeNamespaceRequest{Namespace: "default"})
			if err == nil {
				cancel()
				return c
			}
			c.Close()
		}
		cancel()
		if time.Now().After(deadline) {
			t.Fatalf("the Temporal server at %s did not answer within %v: %v", addr, serverUp, err)
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// waitMidCall waits until the n-th role call of workflow id has started
// and not returned, and returns its key.
func waitMidCall(t *testing.T, journal, id string, n int) string {
	t.Helper()
	deadline := time.Now().Add(midCallWait)
	for {
		var started []string
		done := map[string]bool{}
		for _, e := range readJournal(t, journal, id) {
			switch e.Event {
			case "start":
				if !contains(started, e.Key) {
					started = append(started, e.Key)
				}
			case "done":
				done[e.Key] = true
			}
		}
		if len(started) >= n {
			key := started[n-1]
			require.False(t, done[key], "call %d of %s returned before it could be killed", n, id)
			return key
		}
		if time.Now().After(deadline) {
			t.Fatalf("call %d of %s did not start within %v", n, id, midCallWait)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// result waits for workflow id's Result, across server restarts.
func result(t *testing.T, c client.Client, id string) (loop.Result[string], error) {
	t.Helper()
	deadline := time.Now().Add(loopFinish)
	for {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		var res loop.Result[string]
		err := c.GetWorkflow(ctx, id, "").Get(ctx, &res)
		cancel()
		if err == nil {
			return res, nil
		}
		if r, ok := temporalloop.ResultOf[string](err); ok {
			return r, err
		}
		if time.Now().After(deadline) {
			t.Fatalf("workflow %s did not finish within %v: %v", id, loopFinish, err)
		}
		time.Sleep(500 * time.Millisecond) // the server is coming back
	}
}

// history returns workflow id's event history.
func history(t *testing.T, c client.Client, id string) *historypb.History {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), historyFetch)
	defer cancel()
	h := &historypb.History{}
	it := c.GetWorkflowHistory(ctx, id, "", false, enumspb.HISTORY_EVENT_FILTER_TYPE_ALL_EVENT)
	for it.HasNext() {
		e, err := it.Next()
		require.NoError(t, err)
		h.Events = append(h.Events, e)
	}
	return h
}

// completedAttempts maps the key of every role call Temporal recorded as
// completed (or canceled with its outcome) to the attempt that completed it.
func completedAttempts(t *testing.T, c client.Client, id string) map[string]int {
	t.Helper()
	h := history(t, c, id)
	activityOf := map[int64]string{} // scheduled event ID -> activity ID
	attemptOf := map[int64]int{}     // started event ID -> attempt
	out := map[string]int{}
	for _, e := range h.Events {
		switch {
		case e.GetActivityTaskScheduledEventAttributes() != nil:
			activityOf[e.EventId] = e.GetActivityTaskScheduledEventAttributes().ActivityId
		case e.GetActivityTaskStartedEventAttributes() != nil:
			attemptOf[e.EventId] = int(e.GetActivityTaskStartedEventAttributes().Attempt)
		case e.GetActivityTaskCompletedEventAttributes() != nil:
			a := e.GetActivityTaskCompletedEventAttributes()
			out[id+"/"+activityOf[a.ScheduledEventId]] = attemptOf[a.StartedEventId]
		}
	}
	return out
}

// replay replays workflow id's history against the workflow's code, and
// writes it to the replay test's testdata when EVALOPT_TEMPORAL_RECORD=1.
func replay(t *testing.T, c client.Client, id string) {
	t.Helper()
	h := history(t, c, id)
	r := worker.NewWorkflowReplayer()
	r.RegisterWorkflowWithOptions(temporalloop.Workflow[string], workflow.RegisterOptions{Name: temporalloop.WorkflowName})
	require.NoError(t, r.ReplayWorkflowHistory(quiet, h), "the recorded history replays")
	if os.Getenv(recordHistory) == "1" {
		b, err := temporalproto.CustomJSONMarshalOptions{Indent: "  "}.Marshal(h)
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join("..", "..", "..", "adapters", "temporal", "testdata", id+".json"), append(b, '\n'), 0o644))
	}
}

// readJournal returns the journal's entries for workflow id.
func readJournal(t *testing.T, path, id string) []demo.Entry {
	t.Helper()
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	require.NoError(t, err)
	defer f.Close()
	var out []demo.Entry
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var e demo.Entry
		if json.Unmarshal(sc.Bytes(), &e) != nil {
			continue // a line being written
		}
		if strings.HasPrefix(e.Key, id+"/") {
			out = append(out, e)
		}
	}
	return out
}

func contains(s []string, v string) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}

func tail(s string, n int) string {
	if len(s) > n {
		return fmt.Sprint("...", s[len(s)-n:])
	}
	return s
}
