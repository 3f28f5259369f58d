package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/evalopt/evalopt/evaluator/golden"
	"github.com/evalopt/evalopt/report"
)

var update = flag.Bool("update", false, "rewrite the golden outputs in testdata")

// The shared dd-agents set (a copy kept beside package golden) and its
// stored baseline; testdata/run is one agent run over it that clears every
// threshold and the baseline.
const (
	setDir   = "../../evaluator/golden/testdata/dd-agents"
	baseline = setDir + "/baseline-latest.json"
	runDir   = "testdata/gate/run"
)

// invoke runs the command and returns its exit code, stdout and stderr.
func invoke(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := run(args, &out, &errOut)
	return code, out.String(), errOut.String()
}

// gate runs the gate subcommand.
func gate(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	return invoke(t, append([]string{"gate"}, args...)...)
}

// verdictOf runs the gate with -json and decodes its verdict.
func verdictOf(t *testing.T, args ...string) (int, report.GateVerdict) {
	t.Helper()
	code, out, _ := gate(t, append([]string{"-json"}, args...)...)
	var v report.GateVerdict
	require.NoError(t, json.Unmarshal([]byte(out), &v), out)
	require.Equal(t, code, v.ExitCode, "the JSON says the exit code the command returns")
	return code, v
}

// copyRun copies testdata/run to a temporary folder the test may change.
func copyRun(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "run")
	require.NoError(t, os.CopyFS(dir, os.DirFS(runDir)))
	return dir
}

// editFindings rewrites every findings file of an agent in a run folder.
func editFindings(t *testing.T, run, agent string, edit func([]golden.AgentFinding) []golden.AgentFinding) {
	t.Helper()
	err := filepath.WalkDir(filepath.Join(run, agent), func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		require.NoError(t, err)
		fs, err := golden.ParseFindings(data)
		if err != nil {
			return nil // an infrastructure-failure record
		}
		out, err := json.Marshal(edit(fs))
		require.NoError(t, err)
		return os.WriteFile(p, out, 0o644)
	})
	require.NoError(t, err)
}

// checkGolden compares got with testdata/name, or rewrites it with -update.
func checkGolden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		require.NoError(t, os.WriteFile(path, []byte(got), 0o644))
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err, "run go test ./cmd/evalopt -update to create it")
	assert.Equal(t, string(want), got)
}

func TestPassPrintsTheTable(t *testing.T) {
	code, out, errOut := gate(t, "-set", setDir, "-run", runDir, "-baseline", baseline)
	assert.Equal(t, exitPass, code, errOut)
	assert.Empty(t, errOut)
	checkGolden(t, "gate/pass.golden", out)
}

func TestPassJSON(t *testing.T) {
	code, v := verdictOf(t, "-set", setDir, "-run", runDir, "-baseline", baseline)
	assert.Equal(t, exitPass, code)
	assert.Equal(t, "pass", v.Verdict)
	assert.Empty(t, v.Regressions)
	assert.Empty(t, v.ThresholdFailures)
	assert.Equal(t, golden.DefaultTolerance, v.Tolerance)
	require.Len(t, v.Agents, 9)
	for _, a := range v.Agents {
		assert.True(t, a.InRun, a.Agent)
		require.NotNil(t, a.Metrics, a.Agent)
		assert.Equal(t, 1.0, a.Metrics.FindingRecall, a.Agent)
		assert.Equal(t, golden.VerdictPass, a.Thresholds.Overall, a.Agent)
		assert.Equal(t, golden.VerdictPass, a.Gate.Status, a.Agent)
		require.NotNil(t, a.BaselineF1, a.Agent)
	}
	legal := v.Agents[5]
	require.Equal(t, "legal", legal.Agent)
	require.Equal(t, "coc_basic.md", legal.Contracts[1].Contract)
	assert.Equal(t, report.ContractScore{Contract: "coc_basic.md", Samples: 3, Ran: 2, Conclusive: true,
		Metrics: legal.Contracts[1].Metrics}, legal.Contracts[1], "three samples, one an infrastructure failure")
	// Lower median of the two samples that ran: precision 3/4 and 2/3.
	assert.InDelta(t, 2.0/3, legal.Contracts[1].Metrics.FindingPrecision, 1e-12)
}

