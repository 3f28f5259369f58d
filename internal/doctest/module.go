package doctest

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// module is what Compile needs to know of the module the blocks compile in.
type module struct {
	root     string
	path     string   // the module path
	requires []string // the module paths its go.mod requires
}

// readModule reads root/go.mod: its module path and its requirements.
func readModule(root string) (module, error) {
	data, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		return module{}, err
	}
	m := module{root: root}
	inRequire := false
	for _, l := range strings.Split(string(data), "\n") {
		f := strings.Fields(strings.SplitN(l, "//", 2)[0])
		switch {
		case len(f) == 0:
		case inRequire && f[0] == ")":
			inRequire = false
		case inRequire:
			m.requires = append(m.requires, f[0])
		case f[0] == "module" && len(f) == 2:
			m.path = strings.Trim(f[1], `"`)
		case f[0] == "require" && len(f) == 2 && f[1] == "(":
			inRequire = true
		case f[0] == "require" && len(f) >= 3:
			m.requires = append(m.requires, f[1])
		}
	}
	if m.path == "" {
		return module{}, fmt.Errorf("%s: no module line", filepath.Join(root, "go.mod"))
	}
	return m, nil
}

// checkImports reports the first import of a block that the module cannot
// provide, or that a reader of the docs should not use: an internal
// package, a package of a nested module (an adapter), a package that does
// not exist, a module the go.mod does not require. Caught here, such an
// import gets a message naming the block, where the go command would stop
// the whole build.
func (m module) checkImports(b Block, imports []string) error {
	for _, path := range imports {
		if problem := m.importProblem(path); problem != "" {
			return fmt.Errorf("%s:%d: import %q: %s", b.File, b.Line, path, problem)
		}
	}
	return nil
}

// importProblem says what is wrong with one import path, or "".
func (m module) importProblem(path string) string {
	first, _, _ := strings.Cut(path, "/")
	if !strings.Contains(first, ".") {
		return "" // the standard library
	}
	if path != m.path && !strings.HasPrefix(path, m.path+"/") {
		for _, r := range m.requires {
			if path == r || strings.HasPrefix(path, r+"/") {
				return ""
			}
		}
		return "not required by the root module's go.mod: a block that needs another module is marked <!-- go:nocompile REASON -->"
	}
	rel := strings.TrimPrefix(strings.TrimPrefix(path, m.path), "/")
	if slices.Contains(strings.Split(rel, "/"), "internal") {
		return "an internal package: a reader cannot import it"
	}
	dir := m.root
	for _, elem := range strings.Split(rel, "/") {
		if elem == "" {
			break
		}
		dir = filepath.Join(dir, elem)
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return "in another module (" + filepath.ToSlash(mustRel(m.root, dir)) + "): mark the block <!-- go:nocompile REASON --> or compile it with that module"
		}
	}
	if !hasGoFiles(dir) {
		return "no such package in the root module"
	}
	return ""
}

// hasGoFiles reports whether dir holds a non-test Go file.
func hasGoFiles(dir string) bool {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return false
	}
	for _, e := range entries {
		n := e.Name()
		if !e.IsDir() && strings.HasSuffix(n, ".go") && !strings.HasSuffix(n, "_test.go") {
			return true
		}
	}
	return false
}

// mustRel is filepath.Rel for a path known to be under base.
func mustRel(base, path string) string {
	r, err := filepath.Rel(base, path)
	if err != nil {
		return path
	}
	return r
}
