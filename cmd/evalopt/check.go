package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/evalopt/evalopt/checks"
	"github.com/evalopt/evalopt/evaluator"
)

// sourceEvidenceID is the evidence ID --source gives the source document:
// the one a checks.Suite reads the source from by default.
const sourceEvidenceID = "source"

// stdin is what "-" reads; tests replace it.
var stdin io.Reader = os.Stdin

// checkConfig is what the check subcommand's flags and arguments say.
type checkConfig struct {
	files        []string
	kind         string
	source       string
	evidence     pairs
	evidenceKind pairs
	requirements string
	json         bool
}

// checkedFile is one deliverable's result, as --json writes it.
type checkedFile struct {
	File string `json:"file"`
	Kind string `json:"kind,omitempty"`
	// Status is what the suite decides: pass, revise (a warn finding) or
	// block (a block finding).
	Status   evaluator.Status `json:"status"`
	Findings []foundIssue     `json:"findings"`
}

// foundIssue is one finding.
type foundIssue struct {
	Rule     string `json:"rule"`
	Severity string `json:"severity"`
	Message  string `json:"message"`
	Line     int    `json:"line"`
	Column   int    `json:"column"`
	Text     string `json:"text"`
}

func parseCheckFlags(args []string, stderr io.Writer) (checkConfig, error) {
	c := checkConfig{evidence: pairs{name: "--evidence"}, evidenceKind: pairs{name: "--evidence-kind"}}
	fs := flag.NewFlagSet("evalopt check", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: evalopt check [flags] FILE...   (FILE - reads standard input)")
		fs.PrintDefaults()
	}
	fs.StringVar(&c.kind, "kind", "", "deliverable `KIND`: "+kindNames()+" (default: generic text)")
	fs.StringVar(&c.source, "source", "", "source document `FILE` the deliverable is about (evidence ID \"source\")")
	fs.Var(&c.evidence, "evidence", "evidence item `ID=FILE` the deliverable may cite (repeatable)")
	fs.Var(&c.evidenceKind, "evidence-kind", "`ID=KIND` sets an evidence item's kind, which requirements' needs match (repeatable)")
	fs.StringVar(&c.requirements, "requirements", "", "`FILE` holding a JSON array of requirements ({\"name\", \"when\", \"needs\", \"must\", \"instruction\"})")
	fs.BoolVar(&c.json, "json", false, "print the results as JSON instead of compiler-style lines")
	files, err := parseInterleaved(fs, args)
	if err != nil {
		return c, fmt.Errorf("%w: %w", errUsage, err)
	}
	if len(files) == 0 {
		return c, errors.New("no FILE to check (see evalopt help check)")
	}
	c.files = files
	return c, nil
}

// kindNames lists the deliverable kinds for the flag's help.
func kindNames() string {
	var names []string
	for _, k := range evaluator.Kinds() {
		names = append(names, string(k))
	}
	return strings.Join(names, ", ")
}

// checkTask builds the task every file is checked under: its kind, its
// evidence (the source first) and its requirements, validated.
func checkTask(c checkConfig) (evaluator.Task, error) {
	task := evaluator.Task{Kind: evaluator.Kind(c.kind)}
	if c.source != "" {
		data, err := readInput("--source", c.source, stdin)
		if err != nil {
			return task, err
		}
		task.Evidence = append(task.Evidence, evaluator.Evidence{ID: sourceEvidenceID, Source: c.source, Content: string(data)})
	}
	for i, id := range c.evidence.keys {
		path := c.evidence.vals[i]
		data, err := readInput("--evidence "+id, path, stdin)
		if err != nil {
			return task, err
		}
		task.Evidence = append(task.Evidence, evaluator.Evidence{ID: id, Source: path, Content: string(data)})
	}
	for i, id := range c.evidenceKind.keys {
		k := -1
		for j, e := range task.Evidence {
			if e.ID == id {
				k = j
			}
		}
		if k < 0 {
			return task, fmt.Errorf("--evidence-kind %s: no evidence item %q (give it with --evidence or --source)", id, clip(id, 60))
		}
		task.Evidence[k].Metadata = map[string]string{evaluator.EvidenceKindKey: c.evidenceKind.vals[i]}
	}
	if c.requirements != "" {
		data, err := readInput("--requirements", c.requirements, stdin)
		if err != nil {
			return task, err
		}
		dec := json.NewDecoder(bytes.NewReader(data))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&task.Requirements); err != nil {
			return task, fmt.Errorf("--requirements %s: want a JSON array of requirements: %w", c.requirements, err)
		}
	}
	if err := task.Validate(); err != nil {
		return task, flagNames(err)
	}
	return task, nil
}

// flagNames prefixes each line of a task's validation error with the flag
// that set the field it names (the source is evidence "source").
func flagNames(err error) error {
	lines := strings.Split(err.Error(), "\n")
	for i, l := range lines {
		switch {
		case strings.HasPrefix(l, "kind: "):
			lines[i] = "--" + l
		case strings.HasPrefix(l, "requirements["):
			lines[i] = "--requirements: " + l
		case strings.HasPrefix(l, "evidence["):
			lines[i] = "--source/--evidence: " + l
		}
	}
	return errors.New(strings.Join(lines, "\n"))
}

// runCheck is the check subcommand.
func runCheck(args []string, stdout, stderr io.Writer) int {
	c, err := parseCheckFlags(args, stderr)
	if errors.Is(err, flag.ErrHelp) {
		return exitPass
	}
	if err != nil {
		if !errors.Is(err, errUsage) {
			fmt.Fprintln(stderr, "evalopt check:", err)
		}
		return exitBadInput
	}
	task, err := checkTask(c)
	if err != nil {
		fmt.Fprintln(stderr, "evalopt check:", err)
		return exitBadInput
	}
	results := make([]checkedFile, 0, len(c.files))
	suite := checks.DefaultSuite()
	prog := newProgress(stderr, "checking")
	if len(c.files) < 2 {
		prog = nil // one file: nothing to count
	}
	for i, path := range c.files {
		prog.report(i, len(c.files), path)
		data, err := readInput("FILE", path, stdin)
		if err == nil {
			var r checkedFile
			r, err = checkFile(context.Background(), suite, task, path, string(data))
			results = append(results, r)
		}
		if err != nil {
			prog.done()
			fmt.Fprintln(stderr, "evalopt check:", err)
			return exitBadInput
		}
	}
	prog.done()
	if err := writeChecked(stdout, results, c.json); err != nil {
		fmt.Fprintln(stderr, "evalopt check:", err)
		return exitBadInput
	}
	for _, r := range results {
		if r.Status != evaluator.StatusPass {
			return exitFail
		}
	}
	return exitPass
}
