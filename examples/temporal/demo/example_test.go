package demo_test

import (
	"context"
	"fmt"

	"github.com/evalopt/evalopt/examples/temporal/demo"
	"github.com/evalopt/evalopt/loop"
)

// The demo's loop in process: what the Temporal workflow must match.
func Example() {
	r := demo.Roles(0)
	res, err := loop.RunLoop(context.Background(), demo.Task, r.Generator, r.Evaluator, r.Reviser, demo.Options()...)
	fmt.Println(res.Outcome, res.Revisions, err)
	fmt.Println(res.Candidate)
	// Output:
	// succeeded 2 <nil>
	// Sorry about the blender. Your refund request is under review. Thanks for the photo of the cracked jug.
}
