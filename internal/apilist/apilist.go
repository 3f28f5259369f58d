package apilist

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// Package is one public package of a module and its API listing.
type Package struct {
	// Path is the package's directory relative to the module root, with
	// forward slashes ("evaluator/ensemble").
	Path string
	// ImportPath is the module path joined with Path.
	ImportPath string
	// Lines is the listing, sorted, one exported declaration per line.
	Lines []string
}

// File returns the name of the package's listing under api/: its path with
// "/" replaced by "." and ".txt" appended ("evaluator.ensemble.txt"); the
// module's root package takes the last element of the module path
// ("evalopt.txt").
func (p Package) File() string {
	if p.Path == "." {
		return p.ImportPath[strings.LastIndex(p.ImportPath, "/")+1:] + ".txt"
	}
	return strings.ReplaceAll(p.Path, "/", ".") + ".txt"
}

// Packages lists the public packages of the module rooted at root: every
// directory holding non-test Go files of a package other than main,
// except testdata, internal, examples and cmd trees, hidden directories
// and nested modules (a directory with its own go.mod), the same selection
// as the module's exported-name count. Packages are sorted by path.
func Packages(root string) ([]Package, error) {
	modPath, err := modulePath(root)
	if err != nil {
		return nil, err
	}
	var pkgs []Package
	err = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			return nil
		}
		rel, err := filepath.Rel(root, p)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		if rel != "." && skipDir(p, d.Name()) {
			return filepath.SkipDir
		}
		pkg, ok, err := listDir(p)
		if err != nil || !ok {
			return err
		}
		pkg.Path = rel
		pkg.ImportPath = modPath
		if rel != "." {
			pkg.ImportPath += "/" + rel
		}
		pkgs = append(pkgs, pkg)
		return nil
	})
	sort.Slice(pkgs, func(i, j int) bool { return pkgs[i].Path < pkgs[j].Path })
	return pkgs, err
}

// skipDir reports whether the walk leaves out the directory at p.
func skipDir(p, name string) bool {
	switch {
	case strings.HasPrefix(name, "."), strings.HasPrefix(name, "_"),
		name == "testdata", name == "internal", name == "examples", name == "cmd":
		return true
	}
	_, err := os.Stat(filepath.Join(p, "go.mod"))
	return err == nil
}

// modulePath reads the module path from root/go.mod.
func modulePath(root string) (string, error) {
	b, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		return "", err
	}
	for _, line := range strings.Split(string(b), "\n") {
		if f := strings.Fields(line); len(f) == 2 && f[0] == "module" {
			return strings.Trim(f[1], `"`), nil
		}
	}
	return "", fmt.Errorf("apilist: %s/go.mod names no module", root)
}

// listDir lists the package in dir; ok is false when dir holds none (no
// non-test Go file, or package main).
func listDir(dir string) (pkg Package, ok bool, err error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return pkg, false, err
	}
	fset := token.NewFileSet()
	seen := map[string]bool{}
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join(dir, name), nil, parser.SkipObjectResolution)
		if err != nil {
			return pkg, false, err
		}
		if f.Name.Name == "main" {
			return pkg, false, nil
		}
		ok = true
		stripParamNames(f)
		for _, l := range fileLines(fset, f) {
			seen[l] = true // a declaration repeated under other build tags is listed once
		}
	}
	for l := range seen {
		pkg.Lines = append(pkg.Lines, l)
	}
	sort.Strings(pkg.Lines)
	return pkg, ok, nil
}

// fileLines lists the exported declarations of one file.
func fileLines(fset *token.FileSet, f *ast.File) []string {
	var out []string
	for _, decl := range f.Decls {
		switch d := decl.(type) {
		case *ast.FuncDecl:
			if l, ok := funcLine(fset, d); ok {
				out = append(out, l)
			}
		case *ast.GenDecl:
			out = append(out, genLines(fset, d)...)
		}
	}
	return out
}

// funcLine lists an exported function, or an exported method of an
// exported type.
func funcLine(fset *token.FileSet, d *ast.FuncDecl) (string, bool) {
	if !d.Name.IsExported() {
		return "", false
	}
	sig := d.Name.Name + typeParams(fset, d.Type.TypeParams) + signature(fset, d.Type)
	if d.Recv == nil {
		return "func " + sig, true
	}
	recv := d.Recv.List[0].Type
	if !ast.IsExported(baseName(recv)) {
		return "", false
	}
	return "method (" + expr(fset, recv) + ") " + sig, true
}

// baseName returns the name of a receiver's type: T of *T, T[C] or T.
func baseName(e ast.Expr) string {
	for {
		switch x := e.(type) {
		case *ast.StarExpr:
			e = x.X
		case *ast.IndexExpr:
			e = x.X
		case *ast.IndexListExpr:
			e = x.X
		case *ast.Ident:
			return x.Name
		default:
			return ""
		}
	}
}
