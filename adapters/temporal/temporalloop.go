// Package temporalloop (import path
// github.com/evalopt/evalopt/adapters/temporal) runs an evalopt loop as a
// Temporal workflow: the workflow drives a loop.Machine and one activity
// makes each role call it asks for, so the loop survives the loss of a
// worker or of the server.
//
// The package is named temporalloop, not temporal, so that it reads apart
// from the SDK's own temporal package at the call site. The crash test
// that kills the worker and the server mid-call lives with the Temporal
// example (examples/temporal/crash); the histories it records are replayed
// here (testdata).
package temporalloop

import (
	"cmp"
	"context"
	"errors"
	"time"

	"go.temporal.io/sdk/activity"
	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/worker"
	"go.temporal.io/sdk/workflow"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/loop"
)

// The names the workflow and the activity are registered under.
const WorkflowName, ActivityName = "evalopt.Loop", "evalopt.Call"

// Input is the workflow's input. Zero durations and counts take the
// defaults: a 10 s heartbeat timeout (how soon a lost worker is noticed),
// a 10 min limit per call attempt (cut to the loop's deadline), and 10
// attempts per call on lost workers. Role errors are not among them: the
// loop retries those itself (Config.Attempts) and records each attempt.
type Input struct {
	Task             evaluator.Task `json:"task"`
	Config           loop.Config    `json:"config"`
	HeartbeatTimeout time.Duration  `json:"heartbeatTimeout,omitempty"`
	CallTimeout      time.Duration  `json:"callTimeout,omitempty"`
	WorkerLosses     int32          `json:"workerLosses,omitempty"`
}

// Register registers the workflow for candidates of type C and the activity
// making the calls of roles on w. The activity runs roles.Hooks around
// every call (a span per role call, say); the workflow's own span comes
// from Temporal's OpenTelemetry interceptor.
func Register[C any](w worker.Registry, roles loop.Roles[C]) {
	w.RegisterWorkflowWithOptions(Workflow[C], workflow.RegisterOptions{Name: WorkflowName})
	w.RegisterActivityWithOptions(Activity(roles), activity.RegisterOptions{Name: ActivityName})
}

// Workflow runs the loop. It returns the loop's Result, and on failure an
// error carrying it (see ResultOf): an ApplicationError whose type is the
// loop.ErrorKind, or a CanceledError when the workflow was canceled.
func Workflow[C any](ctx workflow.Context, in Input) (loop.Result[C], error) {
	m, err := loop.Start[C](workflow.Now(ctx), in.Config, in.Task)
	for err == nil && m.Phase != loop.RoleStop {
		m.Cancel(workflow.Now(ctx), ctx.Err()) // a nil error cancels nothing
		call := m.Next(workflow.Now(ctx))
		switch call.Kind {
		case loop.CallWait:
			_ = workflow.Sleep(ctx, call.Until.Sub(workflow.Now(ctx))) // canceled: the loop top sees it
		case loop.CallRole:
			var res loop.CallResult[C]
			opts := in.options(call.Deadline.Sub(workflow.Now(ctx)))
			if err := workflow.ExecuteActivity(workflow.WithActivityOptions(ctx, opts), ActivityName, in.Task, call).Get(ctx, &res); err != nil {
				// A canceled call that ran to its end carries its outcome. Any other failure
				// means its retries on lost workers are spent, or its deadline passed.
				var canceled *temporal.CanceledError
				if !errors.As(err, &canceled) || !canceled.HasDetails() || canceled.Details(&res) != nil {
					res = loop.CallResult[C]{Err: &loop.Error{Kind: loop.ErrorPermanent, Message: err.Error()}}
					if errors.As(err, new(*temporal.TimeoutError)) {
						res.Err.Kind = loop.ErrorTimeout
					}
				}
			}
			m.Cancel(workflow.Now(ctx), ctx.Err()) // before Record: a failed call then ends the loop canceled
			m.Record(workflow.Now(ctx), res)
		}
	}
	res, err := m.Finish(workflow.Now(ctx))
	if err != nil && ctx.Err() != nil {
		return res, temporal.NewCanceledError(res)
	}
	if le := (*loop.Error)(nil); errors.As(err, &le) {
		return res, temporal.NewApplicationErrorWithOptions(err.Error(), string(le.Kind), temporal.ApplicationErrorOptions{NonRetryable: true, Details: []any{res}})
	}
	return res, err
}

// options are the activity options of one call; left is the time to the
// loop's deadline (negative when there is none).
func (in Input) options(left time.Duration) workflow.ActivityOptions {
	o := workflow.ActivityOptions{StartToCloseTimeout: cmp.Or(in.CallTimeout, 10*time.Minute), HeartbeatTimeout: cmp.Or(in.HeartbeatTimeout, 10*time.Second),
		WaitForCancellation: true, RetryPolicy: &temporal.RetryPolicy{MaximumAttempts: cmp.Or(in.WorkerLosses, 10)}}
	if grace := o.HeartbeatTimeout; left > -grace && left+grace < o.StartToCloseTimeout {
		o.StartToCloseTimeout = left + grace // the call ends itself at the deadline; grace lets it report so
	}
	return o
}

// Activity returns the activity making the role calls: loop.Roles.Invoke,
// heartbeating meanwhile so that a lost worker is noticed and a
// cancellation reaches the call's context. A call the workflow canceled
// returns its outcome inside a CanceledError, so the trace keeps it.
func Activity[C any](roles loop.Roles[C]) func(context.Context, evaluator.Task, loop.Call[C]) (loop.CallResult[C], error) {
	return func(ctx context.Context, task evaluator.Task, call loop.Call[C]) (loop.CallResult[C], error) {
		out := make(chan loop.CallResult[C], 1)
		go func() { out <- roles.Invoke(ctx, task, call) }() // Invoke recovers the role's panics
		t := time.NewTicker(cmp.Or(activity.GetInfo(ctx).HeartbeatTimeout, time.Minute) / 4)
		defer t.Stop()
		for {
			select {
			case <-t.C:
				activity.RecordHeartbeat(ctx)
			case res := <-out:
				if res.Err != nil && res.Err.Kind == loop.ErrorCanceled {
					return res, temporal.NewCanceledError(res)
				}
				return res, nil
			}
		}
	}
}

// ResultOf returns the loop.Result a failed or canceled workflow carries in
// its error, and whether it carries one.
func ResultOf[C any](err error) (res loop.Result[C], ok bool) {
	var carrier interface {
		HasDetails() bool
		Details(...any) error
	} // *temporal.ApplicationError, *temporal.CanceledError
	if errors.As(err, &carrier) && carrier.HasDetails() {
		return res, carrier.Details(&res) == nil
	}
	return res, false
}
