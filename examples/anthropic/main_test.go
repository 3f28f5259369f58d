package main

import (
	"flag"
	"path/filepath"
	"testing"

	"github.com/evalopt/evalopt/examples/anthropic/internal/fakeanthropic"
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
			return fakeanthropic.New(func(r fakeanthropic.Request) fakeanthropic.Reply {
				if rateLimitFirst && r.N == 1 {
					return fakeanthropic.RateLimited()
				}
				return models(r)
			})
		},
		NewRoles:   newRoles,
		Models:     [2]string{writerModel, judgeModel},
		SameFamily: [2]string{"claude-sonnet-4-5", "anthropic/claude-sonnet-4-5@20250929"},
		// writer: 320 in, 60 out at 1.00/5.00; judge: 426 in + 1024 read
		// from cache, 210 out at 3.00/0.30/15.00; reviser: 520 in, 70 out.
		Cost: loop.RoleCosts{
			Generate: (320*1.00 + 60*5.00) / 1e6,
			Evaluate: (426*3.00 + 1024*0.30 + 210*15.00) / 1e6,
			Revise:   (520*1.00 + 70*5.00) / 1e6,
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
