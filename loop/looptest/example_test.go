package looptest_test

import (
	"context"
	"fmt"

	"github.com/evalopt/evalopt/loop/looptest"
)

// Every scenario, run through loop.RunLoop: how each ends. A driver's test
// runs them through the driver too and compares looptest.Canonical of the
// two Results.
func Example() {
	for _, s := range looptest.Scenarios() {
		res, err := s.Run(context.Background())
		fmt.Printf("%-22s %-9s %-16s %v\n", s.Name, res.Outcome, res.StopReason, err != nil)
	}
	// Output:
	// pass after revisions   succeeded passed           false
	// block                  blocked   policy_block     false
	// escalate               escalated escalated        false
	// max revisions          failed    max_revisions    false
	// timeout                failed    timeout          false
	// timeout during backoff failed    timeout          false
	// cost budget            failed    cost_budget      false
	// stall                  failed    stalled          false
	// retry then pass        succeeded passed           false
	// retries exhausted      failed    error            true
	// permanent error        failed    error            true
	// panic                  failed    error            true
	// missing evidence       blocked   missing_evidence false
	// invalid decision       failed    error            true
	// invalid cost           failed    error            true
	// caller cancel          failed    canceled         true
	// pass after cancel      failed    canceled         true
	// revision check blocks  blocked   policy_block     false
	// candidate refs         succeeded passed           false
}
