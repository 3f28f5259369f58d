package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const checkDir = "testdata/check"

// check runs the check subcommand from inside testdata/check, so that
// file names in the output are short and stable.
func check(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	t.Chdir(checkDir)
	return invoke(t, append([]string{"check"}, args...)...)
}

func TestCheckBadMemoExitsOne(t *testing.T) {
	code, out, errOut := check(t, "--kind", "review_memo", "--source", "source.md", "memo_bad.md")
	assert.Equal(t, exitFail, code)
	assert.Empty(t, errOut)
	t.Chdir("../..")
	checkGolden(t, "check/memo_bad.golden", out)
}

func TestCheckGoodMemoExitsZero(t *testing.T) {
	code, out, errOut := check(t, "--kind", "review_memo", "--source", "source.md", "memo_good.md")
	assert.Equal(t, exitPass, code, out)
	assert.Empty(t, errOut)
	assert.Equal(t, "memo_good.md: pass (0 block, 0 warn, 0 info)\n", out)
}

func TestCheckRevisionExitsOne(t *testing.T) {
	code, out, _ := check(t, "memo_revise.md", "--kind", "review_memo", "--source", "source.md") // flags after the file
	assert.Equal(t, exitFail, code)
	assert.Equal(t, "memo_revise.md:10:1: xref.numbering_gap: list numbering jumps from 1 to 3 [warn]\n"+
		"memo_revise.md: revise (0 block, 1 warn, 0 info)\n", out)
}

// checkJSON is what check --json writes.
type checkJSON struct {
	Status string        `json:"status"`
	Files  []checkedFile `json:"files"`
}

func TestCheckJSON(t *testing.T) {
	code, out, _ := check(t, "--json", "--kind", "review_memo", "--source", "source.md", "memo_good.md", "memo_bad.md")
	assert.Equal(t, exitFail, code, "one of the two files blocks")
	var got checkJSON
	require.NoError(t, json.Unmarshal([]byte(out), &got), out)
	assert.Equal(t, "block", got.Status)
	require.Len(t, got.Files, 2)
	assert.Equal(t, checkedFile{File: "memo_good.md", Kind: "review_memo", Status: "pass", Findings: []foundIssue{}}, got.Files[0])
	bad := got.Files[1]
	assert.Equal(t, "block", string(bad.Status))
	require.NotEmpty(t, bad.Findings)
	assert.Equal(t, foundIssue{Rule: "placeholder.unfilled", Severity: "block", Message: "unfilled placeholder: replace it with the final text",
		Line: 5, Column: 45, Text: "[AMOUNT]"}, bad.Findings[0])
}

func TestCheckRequirements(t *testing.T) {
	dir := t.TempDir()
	memo, err := os.ReadFile(filepath.Join(checkDir, "memo_good.md"))
	require.NoError(t, err)
	write := func(name, content string) string {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, []byte(content), 0o644))
		return p
	}
	promising := write("promising.md", string(memo)+"\nWe guarantee this review is complete.\n")
	reqs, err := filepath.Abs(filepath.Join(checkDir, "requirements.json"))
	require.NoError(t, err)
	code, out, errOut := invoke(t, "check", "--requirements", reqs, "--kind", "review_memo", "--source", filepath.Join(checkDir, "source.md"), promising)
	assert.Equal(t, exitFail, code, errOut)
	assert.Equal(t, promising+":17:4: requirement.no_guarantees: requirement no_guarantees violated: the text says what the policy forbids [block]\n"+
		promising+": block (1 block, 0 warn, 0 info)\n", out)

	// A requirement that needs evidence of a kind: met only when an
	// evidence item of that kind is given.
	needs := write("needs.json", `[{"name": "refund_needs_receipt", "when": "(?i)refund", "needs": ["receipt"]}]`)
	reply := write("reply.md", "Dear customer, we will refund the order.\n")
	receipt := write("receipt.txt", "Receipt 7: 20.00 EUR")
	code, out, _ = invoke(t, "check", "--requirements", needs, reply)
	assert.Equal(t, exitFail, code)
	assert.Contains(t, out, reply+":1:24: requirement.refund_needs_receipt: requirement refund_needs_receipt violated: the task holds no evidence of kind receipt [block]\n")
	code, out, _ = invoke(t, "check", "--requirements", needs, "--evidence", "r7="+receipt, "--evidence-kind", "r7=receipt", reply)
	assert.Equal(t, exitPass, code, out)
}

