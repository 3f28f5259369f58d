package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/rubric"
)

// TestCommittedSchemasAreFresh fails when a committed schema differs from
// what the generator writes now: run go generate ./evaluator.
func TestCommittedSchemasAreFresh(t *testing.T) {
	files, err := generate()
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range outputs {
		got, err := os.ReadFile(filepath.Join("..", "..", o.path))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, files[o.path]) {
			t.Errorf("%s is stale: run go generate ./evaluator", o.path)
		}
	}
}

// TestEmbeddedSchemasAreTheGeneratedOnes: what the packages hand out is
// the generated file, compacted, property order kept.
func TestEmbeddedSchemasAreTheGeneratedOnes(t *testing.T) {
	files, err := generate()
	if err != nil {
		t.Fatal(err)
	}
	for path, got := range map[string][]byte{
		"evaluator/decision_schema.json":  evaluator.DecisionSchema(),
		"rubric/judge_output_schema.json": rubric.JudgeOutputSchema(),
	} {
		var want bytes.Buffer
		if err := json.Compact(&want, files[path]); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want.Bytes()) {
			t.Errorf("%s: the package hands out\n%s\nwant\n%s", path, got, want.Bytes())
		}
	}
}

// TestCoreDependencies: the core packages import only the standard
// library, golang.org/x and the module's own packages at run time; the
// schema library stays at build time (this program) and in the leaf
// package evaluator/strictschema.
func TestCoreDependencies(t *testing.T) {
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("the go command is not available")
	}
	out, err := exec.Command(gobin, "list", "-deps", "-f", "{{if not .Standard}}{{.ImportPath}}{{end}}",
		"github.com/evalopt/evalopt/evaluator", "github.com/evalopt/evalopt/loop",
		"github.com/evalopt/evalopt/rubric", "github.com/evalopt/evalopt/checks").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	var deps []string
	for _, p := range strings.Fields(string(out)) {
		deps = append(deps, p)
		if !strings.HasPrefix(p, "github.com/evalopt/evalopt/") && !strings.HasPrefix(p, "golang.org/x/") {
			t.Errorf("core package depends on %s", p)
		}
		if p == "github.com/evalopt/evalopt/evaluator/strictschema" {
			t.Errorf("core package depends on the schema reflection leaf %s", p)
		}
	}
	if len(deps) < 4 {
		t.Fatalf("go list listed too little: %q", deps)
	}
}