func TestRegressionExitsOne(t *testing.T) {
	run := copyRun(t)
	// The legal agent starts padding every review with three notes: recall
	// and false positives stay put, precision and F1 fall.
	editFindings(t, run, "legal", func(fs []golden.AgentFinding) []golden.AgentFinding {
		for i := 0; i < 3; i++ {
			fs = append(fs, golden.AgentFinding{Category: "Drafting style", Severity: golden.SeverityP3, Title: "Long sentences"})
		}
		return fs
	})
	code, v := verdictOf(t, "-set", setDir, "-run", run, "-baseline", baseline)
	assert.Equal(t, exitFail, code)
	assert.Equal(t, "fail", v.Verdict)
	assert.Equal(t, []string{"legal"}, v.Regressions)
	assert.Empty(t, v.ThresholdFailures, "a regression only: every threshold still holds")

	// A looser tolerance lets the same drop through.
	code, _ = verdictOf(t, "-set", setDir, "-run", run, "-baseline", baseline, "-tolerance", "0.5")
	assert.Equal(t, exitPass, code)

	code, out, _ := gate(t, "-set", setDir, "-run", run, "-baseline", baseline)
	assert.Equal(t, exitFail, code)
	checkGolden(t, "gate/regression.golden", strings.ReplaceAll(out, run, "RUN"))
}

func TestThresholdFailureExitsOne(t *testing.T) {
	run := copyRun(t)
	// The hr agent grades on its own scale: nothing changes what matches,
	// so F1 holds, but no severity is in range.
	editFindings(t, run, "hr", func(fs []golden.AgentFinding) []golden.AgentFinding {
		for i := range fs {
			fs[i].Severity = "critical"
		}
		return fs
	})
	code, v := verdictOf(t, "-set", setDir, "-run", run, "-baseline", baseline)
	assert.Equal(t, exitFail, code)
	assert.Equal(t, []string{"hr"}, v.ThresholdFailures)
	assert.Empty(t, v.Regressions, "F1 did not move")
	hr := v.Agents[4]
	require.Equal(t, "hr", hr.Agent)
	assert.Equal(t, golden.VerdictFail, hr.Thresholds.SeverityAccuracy)
	assert.Equal(t, 0.0, hr.Metrics.SeverityAccuracy)
}

func TestInconclusiveAndMissing(t *testing.T) {
	run := copyRun(t)
	// coc_basic keeps only its infrastructure failure; tax has no folder.
	require.NoError(t, os.Remove(filepath.Join(run, "legal", "coc_basic", "1.json")))
	require.NoError(t, os.Remove(filepath.Join(run, "legal", "coc_basic", "2.json")))
	require.NoError(t, os.RemoveAll(filepath.Join(run, "tax")))
	code, v := verdictOf(t, "-set", setDir, "-run", run, "-baseline", baseline)
	assert.Equal(t, exitPass, code, "inconclusive is not a failure")
	legal, tax := v.Agents[5], v.Agents[8]
	require.Equal(t, "legal", legal.Agent)
	assert.Equal(t, report.ContractScore{Contract: "coc_basic.md", Samples: 1}, legal.Contracts[1])
	require.Equal(t, "tax", tax.Agent)
	assert.False(t, tax.InRun)
	assert.Nil(t, tax.Metrics)
	assert.Equal(t, golden.VerdictInconclusive, tax.Thresholds.Overall)
	assert.Equal(t, golden.VerdictInconclusive, tax.Gate.Status)

	_, out, _ := gate(t, "-set", setDir, "-run", run, "-baseline", baseline)
	assert.Contains(t, out, "legal: coc_basic.md inconclusive: 0 of 1 samples ran\n")
	assert.Regexp(t, `\ntax +not run +- +- +- +- +- +- +0\.909 +inconclusive +inconclusive\n`, out)
}

