package main

import (
	"flag"
	"path/filepath"
	"testing"

	"github.com/evalopt/evalopt/adapters/openai/openaitest"
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
			return openaitest.New(func(r openaitest.Request) openaitest.Reply {
				if rateLimitFirst && r.N == 1 {
					return openaitest.RateLimited()
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

func TestOutput(t *testing.T)              { checkOutput(t, example()) }
func TestRefundLoopEndToEnd(t *testing.T)  { checkRefundLoopEndToEnd(t, example()) }
func TestMaxCostStopsTheLoop(t *testing.T) { checkMaxCostStopsTheLoop(t, example()) }
func TestSameFamilyRefused(t *testing.T)   { checkSameFamilyRefused(t, example()) }
func TestRateLimitedDraftRetriedOnce(t *testing.T) {
	checkRateLimitedDraftRetriedOnce(t, example())
}
