package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRulesDocIsCurrent fails when docs/rules.md is not what the generator
// writes from the code.
func TestRulesDocIsCurrent(t *testing.T) {
	fams, err := readFamilies("../..")
	if err != nil {
		t.Fatal(err)
	}
	want := render(fams)
	got, err := os.ReadFile(filepath.Join("..", "..", "..", "docs", "rules.md"))
	if err != nil {
		t.Fatalf("%v: run go generate ./checks", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("docs/rules.md is stale: run go generate ./checks (it would write %d bytes, the file has %d)", len(want), len(got))
	}
}

func TestReadFamiliesWalksTheTree(t *testing.T) {
	fams, err := readFamilies(filepath.Join("testdata", "checks"))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range fams {
		for _, r := range f.rules {
			got = append(got, f.dir+" "+r.name+"="+r.id+": "+r.doc)
		}
	}
	want := []string{
		"alpha RuleA=alpha.a: an a.",
		"alpha RuleB=alpha.b: RuleB is the b rule, spelled from another constant.",
		`alpha RuleC=alpha.c: a cell with a \| in it.`,
		"nested/beta RuleBeta=beta.x: a family no list names, found by the walk.",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("rules read:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if fams[0].synopsis != "Package alpha is a family of checks for the generator's tests." {
		t.Errorf("synopsis = %q", fams[0].synopsis)
	}
	if !strings.HasSuffix(fams[1].importPath, "/rulesdoc/testdata/checks/nested/beta") {
		t.Errorf("import path = %q", fams[1].importPath)
	}
}

func TestReadFamiliesReportsWhatItCannotRead(t *testing.T) {
	_, err := readFamilies(filepath.Join("testdata", "bad"))
	if err == nil {
		t.Fatal("no error")
	}
	for _, want := range []string{
		"checks/delta: RuleNoDoc has no doc comment",
		"checks/delta: RuleComputed: value is not a string constant",
	} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q lacks %q", err, want)
		}
	}
}

func TestRenderLinksEveryFamily(t *testing.T) {
	fams, err := readFamilies(filepath.Join("testdata", "checks"))
	if err != nil {
		t.Fatal(err)
	}
	out := string(render(fams))
	for _, want := range []string{
		"| [`checks/nested/beta`](#checksnestedbeta) | 1 |",
		"## checks/nested/beta\n",
		"| `alpha.b` | `alpha.RuleB` | RuleB is the b rule, spelled from another constant. |",
		": Package alpha is a family of checks",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

func TestRunWritesTheFile(t *testing.T) {
	out := filepath.Join(t.TempDir(), "rules.md")
	if err := run(filepath.Join("testdata", "checks"), out); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(out)
	if err != nil || !bytes.HasPrefix(data, []byte("# Rules reference\n")) {
		t.Fatalf("wrote %q, %v", data, err)
	}
}
