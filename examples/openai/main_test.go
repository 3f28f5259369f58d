package main

import (
	"flag"
	"path/filepath"
	"testing"

	"github.com/evalopt/evalopt/examples/openai/internal/fakeopenai"
	"github.com/evalopt/evalopt/internal/refunddemo"
	"github.com/evalopt/evalopt/internal/refunddemo/demotest"
	"github.com/evalopt/evalopt/loop"
)

var update = flag.Bool("update", false, "rewrite testdata/output.golden with the current output")

// example describes this program to the tests every provider example
// shares.
func example() demotest.Example {
	return demotest.Example{
		Run:    run,
		Golden: filepath.Join("testdata", "output.golden"),
		Update: *update,
		Serve: func(rateLimitFirst bool) refunddemo.Endpoint {
			return fakeopenai.New(func(r fakeopenai.Request) fakeopenai.Reply {
				if rateLimitFirst && r.N == 1 {
					return fakeopenai.RateLimited()
				}
				return models(r)
			})
		},
		NewRoles:   newRoles,
		Models:     [2]string{writerModel, judgeModel},
		SameFamily: [2]string{"gpt-4.1", "openai/gpt-4.1-2025-04-14"},
		// writer: 320 in, 60 out at 0.40/1.60; judge: 426 in + 1024
		// cached, 210 out at 2.00/0.50/8.00; reviser: 520 in, 70 out.
		Cost: loop.RoleCosts{
			Generate: (320*0.40 + 60*1.60) / 1e6,
			Evaluate: (426*2.00 + 1024*0.50 + 210*8.00) / 1e6,
			Revise:   (520*0.40 + 70*1.60) / 1e6,
		},
	}
}

func TestOutput(t *testing.T)              { demotest.TestOutput(t, example()) }
func TestRefundLoopEndToEnd(t *testing.T)  { demotest.TestRefundLoopEndToEnd(t, example()) }
func TestMaxCostStopsTheLoop(t *testing.T) { demotest.TestMaxCostStopsTheLoop(t, example()) }
func TestSameFamilyRefused(t *testing.T)   { demotest.TestSameFamilyRefused(t, example()) }
func TestRateLimitedDraftRetriedOnce(t *testing.T) {
	demotest.TestRateLimitedDraftRetriedOnce(t, example())
}
