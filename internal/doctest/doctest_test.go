package doctest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// root is the root module, where the blocks compile.
const root = "../.."

// absRoot returns root as an absolute path.
func absRoot(t *testing.T) string {
	t.Helper()
	r, err := filepath.Abs(root)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// parseFile parses a testdata file, named as Compile will print it.
func parseFile(t *testing.T, name string) []Block {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	blocks, err := Parse("internal/doctest/testdata/"+name, data)
	if err != nil {
		t.Fatalf("Parse: %v", err)
	}
	return blocks
}

func TestParseClassifiesBlocks(t *testing.T) {
	blocks := parseFile(t, "good.md")
	want := []struct {
		mode Mode
		line int
	}{
		{Complete, 6}, {Complete, 16}, {Fragment, 47}, {Fragment, 57},
		{Skipped, 65}, {Skipped, 70},
	}
	if len(blocks) != len(want) {
		t.Fatalf("got %d blocks, want %d", len(blocks), len(want))
	}
	for i, w := range want {
		if blocks[i].Mode != w.mode || blocks[i].Line != w.line {
			t.Errorf("block %d: mode %d line %d, want mode %d line %d", i, blocks[i].Mode, blocks[i].Line, w.mode, w.line)
		}
	}
	if got := blocks[3].Code; got != "fmt.Println(task.ID)\n_ = ctx\n" {
		t.Errorf("indented block's code = %q: the fence's indentation should be gone", got)
	}
	if blocks[2].Preamble == nil || blocks[2].Preamble.Name != "task" || blocks[2].Preamble.Line != 24 {
		t.Errorf("fragment's preamble = %+v, want task from line 24", blocks[2].Preamble)
	}
	if !strings.Contains(blocks[4].Reason, "Temporal SDK") || !strings.Contains(blocks[5].Reason, ".ci/adopt") {
		t.Errorf("skip reasons = %q, %q", blocks[4].Reason, blocks[5].Reason)
	}
}

func TestParseErrors(t *testing.T) {
	cases := []struct {
		name, doc, want string
	}{
		{"fragment without marker", "```go\nx := 1\n```\n", "doc.md:1: a Go fragment (no package clause) needs <!-- go:use PREAMBLE -->"},
		{"unknown preamble", "<!-- go:use nope -->\n```go\nx := 1\n```\n", `doc.md:1: go:use "nope": no <!-- go:preamble nope -->`},
		{"marker without block", "<!-- go:use p -->\n\nSome prose.\n", "doc.md:1: go:use marker with no ```go block right below it"},
		{"marker above shell", "<!-- go:nocompile why -->\n```sh\nls\n```\n", `doc.md:1: go:nocompile marker above a "sh" block`},
		{"nocompile without reason", "<!-- go:nocompile -->\n```go\nx\n```\n", "doc.md:1: go:nocompile wants a reason"},
		{"use on a complete file", "<!-- go:preamble p\n...\n-->\n<!-- go:use p -->\n```go\npackage main\n```\n", "doc.md:4: go:use above a complete file"},
		{"preamble without dots", "<!-- go:preamble p\npackage main\n-->\n", `doc.md:1: go:preamble "p" has no line reading "..."`},
		{"preamble twice", "<!-- go:preamble p\n...\n-->\n<!-- go:preamble p\n...\n-->\n", `doc.md:4: go:preamble "p" is declared twice`},
		{"preamble not closed", "<!-- go:preamble p\n...\n", `doc.md:1: go:preamble "p" is not closed`},
		{"fence not closed", "```go\npackage main\n", "doc.md:1: fence opened here is never closed"},
		{"unknown marker", "<!-- go:compile -->\n", `doc.md:1: unknown marker "go:compile"`},
		{"too big", strings.Repeat("x", MaxFileBytes+1), "more than the"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Parse("doc.md", []byte(c.doc))
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("Parse error = %v, want one containing %q", err, c.want)
			}
		})
	}
}

func TestParseBoundsItsErrors(t *testing.T) {
	doc := strings.Repeat("```go\nx := 1\n```\n", 50)
	_, err := Parse("doc.md", []byte(doc))
	if err == nil {
		t.Fatal("no error for 50 fragments without markers")
	}
	if n := strings.Count(err.Error(), "\n"); n != maxErrors {
		t.Errorf("%d lines of errors, want %d and a count", n+1, maxErrors+1)
	}
	if !strings.HasSuffix(err.Error(), "... and 30 more problems") {
		t.Errorf("error ends %q", err.Error()[len(err.Error())-40:])
	}
}

func TestProgramMapsLinesToTheMarkdown(t *testing.T) {
	blocks := parseFile(t, "good.md")
	src, err := Program(blocks[2], "good.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"//line good.md:24:1\npackage main\n", "//line good.md:47:1\nif err := task.Validate()", "//line good.md:39:1\n\treturn nil\n}\n"} {
		if !strings.Contains(src, want) {
			t.Errorf("program lacks %q:\n%s", want, src)
		}
	}
}

func TestCompileGoodBlocks(t *testing.T) {
	blocks := parseFile(t, "good.md")
	errs, err := Compile(absRoot(t), t.TempDir(), blocks)
	if err != nil {
		t.Fatal(err)
	}
	for i, e := range errs {
		if e != nil {
			t.Errorf("block at line %d: %v", blocks[i].Line, e)
		}
	}
}

// TestCompileBrokenBlocks is the test of the tester: blocks that do not
// compile must fail, each at its own line of the Markdown.
func TestCompileBrokenBlocks(t *testing.T) {
	blocks := parseFile(t, "broken.md")
	errs, err := Compile(absRoot(t), t.TempDir(), blocks)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"internal/doctest/testdata/broken.md:22:13: undefined: doWork",
		"internal/doctest/testdata/broken.md:47:1: declared and not used: res",
		`internal/doctest/testdata/broken.md:59:14: cannot use "three"`,
	}
	if len(errs) != len(want) {
		t.Fatalf("%d results for %d blocks", len(errs), len(want))
	}
	for i, w := range want {
		if errs[i] == nil || !strings.Contains(errs[i].Error(), w) {
			t.Errorf("block %d: error %v, want one containing %q", i, errs[i], w)
		}
	}
}

func TestCompileRefusesImportsAReaderCannotUse(t *testing.T) {
	blocks := parseFile(t, "badimport.md")
	errs, err := Compile(absRoot(t), t.TempDir(), blocks)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"an internal package",
		"no such package in the root module",
		"not required by the root module's go.mod",
		"internal/doctest/testdata/badimport.md:32:",
	}
	for i, w := range want {
		if errs[i] == nil || !strings.Contains(errs[i].Error(), w) {
			t.Errorf("block %d: error %v, want one containing %q", i, errs[i], w)
		}
	}
}
