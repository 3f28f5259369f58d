package apilist

import (
	"errors"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the listings under api/ from the code")

// moduleRoot is the module root above this package's directory.
func moduleRoot(t *testing.T) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("no go.mod above the test's directory")
		}
		dir = parent
	}
}

// TestAPI compares every public package's exported API with its listing
// under api/, or rewrites the listings under -update.
func TestAPI(t *testing.T) {
	root := moduleRoot(t)
	pkgs, err := Packages(root)
	if err != nil {
		t.Fatal(err)
	}
	apiDir := filepath.Join(root, "api")
	want := map[string]bool{}
	for _, p := range pkgs {
		want[p.File()] = true
		path := filepath.Join(apiDir, p.File())
		got := strings.Join(p.Lines, "\n") + "\n"
		if *update {
			if err := os.MkdirAll(apiDir, 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		b, err := os.ReadFile(path)
		if errors.Is(err, os.ErrNotExist) {
			t.Errorf("package %s has no listing api/%s; run go generate ./internal/apilist", p.ImportPath, p.File())
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		if added, removed := diff(strings.Split(strings.TrimSuffix(string(b), "\n"), "\n"), p.Lines); len(added)+len(removed) > 0 {
			t.Errorf("the exported API of %s differs from api/%s:\n%s\nIf the change is on purpose, run go generate ./internal/apilist and commit api/.",
				p.ImportPath, p.File(), render(added, removed))
		}
	}
	entries, err := os.ReadDir(apiDir)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		t.Fatal(err)
	}
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".txt") && !want[e.Name()] {
			if *update {
				if err := os.Remove(filepath.Join(apiDir, e.Name())); err != nil {
					t.Fatal(err)
				}
				continue
			}
			t.Errorf("api/%s lists a package the module no longer has; run go generate ./internal/apilist", e.Name())
		}
	}
}

// diff returns the lines of got that old lacks and those of old that got
// lacks, in order.
func diff(old, got []string) (added, removed []string) {
	in := func(ss []string) map[string]bool {
		m := make(map[string]bool, len(ss))
		for _, s := range ss {
			m[s] = true
		}
		return m
	}
	had, has := in(old), in(got)
	for _, l := range got {
		if !had[l] {
			added = append(added, l)
		}
	}
	for _, l := range old {
		if !has[l] && l != "" {
			removed = append(removed, l)
		}
	}
	return added, removed
}

// render writes the difference as "+ line" and "- line", at most 40 lines.
func render(added, removed []string) string {
	var b strings.Builder
	n := 0
	for _, set := range []struct {
		mark  string
		lines []string
	}{{"-", removed}, {"+", added}} {
		for _, l := range set.lines {
			if n == 40 {
				b.WriteString("\t... and more\n")
				return b.String()
			}
			b.WriteString("\t" + set.mark + " " + l + "\n")
			n++
		}
	}
	return b.String()
}

func TestDiff(t *testing.T) {
	added, removed := diff([]string{"a", "b", "c"}, []string{"a", "c", "d"})
	if strings.Join(added, ",") != "d" || strings.Join(removed, ",") != "b" {
		t.Errorf("diff = +%v -%v", added, removed)
	}
}
