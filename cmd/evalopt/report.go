package main

import (
	"errors"
	"flag"
	"fmt"
	"io"

	"github.com/evalopt/evalopt/report"
)

// runReport is the report subcommand: it renders a saved loop result (any
// candidate type, as json.Marshal wrote it), a quality report or a gate
// verdict (evalopt gate --json) as text, or with --html as one
// self-contained page.
func runReport(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("evalopt report", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: evalopt report [--html] FILE.json   (FILE - reads standard input)")
		fs.PrintDefaults()
	}
	html := fs.Bool("html", false, "write one self-contained HTML page instead of text")
	files, err := parseInterleaved(fs, args)
	switch {
	case errors.Is(err, flag.ErrHelp):
		return exitPass
	case err != nil:
		return exitBadInput
	case len(files) != 1:
		fmt.Fprintln(stderr, "evalopt report: want one FILE.json (a loop result, a quality report or a gate verdict)")
		return exitBadInput
	}
	data, err := readInput("FILE", files[0], stdin)
	if err != nil {
		fmt.Fprintln(stderr, "evalopt report:", err)
		return exitBadInput
	}
	r, err := report.FromJSON(data)
	if err != nil {
		fmt.Fprintf(stderr, "evalopt report: %s: %v\n", files[0], err)
		return exitBadInput
	}
	if *html {
		err = r.WriteHTML(stdout)
	} else {
		err = r.WriteText(stdout)
	}
	if err != nil {
		fmt.Fprintln(stderr, "evalopt report:", err)
		return exitBadInput
	}
	return exitPass
}
