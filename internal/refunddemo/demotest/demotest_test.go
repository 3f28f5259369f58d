package demotest_test

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"sync"
	"testing"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/evaluator/provider"
	"github.com/evalopt/evalopt/internal/adapterkit"
	"github.com/evalopt/evalopt/internal/refunddemo"
	"github.com/evalopt/evalopt/internal/refunddemo/demotest"
	"github.com/evalopt/evalopt/loop"
)

var update = flag.Bool("update", false, "rewrite testdata/output.golden with the current output")

// The shared tests run here against an in-memory example: the script
// answers each call directly (no HTTP), through adapterkit's roles, and
// each call reports a fixed cost per role, the way an adapter prices usage.

var cost = loop.RoleCosts{Generate: 0.001, Evaluate: 0.004, Revise: 0.002}

// endpoint counts the calls, as a fake server counts requests.
type endpoint struct {
	url            string
	mu             sync.Mutex
	calls          int
	rateLimitFirst bool
}

func (e *endpoint) URL() string { return e.url }
func (e *endpoint) Close()      {}
func (e *endpoint) Count() int {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.calls
}

// complete answers like the scripted models behind a fake endpoint.
func (e *endpoint) complete(judging bool) adapterkit.CompleteFunc {
	return func(ctx context.Context, _, user string) (string, error) {
		e.mu.Lock()
		e.calls++
		first := e.calls == 1
		e.mu.Unlock()
		if e.rateLimitFirst && first {
			return "", &provider.ProviderError{Provider: "memory", StatusCode: 429, Message: "slow down"}
		}
		role, text := refunddemo.Reply(user, judging)
		provider.AddCost(ctx, map[loop.Role]float64{loop.RoleGenerate: cost.Generate, loop.RoleEvaluate: cost.Evaluate, loop.RoleRevise: cost.Revise}[role])
		return text, nil
	}
}

// endpoints maps a URL's endpoint for newRoles, as an SDK client finds its
// server.
var (
	endpointsMu sync.Mutex
	endpoints   = map[string]*endpoint{}
)

func serve(rateLimitFirst bool) refunddemo.Endpoint {
	endpointsMu.Lock()
	e := &endpoint{url: fmt.Sprintf("memory://refund/%d", len(endpoints)), rateLimitFirst: rateLimitFirst}
	endpoints[e.url] = e
	endpointsMu.Unlock()
	return e
}

func newRoles(baseURL, writer, judge string) (refunddemo.Roles, error) {
	endpointsMu.Lock()
	e, ok := endpoints[baseURL]
	endpointsMu.Unlock()
	if !ok {
		return refunddemo.Roles{}, errors.New("no endpoint at " + baseURL)
	}
	return refunddemo.NewRoles(writer, judge, func(model string) (refunddemo.Client, error) {
		return client{e, model}, nil
	})
}

// client is a refunddemo.Client on the in-memory endpoint.
type client struct {
	e     *endpoint
	model string
}

func (c client) Generator(instructions string) *adapterkit.Generator {
	return adapterkit.NewGenerator(c.e.complete(false), c.model, instructions)
}

func (c client) Reviser(instructions string) *adapterkit.Reviser {
	return adapterkit.NewReviser(c.e.complete(false), c.model, instructions)
}

func (c client) DecisionJudge() evaluator.Evaluator[string] {
	return adapterkit.DecisionJudge(c.e.complete(true), c.model)
}

func example() demotest.Example {
	return demotest.Example{
		Run: func(w io.Writer) error {
			return refunddemo.RunOn(w, serve(false), func(u string) (refunddemo.Roles, error) { return newRoles(u, "small-writer", "large-judge") })
		},
		Golden:     filepath.Join("testdata", "output.golden"),
		Update:     *update,
		Serve:      serve,
		NewRoles:   newRoles,
		Models:     [2]string{"small-writer", "large-judge"},
		SameFamily: [2]string{"writer", "memory/writer-2025-01-01"},
		Cost:       cost,
	}
}

func TestOutput(t *testing.T)              { demotest.TestOutput(t, example()) }
func TestRefundLoopEndToEnd(t *testing.T)  { demotest.TestRefundLoopEndToEnd(t, example()) }
func TestMaxCostStopsTheLoop(t *testing.T) { demotest.TestMaxCostStopsTheLoop(t, example()) }
func TestSameFamilyRefused(t *testing.T)   { demotest.TestSameFamilyRefused(t, example()) }
func TestRateLimitedDraftRetriedOnce(t *testing.T) {
	demotest.TestRateLimitedDraftRetriedOnce(t, example())
}
