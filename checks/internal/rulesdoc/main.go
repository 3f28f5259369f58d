// Command rulesdoc writes docs/rules.md, the reference of every rule id
// the check families report, from the code: it walks the checks directory,
// finds every package under it (internal ones and test data aside), and
// reads each exported string constant whose name starts with Rule, with its
// value, its package and its doc comment. New families are found by the
// walk, never by a list.
//
// It runs from the checks directory through go generate:
//
//	go generate ./checks
//
// and a test of this package fails when docs/rules.md is not what it would
// write.
package main

import (
	"flag"
	"fmt"
	"os"
)

func main() {
	dir := flag.String("dir", ".", "the checks directory to walk")
	out := flag.String("out", "../docs/rules.md", "the file to write")
	flag.Parse()
	if err := run(*dir, *out); err != nil {
		fmt.Fprintln(os.Stderr, "rulesdoc:", err)
		os.Exit(1)
	}
}

// run reads the rules under dir and writes their reference to out.
func run(dir, out string) error {
	fams, err := readFamilies(dir)
	if err != nil {
		return err
	}
	return os.WriteFile(out, render(fams), 0o644)
}
