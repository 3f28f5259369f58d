package doctest_test

import (
	"fmt"

	"github.com/evalopt/evalopt/internal/doctest"
)

// Parse finds the Go blocks of a Markdown file and says how each is
// compiled: complete files as they are, fragments inside the preamble
// their marker names, skipped blocks not at all.
func ExampleParse() {
	doc := "<!-- go:preamble ctx\n" +
		"package main\n\nimport \"context\"\n\nfunc main() {\n\tctx := context.Background()\n\t...\n}\n" +
		"-->\n\n" +
		"<!-- go:use ctx -->\n```go\n<-ctx.Done()\n```\n\n" +
		"<!-- go:nocompile needs a Temporal worker -->\n```go\nw.Run(nil)\n```\n"
	blocks, err := doctest.Parse("guide.md", []byte(doc))
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, b := range blocks {
		fmt.Printf("%s:%d mode %d %q\n", b.File, b.Line, b.Mode, b.Reason)
	}
	// Output:
	// guide.md:14 mode 1 ""
	// guide.md:19 mode 2 "needs a Temporal worker"
}