func TestUpdateBaseline(t *testing.T) {
	path := filepath.Join(t.TempDir(), "baseline.json")
	code, v := verdictOf(t, "-set", setDir, "-run", runDir, "-baseline", path,
		"-update-baseline", "-notes", "first capture", "-commit", "abc123")
	require.Equal(t, exitPass, code, v.Error)
	assert.True(t, v.BaselineUpdated)

	b, err := golden.LoadBaseline(path)
	require.NoError(t, err)
	assert.Equal(t, "first capture", b.Notes)
	assert.Equal(t, "abc123", b.Commit)
	assert.Equal(t, 3, b.Samples, "the largest sample count in the run")
	require.Len(t, b.Metrics, len(v.Agents))
	for _, a := range v.Agents {
		assert.Equal(t, *a.Metrics, b.Metrics[a.Agent].Metrics, a.Agent)
	}

	// The same run passes on its own baseline; a padded one regresses.
	code, _ = verdictOf(t, "-set", setDir, "-run", runDir, "-baseline", path)
	assert.Equal(t, exitPass, code)
	worse := copyRun(t)
	editFindings(t, worse, "esg", func(fs []golden.AgentFinding) []golden.AgentFinding {
		return append(fs, golden.AgentFinding{Category: "Drafting style", Title: "Long sentences"})
	})
	code, v = verdictOf(t, "-set", setDir, "-run", worse, "-baseline", path)
	assert.Equal(t, exitFail, code)
	assert.Equal(t, []string{"esg"}, v.Regressions)

	// Accepting the drop deliberately rewrites the file; the report still
	// shows what moved.
	code, out, _ := gate(t, "-set", setDir, "-run", worse, "-baseline", path, "-update-baseline", "-notes", "esg pads its reviews")
	assert.Equal(t, exitPass, code)
	assert.Contains(t, out, "esg: gate fail: f1_score fell")
	b, err = golden.LoadBaseline(path)
	require.NoError(t, err)
	assert.Equal(t, "esg pads its reviews", b.Notes)

	// A run that fails its thresholds never becomes the baseline.
	failing := copyRun(t)
	editFindings(t, failing, "hr", func(fs []golden.AgentFinding) []golden.AgentFinding {
		for i := range fs {
			fs[i].Severity = "critical"
		}
		return fs
	})
	before, err := os.ReadFile(path)
	require.NoError(t, err)
	code, v = verdictOf(t, "-set", setDir, "-run", failing, "-baseline", path, "-update-baseline", "-notes", "x")
	assert.Equal(t, exitFail, code)
	assert.False(t, v.BaselineUpdated)
	assert.Contains(t, v.Error, "baseline not updated: [hr] fail their thresholds")
	after, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, string(before), string(after))
}

