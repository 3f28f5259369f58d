package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/evaluator/quality"
)

// caseConfig is what the case add subcommand's flags and argument say.
type caseConfig struct {
	set          string
	result       string
	task         string
	id           string
	expect       string
	note         string
	knownFailure bool
	tags         strs
	blocking     strs
	instruction  string
}

// strs is a repeatable flag of plain strings, in order.
type strs []string

func (s *strs) String() string { return strings.Join(*s, ",") }

// Set adds one value; a blank one is an error.
func (s *strs) Set(v string) error {
	if strings.TrimSpace(v) == "" {
		return errors.New("must not be blank")
	}
	*s = append(*s, v)
	return nil
}

// runCase is the case subcommand: "case add" turns a saved loop run and a
// reviewer's verdict on it into an evaluator case and appends it to a
// JSON Lines case set (quality.ParseSavedRun, quality.CaseFromRun,
// quality.AppendCase).
func runCase(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || (args[0] != "add" && !isHelp(args[0])) {
		if len(args) > 0 {
			fmt.Fprintf(stderr, "evalopt case: unknown subcommand %q\n", clip(args[0], 40))
		}
		fmt.Fprintln(stderr, "usage: evalopt case add [flags] SET.jsonl   (see evalopt help case)")
		return exitBadInput
	}
	if isHelp(args[0]) {
		args = []string{"-h"}
	} else {
		args = args[1:]
	}
	c, err := parseCaseFlags(args, stderr)
	switch {
	case errors.Is(err, flag.ErrHelp):
		return exitPass
	case errors.Is(err, errUsage):
		return exitBadInput // the flag package has said why
	case err != nil:
		fmt.Fprintln(stderr, "evalopt case add:", err)
		return exitBadInput
	}
	added, err := addCase(c)
	if err != nil {
		fmt.Fprintln(stderr, "evalopt case add:", err)
		return exitBadInput
	}
	fmt.Fprintf(stdout, "%s: added case %s, expected %s%s\n", c.set, quoteText(added.ID), added.Expected.Status, caseTagsText(added))
	if added.Note != "" {
		fmt.Fprintf(stdout, "  note: %s\n", clip(added.Note, 300))
	}
	return exitPass
}

func isHelp(a string) bool { return a == "-h" || a == "-help" || a == "--help" || a == "help" }

func parseCaseFlags(args []string, stderr io.Writer) (caseConfig, error) {
	var c caseConfig
	fs := flag.NewFlagSet("evalopt case add", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: evalopt case add --result RUN.json --expect STATUS [flags] SET.jsonl")
		fmt.Fprintln(fs.Output(), "appends the candidate a saved loop judged, with the decision a reviewer expected, to a JSON Lines case set")
		fs.PrintDefaults()
	}
	fs.StringVar(&c.result, "result", "", "the saved loop `RUN.json`: a loop.Machine as JSON, an object of \"task\" and \"result\", or of \"task\", \"candidate\" and \"decision\"; a bare loop.Result with --task (- reads standard input)")
	fs.StringVar(&c.task, "task", "", "`TASK.json`: the evaluator.Task of a --result that does not hold its task")
	fs.StringVar(&c.expect, "expect", "", "the `STATUS` the reviewer expected: pass, revise, block or escalate")
	fs.StringVar(&c.id, "id", "", "the case `ID` (default: the task's id)")
	fs.StringVar(&c.note, "note", "", "the reviewer's `TEXT`: why the case exists (what the evaluator decided is added)")
	fs.BoolVar(&c.knownFailure, "known-failure", false, "tag the case "+quality.TagKnownFailure+" even when the saved decision agrees with --expect (it is tagged so anyway when it does not)")
	fs.Var(&c.tags, "tag", "a free `TAG` for the case (repeatable)")
	fs.Var(&c.blocking, "blocking-failure", "`TEXT` that a blocking failure of the evaluator must contain (repeatable; not with --expect pass)")
	fs.StringVar(&c.instruction, "instruction", "", "`TEXT` that a revision instruction of the evaluator must contain")
	files, err := parseInterleaved(fs, args)
	if err != nil {
		return c, fmt.Errorf("%w: %w", errUsage, err)
	}
	switch {
	case len(files) != 1:
		return c, errors.New("want one SET.jsonl to append the case to")
	case c.result == "":
		return c, errors.New("--result: missing (the saved loop run to make the case of)")
	case c.expect == "":
		return c, errors.New("--expect: missing (pass, revise, block or escalate)")
	case !evaluator.Status(c.expect).Valid():
		return c, fmt.Errorf("--expect: want pass, revise, block or escalate, got %s", quoteText(c.expect))
	}
	c.set = files[0]
	return c, nil
}

// addCase reads the saved run, makes the case and appends it to the set.
func addCase(c caseConfig) (quality.Case, error) {
	data, err := readInput("--result", c.result, stdin)
	if err != nil {
		return quality.Case{}, err
	}
	var keys map[string]json.RawMessage
	if err := json.Unmarshal(data, &keys); err != nil {
		return quality.Case{}, fmt.Errorf("--result %s: %w", c.result, err)
	}
	_, hasTask := keys["task"]
	switch {
	case c.task != "" && hasTask:
		return quality.Case{}, fmt.Errorf("--task: the --result %s holds its task already", c.result)
	case c.task != "":
		if data, err = withTask(data, c.task); err != nil {
			return quality.Case{}, err
		}
	case !hasTask:
		return quality.Case{}, fmt.Errorf("--result %s: holds no task (a bare loop.Result?): give it with --task TASK.json", c.result)
	}
	run, err := quality.ParseSavedRun(data)
	if err != nil {
		return quality.Case{}, fmt.Errorf("--result %s: %w", c.result, err)
	}
	id := c.id
	if id == "" {
		if id = run.Task.ID; id == "" {
			return quality.Case{}, errors.New("--id: missing, and the task has no id to take")
		}
	}
	tags := append([]string(nil), c.tags...)
	if c.knownFailure {
		tags = append(tags, quality.TagKnownFailure)
	}
	expected := quality.ExpectedDecision{Status: evaluator.Status(c.expect), BlockingFailures: c.blocking,
		RequiredRevisionInstruction: c.instruction}
	added, err := quality.CaseFromRun(id, run, expected, c.note, tags...)
	if err != nil {
		return quality.Case{}, err
	}
	if err := quality.AppendCase(c.set, added); err != nil {
		return quality.Case{}, err
	}
	return added, nil
}

// withTask pairs a saved loop.Result with the task read from path, as an
// object of "task" and "result" (what ParseSavedRun reads).
func withTask(result []byte, path string) ([]byte, error) {
	task, err := readInput("--task", path, stdin)
	if err != nil {
		return nil, err
	}
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(task, &obj); err != nil {
		return nil, fmt.Errorf("--task %s: want a JSON object (an evaluator.Task): %w", path, err)
	}
	var b bytes.Buffer
	b.WriteString(`{"task":`)
	b.Write(bytes.TrimSpace(task))
	b.WriteString(`,"result":`)
	b.Write(bytes.TrimSpace(result))
	b.WriteString("}")
	return b.Bytes(), nil
}

// caseTagsText says how a case added is tagged: "; tags known_failure".
func caseTagsText(c quality.Case) string {
	if len(c.Tags) == 0 {
		return ""
	}
	return "; tags " + clip(strings.Join(c.Tags, ", "), 200)
}

// quoteText quotes a user-given string for a message, bounded.
func quoteText(s string) string { return fmt.Sprintf("%q", clip(s, 80)) }
