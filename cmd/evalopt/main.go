// Command evalopt runs evalopt from a shell or a CI job:
//
//	evalopt check [flags] FILE...   the deterministic checks on deliverables
//	evalopt gate [flags]            the golden-set regression gate
//	evalopt report [--html] FILE    a saved loop result, quality report or
//	                                gate verdict, as text or one HTML page
//	evalopt case add [flags] SET    a saved loop's judged candidate and a
//	                                reviewer's verdict, appended to a case set
//
// Install it with
//
//	go install github.com/evalopt/evalopt/cmd/evalopt@latest
//
// Every subcommand exits 0 when all is well, 1 when what it judged fails
// (a deliverable the checks would block or send back for revision, a gate
// that fails), and 2 on bad input (a flag, a file that cannot be read or
// parsed), with the reason on stderr. `evalopt help COMMAND` prints a
// subcommand's flags. See docs/cli.md.
package main

import (
	"fmt"
	"io"
	"os"
	"strings"
)

// Exit codes, shared by every subcommand.
const (
	exitPass     = 0
	exitFail     = 1
	exitBadInput = 2
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// command is one subcommand: its name, a one-line summary, and its body,
// which returns the exit code.
type command struct {
	name, summary string
	run           func(args []string, stdout, stderr io.Writer) int
}

func commands() []command {
	return []command{
		{"check", "run the deterministic checks on deliverables (compiler-style findings or --json)", runCheck},
		{"gate", "score a run of agents against a golden set and gate it on a baseline", runGate},
		{"report", "render a saved loop result, quality report or gate verdict as text or --html", runReport},
		{"case", "case add: append a saved loop's judged candidate and a reviewer's verdict to a JSONL case set", runCase},
	}
}

// run is the whole command: it dispatches to the subcommand and returns
// its exit code, writing results to stdout and problems to stderr.
func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		usage(stderr)
		return exitBadInput
	}
	name := args[0]
	if name == "help" || name == "-h" || name == "-help" || name == "--help" {
		if len(args) > 1 {
			for _, c := range commands() {
				if c.name == args[1] {
					return c.run([]string{"-h"}, stdout, stdout)
				}
			}
		}
		usage(stdout)
		return exitPass
	}
	for _, c := range commands() {
		if c.name == name {
			return c.run(args[1:], stdout, stderr)
		}
	}
	fmt.Fprintf(stderr, "evalopt: unknown command %q\n", clip(name, 40))
	usage(stderr)
	return exitBadInput
}

func usage(w io.Writer) {
	var b strings.Builder
	b.WriteString("usage: evalopt COMMAND [flags] [args]\n\ncommands:\n")
	for _, c := range commands() {
		fmt.Fprintf(&b, "  %-7s %s\n", c.name, c.summary)
	}
	b.WriteString("\nexit codes: 0 pass, 1 fail (blocked, revise, gate failed), 2 bad input\n")
	b.WriteString("run 'evalopt help COMMAND' for a command's flags\n")
	io.WriteString(w, b.String())
}

// clip bounds a user-given string quoted in a message.
func clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n]) + "…"
}