func TestBadInputExitsTwo(t *testing.T) {
	write := func(t *testing.T, run, rel, content string) {
		t.Helper()
		p := filepath.Join(run, rel)
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, []byte(content), 0o644))
	}
	badBaseline := filepath.Join(t.TempDir(), "bad.json")
	require.NoError(t, os.WriteFile(badBaseline, []byte(`{"timestamp": "yesterday", "metrics": {}}`), 0o644))
	for _, tc := range []struct {
		name  string
		args  []string
		setup func(t *testing.T, run string)
		want  string
	}{
		{name: "no -set", args: []string{"-run", runDir, "-baseline", baseline}, want: "-set: required"},
		{name: "no -run", args: []string{"-set", setDir, "-baseline", baseline}, want: "-run: required"},
		{name: "no -baseline", args: []string{"-set", setDir, "-run", runDir}, want: "-baseline: required"},
		{name: "unknown flag", args: []string{"-sett", setDir}, want: "flag provided but not defined: -sett"},
		{name: "stray argument", args: []string{"-set", setDir, "-run", runDir, "-baseline", baseline, "extra"}, want: `unexpected argument "extra"`},
		{name: "tolerance out of range", args: []string{"-set", setDir, "-run", runDir, "-baseline", baseline, "-tolerance", "1.5"}, want: "-tolerance: must be in [0,1], got 1.5"},
		{name: "update without notes", args: []string{"-set", setDir, "-run", runDir, "-baseline", baseline, "-update-baseline"}, want: "-notes: required with -update-baseline"},
		{name: "notes without update", args: []string{"-set", setDir, "-run", runDir, "-baseline", baseline, "-notes", "x"}, want: "-notes and -commit: only with -update-baseline"},
		{name: "no such set", args: []string{"-set", "testdata/nope", "-run", runDir, "-baseline", baseline}, want: "-set testdata/nope: golden: open testdata/nope/expected: no such file or directory"},
		{name: "no such run", args: []string{"-set", setDir, "-run", "testdata/nope", "-baseline", baseline}, want: "-run testdata/nope: open testdata/nope: no such file or directory"},
		{name: "no such baseline", args: []string{"-set", setDir, "-run", runDir, "-baseline", "testdata/nope.json"}, want: "create one deliberately with -update-baseline"},
		{name: "invalid baseline", args: []string{"-set", setDir, "-run", runDir, "-baseline", badBaseline}, want: `timestamp: not an RFC 3339 time: "yesterday"`},
		{name: "unknown agent", setup: func(t *testing.T, run string) { write(t, run, "legall/coc_basic.json", "[]") },
			want: `agent "legall" has no ground truths in the set`},
		{name: "unknown contract", setup: func(t *testing.T, run string) { write(t, run, "legal/coc_basik.json", "[]") },
			want: `"coc_basik" is not a contract of agent "legal" in the set`},
		{name: "file and folder", setup: func(t *testing.T, run string) { write(t, run, "legal/coc_basic.json", "[]") },
			want: `contract "coc_basic.md" given both as a file and as a folder`},
		{name: "not JSON", setup: func(t *testing.T, run string) { write(t, run, "tax/tax_structure.json", "[{") },
			want: "tax/tax_structure.json: golden: findings:"},
		{name: "wrong type", setup: func(t *testing.T, run string) { write(t, run, "tax/tax_structure.json", `[{"severity": 3}]`) },
			want: "tax/tax_structure.json: golden: findings[0]:"},
		{name: "bad failure record", setup: func(t *testing.T, run string) {
			write(t, run, "legal/coc_basic/3.json", `{"infra_failed": true, "eror": "typo"}`)
		}, want: `unknown field "eror"`},
		{name: "failure record that is not one", setup: func(t *testing.T, run string) {
			write(t, run, "legal/coc_basic/3.json", `{"infra_failed": false}`)
		}, want: "infra_failed: must be true in a failure record"},
		{name: "empty sample folder", setup: func(t *testing.T, run string) {
			require.NoError(t, os.MkdirAll(filepath.Join(run, "tax", "tax_structure"), 0o755))
			require.NoError(t, os.Remove(filepath.Join(run, "tax", "tax_structure.json")))
		}, want: "tax_structure: no samples"},
		{name: "many problems are bounded", setup: func(t *testing.T, run string) {
			for i := 0; i < 50; i++ {
				write(t, run, "agent"+strings.Repeat("x", i)+"/a.json", "[]")
			}
		}, want: "... and 30 more problems"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			args := tc.args
			if tc.setup != nil {
				run := copyRun(t)
				tc.setup(t, run)
				args = []string{"-set", setDir, "-run", run, "-baseline", baseline}
			}
			code, out, errOut := gate(t, args...)
			assert.Equal(t, exitBadInput, code)
			assert.Empty(t, out, "nothing on stdout: no verdict was reached")
			assert.Contains(t, errOut, tc.want)
		})
	}
}
