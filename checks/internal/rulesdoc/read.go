package main

import (
	"errors"
	"fmt"
	"go/ast"
	"go/doc"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// family is one package under checks and the rules it declares.
type family struct {
	dir        string // relative to the checks directory, slash-separated
	importPath string
	synopsis   string // the package doc's first sentence, or ""
	rules      []rule
}

// rule is one Rule* constant.
type rule struct {
	id   string // its value: what a Finding's Rule holds
	name string // the constant's name
	doc  string // its doc comment, on one line
}

// readFamilies walks dir (the checks directory) and returns every package
// under it that declares rules, ordered by directory. Internal packages,
// test data, and directories starting with "." or "_" are skipped.
func readFamilies(dir string) ([]family, error) {
	base, err := importBase(dir)
	if err != nil {
		return nil, err
	}
	var fams []family
	var errs []error
	err = filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return err
		}
		n := d.Name()
		if path != dir && (n == "internal" || n == "testdata" || strings.HasPrefix(n, ".") || strings.HasPrefix(n, "_")) {
			return filepath.SkipDir
		}
		rel, err := filepath.Rel(dir, path)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		f, err := readFamily(path, rel, joinPath(base, rel))
		if err != nil {
			errs = append(errs, err)
		} else if len(f.rules) > 0 {
			fams = append(fams, f)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	sort.Slice(fams, func(i, j int) bool { return fams[i].dir < fams[j].dir })
	return fams, errors.Join(errs...)
}

// joinPath appends a slash-separated relative directory to an import path.
func joinPath(base, rel string) string {
	if rel == "." {
		return base
	}
	return base + "/" + rel
}

// readFamily parses the non-test Go files of one directory and collects its
// rules. A directory without Go files gives a family with no rules.
func readFamily(path, rel, importPath string) (family, error) {
	fam := family{dir: rel, importPath: importPath}
	entries, err := os.ReadDir(path)
	if err != nil {
		return fam, err
	}
	fset := token.NewFileSet()
	var files []*ast.File
	for _, e := range entries {
		n := e.Name()
		if e.IsDir() || !strings.HasSuffix(n, ".go") || strings.HasSuffix(n, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join(path, n), nil, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			return fam, err
		}
		files = append(files, f)
	}
	if len(files) == 0 {
		return fam, nil
	}
	consts := stringConsts(files) // before go/doc, which drops unexported names
	pkg, err := doc.NewFromFiles(fset, files, importPath, doc.PreserveAST)
	if err != nil {
		return fam, err
	}
	fam.synopsis = pkg.Synopsis(pkg.Doc)
	values := pkg.Consts
	for _, t := range pkg.Types {
		values = append(values, t.Consts...)
	}
	var errs []error
	for _, v := range values {
		rs, err := rulesOf(v, consts, rel)
		errs = append(errs, err)
		fam.rules = append(fam.rules, rs...)
	}
	sort.Slice(fam.rules, func(i, j int) bool { return fam.rules[i].id < fam.rules[j].id })
	return fam, errors.Join(errs...)
}

// rulesOf returns the exported Rule* constants of one declaration. A rule
// without a doc comment, or whose value is not a constant string this
// package spells out, is an error: the reference must say what each
// rule finds.
func rulesOf(v *doc.Value, consts map[string]ast.Expr, rel string) ([]rule, error) {
	var out []rule
	var errs []error
	for _, s := range v.Decl.Specs {
		spec := s.(*ast.ValueSpec)
		for _, name := range spec.Names {
			if !name.IsExported() || !strings.HasPrefix(name.Name, "Rule") {
				continue
			}
			id, err := eval(consts[name.Name], consts, 0)
			if err != nil {
				errs = append(errs, fmt.Errorf("checks/%s: %s: %v", rel, name.Name, err))
				continue
			}
			text := commentText(spec.Doc, spec.Comment)
			if text == "" && len(v.Decl.Specs) == 1 {
				text = v.Doc
			}
			if text == "" {
				errs = append(errs, fmt.Errorf("checks/%s: %s has no doc comment saying what the rule finds", rel, name.Name))
				continue
			}
			out = append(out, rule{id: id, name: name.Name, doc: oneLine(text, name.Name)})
		}
	}
	return out, errors.Join(errs...)
}

// stringConsts maps every constant name of the files to its value
// expression, so that a rule spelled as another constant, or as a sum of
// strings, can be read.
func stringConsts(files []*ast.File) map[string]ast.Expr {
	m := map[string]ast.Expr{}
	for _, f := range files {
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.CONST {
				continue
			}
			for _, s := range gd.Specs {
				spec := s.(*ast.ValueSpec)
				for i, n := range spec.Names {
					if i < len(spec.Values) {
						m[n.Name] = spec.Values[i]
					}
				}
			}
		}
	}
	return m
}

// eval reads a constant string expression: a string literal, a constant of
// the package, a sum of those, a conversion to a named type, or parentheses.
func eval(e ast.Expr, consts map[string]ast.Expr, depth int) (string, error) {
	if depth > 16 {
		return "", errors.New("constant defined in terms of itself, or too deeply")
	}
	switch e := e.(type) {
	case *ast.BasicLit:
		if e.Kind == token.STRING {
			return strconv.Unquote(e.Value)
		}
	case *ast.Ident:
		if v, ok := consts[e.Name]; ok {
			return eval(v, consts, depth+1)
		}
	case *ast.BinaryExpr:
		if e.Op == token.ADD {
			x, err := eval(e.X, consts, depth+1)
			if err != nil {
				return "", err
			}
			y, err := eval(e.Y, consts, depth+1)
			return x + y, err
		}
	case *ast.ParenExpr:
		return eval(e.X, consts, depth+1)
	case *ast.CallExpr:
		if len(e.Args) == 1 {
			return eval(e.Args[0], consts, depth+1)
		}
	}
	return "", errors.New("value is not a string constant spelled out in its package (a literal, another constant, or a sum of them)")
}

// commentText returns the text of the first non-empty comment group.
func commentText(groups ...*ast.CommentGroup) string {
	for _, g := range groups {
		if t := strings.TrimSpace(g.Text()); t != "" {
			return t
		}
	}
	return ""
}

// oneLine joins a doc comment into one line for a table cell, drops a
// leading "Name:" (the name has its own column) and escapes the cell
// separator.
func oneLine(text, name string) string {
	text = strings.Join(strings.Fields(text), " ")
	if rest, ok := strings.CutPrefix(text, name+":"); ok {
		text = strings.TrimSpace(rest)
	}
	return strings.ReplaceAll(text, "|", `\|`)
}

// importBase returns the import path of dir, read from the nearest go.mod
// at or above it.
func importBase(dir string) (string, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	var rest []string
	for d := abs; ; d = filepath.Dir(d) {
		data, err := os.ReadFile(filepath.Join(d, "go.mod"))
		if err == nil {
			mod := modulePath(data)
			if mod == "" {
				return "", fmt.Errorf("%s: no module line", filepath.Join(d, "go.mod"))
			}
			for i := len(rest) - 1; i >= 0; i-- {
				mod += "/" + rest[i]
			}
			return mod, nil
		}
		if filepath.Dir(d) == d {
			return "", fmt.Errorf("%s: no go.mod at or above it", dir)
		}
		rest = append(rest, filepath.Base(d))
	}
}

// modulePath returns the module path a go.mod declares, or "".
func modulePath(gomod []byte) string {
	for _, l := range strings.Split(string(gomod), "\n") {
		if f := strings.Fields(l); len(f) == 2 && f[0] == "module" {
			return strings.Trim(f[1], `"`)
		}
	}
	return ""
}
