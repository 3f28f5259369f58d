package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/evaluator/quality"
	"github.com/evalopt/evalopt/loop"
)

// refundTask is the task of the saved runs: a customer reply that must not
// promise a refund the policy does not allow.
var refundTask = evaluator.Task{ID: "prod-0142", Input: "Reply to the refund request.", Kind: evaluator.KindCustomerReply,
	Evidence: []evaluator.Evidence{{ID: "policy", Content: "Refunds within 30 days of purchase only."}}}

// refundRun runs a loop whose evaluator decides status on its draft and
// returns the loop's result.
func refundRun(t *testing.T, status evaluator.Status) loop.Result[string] {
	t.Helper()
	gen := loop.GeneratorFunc[string](func(context.Context, evaluator.Task) (string, error) {
		return "Your refund will be issued today, 45 days after your purchase.", nil
	})
	ev := evaluator.Func[string](func(context.Context, evaluator.Task, string) (evaluator.EvaluationDecision, error) {
		d := evaluator.EvaluationDecision{Status: status, Score: 0.9, Criteria: []evaluator.Criterion{}}
		if status == evaluator.StatusBlock {
			d.Score, d.BlockingFailures, d.StopReason = 0.1, []string{"refund outside the policy window"}, evaluator.StopPolicyBlock
		}
		return d, nil
	})
	rev := loop.ReviserFunc[string](func(_ context.Context, _ evaluator.Task, c string, _ evaluator.EvaluationDecision) (string, error) {
		return c, nil
	})
	res, err := loop.RunLoop(context.Background(), refundTask, gen, ev, rev, loop.WithMaxRevisions(0))
	require.NoError(t, err)
	return res
}

// savedRun writes what a caller saves of a loop, its task and its result,
// to a temporary file.
func savedRun(t *testing.T, status evaluator.Status) string {
	t.Helper()
	return saved(t, struct {
		Task   evaluator.Task      `json:"task"`
		Result loop.Result[string] `json:"result"`
	}{refundTask, refundRun(t, status)})
}

func readSet(t *testing.T, path string) []quality.Case {
	t.Helper()
	cases, err := quality.ReadCases(path)
	require.NoError(t, err)
	return cases
}

func TestCaseAdd(t *testing.T) {
	set := filepath.Join(t.TempDir(), "misses.jsonl")
	run := savedRun(t, evaluator.StatusPass)

	// A pass the reviewer says must be blocked: a known failure.
	code, out, errOut := invoke(t, "case", "add", "--result", run, "--expect", "block",
		"--blocking-failure", "refund", "--note", "promised a refund outside the window", set)
	require.Equal(t, exitPass, code, errOut)
	assert.Empty(t, errOut)
	assert.Equal(t, set+`: added case "prod-0142", expected block; tags known_failure`+"\n"+
		"  note: promised a refund outside the window (the evaluator decided pass)\n", out)
	cases := readSet(t, set)
	require.Len(t, cases, 1)
	c := cases[0]
	assert.Equal(t, "prod-0142", c.ID)
	assert.Equal(t, "Your refund will be issued today, 45 days after your purchase.", c.Candidate)
	assert.Equal(t, refundTask.Evidence, c.AvailableEvidence)
	assert.Equal(t, evaluator.KindCustomerReply, c.Kind)
	assert.Equal(t, quality.ExpectedDecision{Status: evaluator.StatusBlock, BlockingFailures: []string{"refund"}, MustNotPass: true}, c.Expected)
	assert.Equal(t, []string{quality.TagKnownFailure}, c.Tags)

	// The same id again is refused, and the set left as it was.
	before, err := os.ReadFile(set)
	require.NoError(t, err)
	code, out, errOut = invoke(t, "case", "add", "--result", run, "--expect", "block", set)
	assert.Equal(t, exitBadInput, code)
	assert.Empty(t, out)
	assert.Contains(t, errOut, `the set already holds case "prod-0142"`)
	after, err := os.ReadFile(set)
	require.NoError(t, err)
	assert.Equal(t, before, after)

	// A run the evaluator got right is a case, not a known failure, unless
	// the reviewer says so; flags may follow the set.
	right := savedRun(t, evaluator.StatusBlock)
	code, out, errOut = invoke(t, "case", "add", set, "--result", right, "--expect", "block", "--id", "prod-0143", "--tag", "refunds")
	require.Equal(t, exitPass, code, errOut)
	assert.Equal(t, set+`: added case "prod-0143", expected block; tags refunds`+"\n"+
		"  note: (the evaluator decided block: refund outside the policy window)\n", out)
	code, _, errOut = invoke(t, "case", "add", "--result", right, "--expect", "block", "--id", "prod-0144", "--known-failure", set)
	require.Equal(t, exitPass, code, errOut)
	cases = readSet(t, set)
	require.Len(t, cases, 3)
	assert.Equal(t, []string{"refunds"}, cases[1].Tags)
	assert.Equal(t, []string{quality.TagKnownFailure}, cases[2].Tags)

	// A revise the reviewer expected, with the instruction it must give.
	code, _, errOut = invoke(t, "case", "add", "--result", run, "--expect", "revise", "--id", "prod-0145",
		"--instruction", "cite the policy", set)
	require.Equal(t, exitPass, code, errOut)
	assert.Equal(t, "cite the policy", readSet(t, set)[3].Expected.RequiredRevisionInstruction)
}

