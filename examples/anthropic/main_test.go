package main

import (
	"flag"
	"path/filepath"
	"testing"

	"github.com/evalopt/evalopt/adapters/anthropic/anthropictest"
	"github.com/evalopt/evalopt/loop"
)

var update = flag.Bool("update", false, "rewrite testdata/output.golden with the current output")

// example describes this program to the tests every provider example
// shares.
func example() Example {
	return Example{
		Run:    run,
		Golden: filepath.Join("testdata", "output.golden"),
		Update: *update,
		Serve: func(rateLimitFirst bool) Endpoint {
			return anthropictest.New(func(r anthropictest.Request) anthropictest.Reply {
				if rateLimitFirst && r.N == 1 {
					return anthropictest.RateLimited()
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

func TestOutput(t *testing.T)              { checkOutput(t, example()) }
func TestRefundLoopEndToEnd(t *testing.T)  { checkRefundLoopEndToEnd(t, example()) }
func TestMaxCostStopsTheLoop(t *testing.T) { checkMaxCostStopsTheLoop(t, example()) }
func TestSameFamilyRefused(t *testing.T)   { checkSameFamilyRefused(t, example()) }
func TestRateLimitedDraftRetriedOnce(t *testing.T) {
	checkRateLimitedDraftRetriedOnce(t, example())
}
