package einoloop

import (
	"context"
	"errors"

	"github.com/cloudwego/eino/compose"
	"github.com/cloudwego/eino/schema"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/loop"
)

// Loop holds a loop's roles and options. The zero Options are the loop's
// defaults. A Loop is safe for concurrent use if its roles are.
type Loop[C any] struct {
	// Generator proposes the first candidate.
	Generator loop.Generator[C]
	// Evaluator judges each candidate.
	Evaluator evaluator.Evaluator[C]
	// Reviser revises a candidate the evaluator sent back.
	Reviser loop.Reviser[C]
	// Options configure the loop (budgets, hooks, retries, models).
	Options []loop.Option
}

// errNoStop would mean loop.Steps ended without its final step.
var errNoStop = errors.New("einoloop: the loop yielded no final step")

// Invoke runs the loop on task and returns its final step (Role
// loop.RoleStop; its Result field holds the Result). When the loop fails,
// the error carries the Result (loop.Fail), returned with the step.
func (l Loop[C]) Invoke(ctx context.Context, task evaluator.Task) (loop.Step[C], error) {
	for s, err := range loop.Steps(ctx, task, l.Generator, l.Evaluator, l.Reviser, l.Options...) {
		if s.Role == loop.RoleStop {
			return s, loop.Fail(*s.Result, err)
		}
	}
	return loop.Step[C]{}, errNoStop
}

// Stream runs the loop on task in a goroutine and sends each step on the
// returned reader as soon as the role call returns, then the final step;
// when the loop fails, one more item's error carries the Result (loop.Fail).
//
// The loop never runs ahead of the reader: after each step it waits until
// the reader asks for the next item before it calls the next role, so
// closing the reader stops the loop before its next role call. The reader
// must be read to io.EOF or closed, as every Eino stream.
func (l Loop[C]) Stream(ctx context.Context, task evaluator.Task) (*schema.StreamReader[loop.Step[C]], error) {
	sr, sw := schema.Pipe[item[C]](0)
	go func() {
		defer sw.Close()
		for s, err := range loop.Steps(ctx, task, l.Generator, l.Evaluator, l.Reviser, l.Options...) {
			if closed := sw.Send(item[C]{step: s}, nil); closed {
				return // breaking out of Steps stops the loop
			}
			if s.Role == loop.RoleStop {
				if err != nil {
					sw.Send(item[C]{}, loop.Fail(*s.Result, err))
				}
				return
			}
			// The pipe is unbuffered: this send returns only when the
			// reader calls Recv again, or reports that it closed.
			if closed := sw.Send(item[C]{gate: true}, nil); closed {
				return
			}
		}
	}()
	return schema.StreamReaderWithConvert(sr, func(it item[C]) (loop.Step[C], error) {
		if it.gate {
			return loop.Step[C]{}, schema.ErrNoValue
		}
		return it.step, nil
	}), nil
}

// item is what Stream's pipe carries: a step, or a gate the reader passes
// by asking for the next item.
type item[C any] struct {
	step loop.Step[C]
	gate bool
}

// Lambda returns the loop as an Eino compose node: input evaluator.Task,
// output loop.Step[C], with Invoke and Stream as above (Eino derives Collect
// and Transform from them). opts are passed to compose.AnyLambda.
func (l Loop[C]) Lambda(opts ...compose.LambdaOpt) *compose.Lambda {
	invoke := func(ctx context.Context, task evaluator.Task, _ ...struct{}) (loop.Step[C], error) {
		return l.Invoke(ctx, task)
	}
	stream := func(ctx context.Context, task evaluator.Task, _ ...struct{}) (*schema.StreamReader[loop.Step[C]], error) {
		return l.Stream(ctx, task)
	}
	lambda, err := compose.AnyLambda(invoke, stream, nil, nil, opts...)
	if err != nil { // unreachable: invoke and stream are set
		panic(err)
	}
	return lambda
}