// TestCaseAddBareResult: a loop.Result saved alone (what evalopt report
// reads) takes its task from --task.
func TestCaseAddBareResult(t *testing.T) {
	set := filepath.Join(t.TempDir(), "misses.jsonl")
	result := saved(t, refundRun(t, evaluator.StatusPass))
	task := saved(t, refundTask)
	code, out, errOut := invoke(t, "case", "add", "--result", result, "--task", task, "--expect", "escalate", set)
	require.Equal(t, exitPass, code, errOut)
	assert.Contains(t, out, `added case "prod-0142", expected escalate; tags known_failure`)
	cases := readSet(t, set)
	require.Len(t, cases, 1)
	assert.Equal(t, refundTask.Input, cases[0].Task)

	// Without --task it is bad input that says what to do.
	code, out, errOut = invoke(t, "case", "add", "--result", result, "--expect", "block", "--id", "x", set)
	assert.Equal(t, exitBadInput, code)
	assert.Empty(t, out)
	assert.Contains(t, errOut, "holds no task (a bare loop.Result?): give it with --task TASK.json")
}

func TestCaseAddBadInputExitsTwo(t *testing.T) {
	dir := t.TempDir()
	set := filepath.Join(dir, "set.jsonl")
	run := savedRun(t, evaluator.StatusPass)
	write := func(name, content string) string {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, []byte(content), 0o644))
		return p
	}
	notJSON := write("not.json", "{")
	noID := saved(t, map[string]any{"task": map[string]any{"input": "x"}, "candidate": "c", "decision": map[string]any{"status": "pass"}})
	badDecision := saved(t, map[string]any{"task": map[string]any{"id": "t"}, "candidate": "c", "decision": map[string]any{"status": "maybe"}})
	badSet := write("bad.jsonl", "{\"case_id\": \"a\"\n")
	task := saved(t, refundTask)
	notObject := write("task.json", "[1]")
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"no subcommand", nil, "usage: evalopt case add"},
		{"unknown subcommand", []string{"remove"}, `unknown subcommand "remove"`},
		{"no set", []string{"add", "--result", run, "--expect", "block"}, "want one SET.jsonl"},
		{"two sets", []string{"add", "--result", run, "--expect", "block", set, set}, "want one SET.jsonl"},
		{"no result", []string{"add", "--expect", "block", set}, "--result: missing"},
		{"no expect", []string{"add", "--result", run, set}, "--expect: missing"},
		{"bad expect", []string{"add", "--result", run, "--expect", "maybe", set}, `--expect: want pass, revise, block or escalate, got "maybe"`},
		{"unknown flag", []string{"add", "--expected", "block", set}, "flag provided but not defined: -expected"},
		{"blank tag", []string{"add", "--result", run, "--expect", "block", "--tag", " ", set}, "must not be blank"},
		{"missing result", []string{"add", "--result", filepath.Join(dir, "nope.json"), "--expect", "block", set}, "no such file or directory"},
		{"result not JSON", []string{"add", "--result", notJSON, "--expect", "block", set}, "--result " + notJSON + ": unexpected end of JSON input"},
		{"invalid saved decision", []string{"add", "--result", badDecision, "--expect", "block", set}, "decision: status: must be one of pass, revise, block, escalate"},
		{"no id", []string{"add", "--result", noID, "--expect", "block", set}, "--id: missing, and the task has no id to take"},
		{"blocking failure on a pass", []string{"add", "--result", run, "--expect", "pass", "--blocking-failure", "x", set}, "expected_decision"},
		{"task twice", []string{"add", "--result", run, "--task", task, "--expect", "block", set}, "holds its task already"},
		{"task not an object", []string{"add", "--result", saved(t, refundRun(t, evaluator.StatusPass)), "--task", notObject, "--expect", "block", set}, "want a JSON object"},
		{"set unreadable", []string{"add", "--result", run, "--expect", "block", badSet}, "bad.jsonl"},
		{"set is a directory", []string{"add", "--result", run, "--expect", "block", dir}, "is a directory"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errOut := invoke(t, append([]string{"case"}, tc.args...)...)
			assert.Equal(t, exitBadInput, code)
			assert.Empty(t, out)
			assert.Contains(t, errOut, tc.want)
		})
	}
	_, err := os.Stat(set)
	assert.ErrorIs(t, err, os.ErrNotExist, "no bad input wrote the set")
	data, err := os.ReadFile(badSet)
	require.NoError(t, err)
	assert.Equal(t, "{\"case_id\": \"a\"\n", string(data), "a set that does not read is left as it was")
}

func TestCaseHelp(t *testing.T) {
	for _, args := range [][]string{{"help", "case"}, {"case", "-h"}, {"case", "add", "-h"}} {
		code, out, errOut := invoke(t, args...)
		assert.Equal(t, exitPass, code, args)
		assert.Contains(t, out+errOut, "usage: evalopt case add --result RUN.json --expect STATUS", args)
		assert.Contains(t, out+errOut, "-known-failure", args)
	}
}

// TestCaseAddStdin: "-" reads the saved run from standard input.
func TestCaseAddStdin(t *testing.T) {
	data, err := json.Marshal(map[string]any{"task": refundTask, "candidate": "Refund issued.", "decision": map[string]any{"status": "pass", "score": "NaN"}})
	require.NoError(t, err)
	set := filepath.Join(t.TempDir(), "set.jsonl")
	old := stdin
	t.Cleanup(func() { stdin = old })
	stdin = strings.NewReader(string(data))
	code, _, errOut := invoke(t, "case", "add", "--result", "-", "--expect", "block", set)
	require.Equal(t, exitPass, code, errOut)
	assert.Equal(t, "Refund issued.", readSet(t, set)[0].Candidate)
}
