package doctest

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// docFiles returns the Markdown files whose blocks must compile, relative
// to the root module: README.md and every file under docs/.
func docFiles(t *testing.T) []string {
	t.Helper()
	files := []string{"README.md"}
	err := filepath.WalkDir(filepath.Join(root, "docs"), func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && filepath.Ext(path) == ".md" {
			rel, err := filepath.Rel(root, path)
			if err != nil {
				return err
			}
			files = append(files, filepath.ToSlash(rel))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(files[1:])
	return files
}

// TestDocs compiles every Go block of the README and the guides: complete
// files as they are, fragments inside their preamble (see the package
// documentation for the markers).
func TestDocs(t *testing.T) {
	statSources(t)
	var blocks []Block
	for _, f := range docFiles(t) {
		data, err := os.ReadFile(filepath.Join(root, f))
		if err != nil {
			t.Fatal(err)
		}
		bs, err := Parse(f, data)
		if err != nil {
			t.Errorf("%v\n(the markers are described by go doc ./internal/doctest)", err)
			continue
		}
		blocks = append(blocks, bs...)
	}
	errs, err := Compile(absRoot(t), t.TempDir(), blocks)
	if err != nil {
		t.Fatal(err)
	}
	compiled := 0
	for i, e := range errs {
		switch {
		case e != nil:
			t.Errorf("the block at %s:%d does not compile:\n%v", blocks[i].File, blocks[i].Line, e)
		case blocks[i].Mode != Skipped:
			compiled++
		}
	}
	t.Logf("%d blocks compiled, %d skipped on purpose", compiled, len(blocks)-compiled-countErrs(errs))
}

// countErrs counts the non-nil errors.
func countErrs(errs []error) int {
	n := 0
	for _, e := range errs {
		if e != nil {
			n++
		}
	}
	return n
}

// statSources stats every Go file of the root module. The blocks are
// compiled by a go command the test starts, whose reads go test cannot see;
// a stat is recorded, so a change to any of the module's code invalidates a
// cached pass of TestDocs, as a change to a document does.
func statSources(t *testing.T) {
	t.Helper()
	err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			n := d.Name()
			if path != root && (strings.HasPrefix(n, ".") || n == "testdata") {
				return filepath.SkipDir
			}
			if path != root {
				if _, err := os.Stat(filepath.Join(path, "go.mod")); err == nil {
					return filepath.SkipDir // another module: the blocks cannot import it
				}
			}
			return nil
		}
		if strings.HasSuffix(path, ".go") || d.Name() == "go.mod" || d.Name() == "go.sum" {
			_, err := os.Stat(path)
			return err
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
