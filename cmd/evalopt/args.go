package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
)

// maxInputBytes bounds every file the command reads: a deliverable, a
// source, an evidence item, a requirements file or a saved report.
var maxInputBytes int64 = 64 << 20 // a variable so tests can lower it

// parseInterleaved parses flags that may come before or after the
// positional arguments ("evalopt check memo.md --kind review_memo"), as
// users of compilers and linters expect; everything after "--" is
// positional. It returns the positional arguments.
func parseInterleaved(fs *flag.FlagSet, args []string) ([]string, error) {
	var rest []string
	if i := slices.Index(args, "--"); i >= 0 {
		args, rest = args[:i], args[i+1:]
	}
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		if fs.NArg() == 0 {
			break
		}
		pos = append(pos, fs.Arg(0))
		args = fs.Args()[1:]
	}
	return append(pos, rest...), nil
}

// readInput reads a file the command was given, "-" meaning standard
// input, refusing one larger than maxInputBytes. Its errors name the
// flag or argument (what) and the path.
func readInput(what, path string, stdin io.Reader) ([]byte, error) {
	var r io.Reader
	if path == "-" {
		if stdin == nil {
			return nil, fmt.Errorf("%s: no standard input", what)
		}
		r = stdin
	} else {
		f, err := os.Open(path)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", what, err)
		}
		defer f.Close()
		r = f
	}
	data, err := io.ReadAll(io.LimitReader(r, maxInputBytes+1))
	if err != nil {
		return nil, fmt.Errorf("%s %s: %w", what, path, err)
	}
	if int64(len(data)) > maxInputBytes {
		return nil, fmt.Errorf("%s %s: larger than the limit of %s", what, path, sizeText(maxInputBytes))
	}
	return data, nil
}

// pairs is a repeatable flag of KEY=VALUE pairs, in order.
type pairs struct {
	name string
	keys []string
	vals []string
}

func (p *pairs) String() string { return strings.Join(p.keys, ",") }

// Set parses one KEY=VALUE; both must be non-empty.
func (p *pairs) Set(s string) error {
	k, v, ok := strings.Cut(s, "=")
	if !ok || strings.TrimSpace(k) == "" || v == "" {
		return errors.New("want ID=VALUE")
	}
	p.keys, p.vals = append(p.keys, k), append(p.vals, v)
	return nil
}

// sizeText writes a byte count for a message: "64 MiB", "1024 bytes".
func sizeText(n int64) string {
	if n >= 1<<20 && n%(1<<20) == 0 {
		return fmt.Sprintf("%d MiB", n>>20)
	}
	return fmt.Sprintf("%d bytes", n)
}
