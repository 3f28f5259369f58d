// Package doctest compiles the Go blocks of Markdown files, so that the
// README and the guides under docs/ never show code that fails when pasted.
// Its own test (docs_test.go) runs it over README.md and docs/*.md of the
// root module; `go test ./...` runs it with everything else.
//
// # What a block is
//
// A fenced block whose info string starts with "go" is one of:
//
//   - a complete file: its first token is a package clause. It is compiled
//     as it is, as its own package; a package main must have a func main.
//
//   - a fragment: it is preceded by a use marker naming a preamble,
//
//     <!-- go:use NAME -->
//
//     and is compiled inside that preamble, in place of the preamble's line
//     that reads "..." alone (inside a function body for statements, at the
//     top level for declarations);
//
//   - skipped, when it cannot compile on purpose and says why:
//
//     <!-- go:nocompile it needs the Temporal SDK, another module -->
//
//     or when the adoption script (.ci/adopt) compiles it in a module of its
//     own, which the adapters' docs mark <!-- adopt:snippet NAME -->.
//
// A marker is the nearest non-blank line above the fence. A Go block with no
// marker and no package clause is an error, so a fragment cannot slip in
// unchecked.
//
// # Preambles
//
// A preamble is declared once per Markdown file, anywhere in it, in an HTML
// comment (invisible on the rendered page):
//
//	<!-- go:preamble judge
//	package main
//
//	import (
//		"context"
//
//		"github.com/evalopt/evalopt/evaluator"
//	)
//
//	func run(ctx context.Context, task evaluator.Task, draft string) error {
//		...
//		return nil
//	}
//	-->
//
// Every import of the preamble must be used by the preamble itself
// (`var _ = fmt.Sprint` is the usual way), since Go refuses unused imports
// and not every fragment uses them all. A fragment's own unused variables
// are errors, as they would be in the reader's code.
//
// # Errors
//
// Each generated file carries //line directives, so a compile error names
// the Markdown file and line (README.md:123: declared and not used: res),
// in the preamble as in the block. A block may import the standard library,
// public packages of the root module and the root module's own requirements;
// an internal package, a package of another module or a package that does
// not exist is reported before the compiler runs.
package doctest
