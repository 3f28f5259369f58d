// Command schemagen writes the JSON Schemas the core packages embed:
// evaluator/decision_schema.json (EvaluationDecision as the judge sees it)
// and rubric/judge_output_schema.json (JudgeOutput; the rubric fills in
// its dimension names at run time). It reflects the Go types with package
// evaluator/strictschema, so that the core needs no schema library at run
// time. Run it with go generate ./evaluator (or go run ./internal/schemagen
// from anywhere in the module); a test fails when the committed files are
// stale.
package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/evaluator/strictschema"
	"github.com/evalopt/evalopt/rubric"
)

// outputs maps each generated file, relative to the module root, to the
// value whose type it describes.
var outputs = []struct {
	path string
	v    any
}{
	{"evaluator/decision_schema.json", &evaluator.EvaluationDecision{}},
	{"rubric/judge_output_schema.json", &rubric.JudgeOutput{}},
}

// generate returns the content of every output, by path.
func generate() (map[string][]byte, error) {
	files := make(map[string][]byte, len(outputs))
	for _, o := range outputs {
		raw, err := strictschema.JSON(o.v)
		if err != nil {
			return nil, err
		}
		var b bytes.Buffer
		if err := json.Indent(&b, raw, "", "  "); err != nil {
			return nil, fmt.Errorf("%s: %w", o.path, err)
		}
		b.WriteByte('\n')
		files[o.path] = b.Bytes()
	}
	return files, nil
}

// moduleRoot returns the nearest directory at or above dir holding go.mod.
func moduleRoot(dir string) (string, error) {
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("schemagen: no go.mod above the working directory")
		}
		dir = parent
	}
}

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

func run() error {
	wd, err := os.Getwd()
	if err != nil {
		return err
	}
	root, err := moduleRoot(wd)
	if err != nil {
		return err
	}
	files, err := generate()
	if err != nil {
		return err
	}
	for _, o := range outputs {
		if err := os.WriteFile(filepath.Join(root, o.path), files[o.path], 0o644); err != nil {
			return fmt.Errorf("schemagen: %w", err)
		}
	}
	return nil
}
