// Command starter runs the demo's loop as a Temporal workflow (or attaches
// to the run already going under the same ID) and prints its trace and
// outcome, on failure too.
//
//	go run ./starter -address 127.0.0.1:7233 -queue evalopt -id refund-42
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	enumspb "go.temporal.io/api/enums/v1"
	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/temporal"

	temporalloop "github.com/evalopt/evalopt/adapters/temporal"
	"github.com/evalopt/evalopt/examples/temporal/demo"
	"github.com/evalopt/evalopt/loop"
)

func main() {
	address := flag.String("address", "127.0.0.1:7233", "the Temporal frontend, host:port")
	namespace := flag.String("namespace", "default", "the Temporal namespace")
	queue := flag.String("queue", "evalopt", "the task queue")
	id := flag.String("id", "refund-42", "the workflow ID; starting again attaches to the run under way")
	wait := flag.Duration("wait", 30*time.Minute, "how long to wait for the loop")
	heartbeat := flag.Duration("heartbeat", 0, "the activities' heartbeat timeout (0: the default, 10s)")
	asJSON := flag.Bool("json", false, "print the Result as JSON instead of a table")
	flag.Parse()
	ctx, cancel := context.WithTimeout(context.Background(), *wait)
	defer cancel()
	res, err := run(ctx, *address, *namespace, *queue, *id, *heartbeat)
	if err != nil && res.Outcome == "" {
		fmt.Fprintln(os.Stderr, "starter:", err)
		os.Exit(1)
	}
	if *asJSON {
		_ = json.NewEncoder(os.Stdout).Encode(res)
	} else {
		printResult(os.Stdout, res, err)
	}
	if err != nil {
		os.Exit(2)
	}
}

// run starts the workflow, or attaches to it, and waits for its Result.
func run(ctx context.Context, address, namespace, queue, id string, heartbeat time.Duration) (loop.Result[string], error) {
	cfg, err := loop.NewConfig(demo.Options()...)
	if err != nil {
		return loop.Result[string]{}, err
	}
	c, err := client.DialContext(ctx, client.Options{HostPort: address, Namespace: namespace})
	if err != nil {
		return loop.Result[string]{}, err
	}
	defer c.Close()
	run, err := c.ExecuteWorkflow(ctx, client.StartWorkflowOptions{
		ID: id, TaskQueue: queue, WorkflowIDConflictPolicy: enumspb.WORKFLOW_ID_CONFLICT_POLICY_USE_EXISTING,
	}, temporalloop.WorkflowName, temporalloop.Input{Task: demo.Task, Config: cfg, HeartbeatTimeout: heartbeat})
	if err != nil {
		return loop.Result[string]{}, err
	}
	var res loop.Result[string]
	err = run.Get(ctx, &res)
	if r, ok := temporalloop.ResultOf[string](err); ok {
		res = r
	}
	return res, err
}

// printResult writes the trace as a table, then the outcome.
func printResult(w io.Writer, res loop.Result[string], err error) {
	for _, s := range res.Trace {
		line := fmt.Sprintf("%d %-8s %d %-6s %.3f %s", s.Index, s.Role, s.Attempt, s.Decision.Status, s.Cost, s.Err)
		fmt.Fprintln(w, strings.TrimRight(line, " "))
	}
	fmt.Fprintf(w, "%s (%s) after %d revision(s), cost %.3f\n", res.Outcome, res.StopReason, res.Revisions, res.Cost)
	if err != nil {
		kind := "error"
		var app *temporal.ApplicationError // its type is the loop.ErrorKind
		if errors.As(err, &app) {
			kind = app.Type()
		} else if temporal.IsCanceledError(err) {
			kind = string(loop.ErrorCanceled)
		}
		fmt.Fprintf(w, "%s: %v\n", kind, err)
	}
	fmt.Fprintln(w, res.Candidate)
}
