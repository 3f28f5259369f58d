package temporalloop_test

import (
	"fmt"
	"strings"

	"go.temporal.io/sdk/testsuite"

	temporalloop "github.com/evalopt/evalopt/adapters/temporal"
	"github.com/evalopt/evalopt/adapters/temporal/internal/demo"
	"github.com/evalopt/evalopt/loop"
)

// The demo's loop as a workflow, in the SDK's test environment; on a real
// server the worker registers the same way and a client starts the
// workflow by name (see the starter and worker programs).
func Example() {
	var suite testsuite.WorkflowTestSuite
	suite.SetLogger(quiet)
	env := suite.NewTestWorkflowEnvironment()
	temporalloop.Register(env, demo.Roles(0))
	cfg, err := loop.NewConfig(demo.Options()...)
	if err != nil {
		fmt.Println(err)
		return
	}
	env.ExecuteWorkflow(temporalloop.WorkflowName, temporalloop.Input{Task: demo.Task, Config: cfg})
	var res loop.Result[string]
	if err := env.GetWorkflowResult(&res); err != nil {
		res, _ = temporalloop.ResultOf[string](err) // a failed loop carries its Result too
	}
	for _, s := range res.Trace {
		fmt.Println(strings.TrimSpace(fmt.Sprint(s.Index, " ", s.Role, " ", s.Decision.Status)))
	}
	fmt.Println(res.Outcome, res.Revisions)
	// Output:
	// 0 generate
	// 1 evaluate revise
	// 2 revise
	// 3 evaluate revise
	// 4 revise
	// 5 evaluate pass
	// succeeded 2
}
