package doctest

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"strings"
)

// Program returns the Go file a block is compiled as. Its //line
// directives name lineFile (the Markdown file, as the compiler should print
// it) and the lines there, so every position in the file, preamble
// included, points into the Markdown. Program must not be called on a
// skipped block or on a fragment without its preamble.
func Program(b Block, lineFile string) (string, error) {
	var sb strings.Builder
	switch b.Mode {
	case Complete:
		fmt.Fprintf(&sb, "//line %s:%d:1\n%s", lineFile, b.Line, b.Code)
	case Fragment:
		if b.Preamble == nil {
			return "", fmt.Errorf("%s:%d: fragment without a preamble", b.File, b.Line)
		}
		pre := b.Preamble
		fmt.Fprintf(&sb, "//line %s:%d:1\n", lineFile, pre.Line)
		for _, l := range pre.Before {
			sb.WriteString(l + "\n")
		}
		fmt.Fprintf(&sb, "//line %s:%d:1\n%s", lineFile, b.Line, b.Code)
		fmt.Fprintf(&sb, "//line %s:%d:1\n", lineFile, pre.Line+len(pre.Before)+1)
		for _, l := range pre.After {
			sb.WriteString(l + "\n")
		}
	default:
		return "", fmt.Errorf("%s:%d: a skipped block has no program", b.File, b.Line)
	}
	return sb.String(), nil
}

// libraryName replaces the name of a package main, so that the compiler
// type-checks it without the linker building a binary (a link per block
// would cost seconds each).
const libraryName = "doctestmain"

// parsed is a block's program, parsed and made ready to compile.
type parsed struct {
	src     string   // the source to compile
	imports []string // its import paths
}

// prepare parses a program (syntax errors are reported here, located in
// the Markdown through the //line directives), checks that a package main
// has its func main, and renames package main to a library package.
func prepare(src string) (parsed, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "block.go", src, parser.SkipObjectResolution)
	if err != nil {
		return parsed{}, err
	}
	var imports []string
	for _, im := range f.Imports {
		imports = append(imports, strings.Trim(im.Path.Value, "`\""))
	}
	if f.Name.Name != "main" {
		return parsed{src: src, imports: imports}, nil
	}
	if !hasMain(f) {
		return parsed{}, fmt.Errorf("%s: package main without func main()", fset.Position(f.Name.Pos()))
	}
	off := fset.File(f.Name.Pos()).Offset(f.Name.Pos())
	return parsed{src: src[:off] + libraryName + src[off+len("main"):], imports: imports}, nil
}

// hasMain reports whether f declares func main() with no parameters and no
// results.
func hasMain(f *ast.File) bool {
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if ok && fd.Recv == nil && fd.Name.Name == "main" && fd.Type.TypeParams == nil &&
			fd.Type.Params.NumFields() == 0 && fd.Type.Results.NumFields() == 0 {
			return true
		}
	}
	return false
}
