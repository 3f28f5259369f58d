// Command worker runs the evalopt loop's workflow and activity, with the
// demo's roles, on a Temporal task queue until interrupted.
//
//	go run ./worker -address 127.0.0.1:7233 -queue evalopt -delay 2s
//
// -delay makes every role call take that long, as a model call does;
// -journal appends a line to a file when each call starts and returns (see
// demo.Journaled), which shows which calls ran again after a crash.
package main

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"time"

	"go.temporal.io/sdk/activity"
	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/log"
	"go.temporal.io/sdk/worker"

	temporalloop "github.com/evalopt/evalopt/adapters/temporal"
	"github.com/evalopt/evalopt/examples/temporal/demo"
)

func main() {
	address := flag.String("address", "127.0.0.1:7233", "the Temporal frontend, host:port")
	namespace := flag.String("namespace", "default", "the Temporal namespace")
	queue := flag.String("queue", "evalopt", "the task queue")
	delay := flag.Duration("delay", 0, "how long each role call takes")
	journal := flag.String("journal", "", "append a line per role call start and return to this file")
	flag.Parse()
	if err := run(*address, *namespace, *queue, *delay, *journal, worker.InterruptCh()); err != nil {
		fmt.Fprintln(os.Stderr, "worker:", err)
		os.Exit(1)
	}
}

// run serves the queue until stop yields.
func run(address, namespace, queue string, delay time.Duration, journal string, stop <-chan any) error {
	logger := log.NewStructuredLogger(slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn})))
	c, err := client.Dial(client.Options{HostPort: address, Namespace: namespace, Logger: logger})
	if err != nil {
		return err
	}
	defer c.Close()
	roles := demo.Roles(delay)
	if journal != "" {
		f, err := os.OpenFile(journal, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
		if err != nil {
			return err
		}
		defer f.Close()
		roles = demo.Journaled(roles, f, callID)
	}
	w := worker.New(c, queue, worker.Options{})
	temporalloop.Register(w, roles)
	return w.Run(stop)
}

// callID names the role call running under ctx: its workflow and
// activity, which stay the same across Temporal's attempts.
func callID(ctx context.Context) (string, int) {
	info := activity.GetInfo(ctx)
	return info.WorkflowExecution.ID + "/" + info.ActivityID, int(info.Attempt)
}