func TestCheckReadsStandardInput(t *testing.T) {
	old := stdin
	t.Cleanup(func() { stdin = old })
	stdin = strings.NewReader("The fee is [AMOUNT].\n")
	code, out, _ := invoke(t, "check", "-")
	assert.Equal(t, exitFail, code)
	assert.Equal(t, "-:1:12: placeholder.unfilled: unfilled placeholder: replace it with the final text [block]\n-: block (1 block, 0 warn, 0 info)\n", out)
}

func TestCheckBadInputExitsTwo(t *testing.T) {
	dir := t.TempDir()
	write := func(name, content string) string {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, []byte(content), 0o644))
		return p
	}
	memo := filepath.Join(checkDir, "memo_good.md")
	notJSON := write("notjson.json", "[{")
	unknownField := write("unknown.json", `[{"name": "x", "must": "y", "mustt": "z"}]`)
	badRegexp := write("badre.json", `[{"name": "x", "when": "("}]`)
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"no file", []string{"--kind", "review_memo"}, "no FILE to check"},
		{"unknown flag", []string{"--knd", "x", memo}, "flag provided but not defined: -knd"},
		{"unknown kind", []string{"--kind", "memo", memo}, `--kind: unknown kind "memo" (want empty or one of review_memo`},
		{"missing file", []string{"nope.md"}, "FILE: open nope.md: no such file or directory"},
		{"missing source", []string{"--source", "nope.md", memo}, "--source: open nope.md: no such file or directory"},
		{"evidence without a file", []string{"--evidence", "inv", memo}, `invalid value "inv" for flag -evidence: want ID=VALUE`},
		{"missing evidence", []string{"--evidence", "inv=nope.txt", memo}, "--evidence inv: open nope.txt: no such file or directory"},
		{"source twice", []string{"--source", memo, "--evidence", "source=" + memo, memo}, `--source/--evidence: evidence[1].id: duplicate of evidence[0].id "source"`},
		{"kind of no evidence", []string{"--evidence-kind", "inv=receipt", memo}, `--evidence-kind inv: no evidence item "inv"`},
		{"requirements not JSON", []string{"--requirements", notJSON, memo}, "want a JSON array of requirements: unexpected EOF"},
		{"requirements with a typo", []string{"--requirements", unknownField, memo}, `unknown field "mustt"`},
		{"requirement with a bad regexp", []string{"--requirements", badRegexp, memo}, "--requirements: requirements[0].when: invalid regular expression"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errOut := invoke(t, append([]string{"check"}, tc.args...)...)
			assert.Equal(t, exitBadInput, code)
			assert.Empty(t, out, "nothing on stdout: nothing was checked")
			assert.Contains(t, errOut, tc.want)
		})
	}
}

func TestCheckRefusesHugeFiles(t *testing.T) {
	old := maxInputBytes
	t.Cleanup(func() { maxInputBytes = old })
	maxInputBytes = 1 << 10
	big := filepath.Join(t.TempDir(), "big.md")
	require.NoError(t, os.WriteFile(big, []byte(strings.Repeat("word ", 300)), 0o644))
	code, out, errOut := invoke(t, "check", big)
	assert.Equal(t, exitBadInput, code)
	assert.Empty(t, out)
	assert.Contains(t, errOut, "larger than the limit of 1024 bytes")
}
