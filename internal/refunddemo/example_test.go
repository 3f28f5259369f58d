package refunddemo_test

import (
	"fmt"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/internal/refunddemo"
)

// A fake endpoint answers each request with the script: the role the
// request plays and the model's text.
func ExampleReply() {
	task := refunddemo.Tasks()[0]
	role, text := refunddemo.Reply(evaluator.GenerationPrompt(refunddemo.WriterInstructions, task).User, false)
	fmt.Println(role)
	fmt.Println(text)
	// Output:
	// generate
	// Hi Ana, we are sorry your blender arrived damaged. We have approved a full refund of 89.00 EUR and your money is on its way.
}
