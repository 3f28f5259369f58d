package apilist

import (
	"bytes"
	"go/ast"
	"go/printer"
	"go/token"
	"strings"
)

// genLines lists the exported names of a const, var or type declaration,
// with the exported fields of a struct and the methods of an interface.
func genLines(fset *token.FileSet, d *ast.GenDecl) []string {
	var out []string
	var lastType ast.Expr // a const spec without a type repeats the last one's (iota)
	for _, s := range d.Specs {
		switch s := s.(type) {
		case *ast.TypeSpec:
			if s.Name.IsExported() {
				out = append(out, typeLines(fset, s)...)
			}
		case *ast.ValueSpec:
			if d.Tok == token.CONST && (s.Type != nil || len(s.Values) > 0) {
				lastType = s.Type
			}
			for i, n := range s.Names {
				if !n.IsExported() {
					continue
				}
				out = append(out, valueLine(fset, d.Tok, s, i, lastType))
			}
		}
	}
	return out
}

// valueLine lists one const or var: its type when known and, for a
// literal, its value, so that a changed rule identifier or limit shows.
func valueLine(fset *token.FileSet, tok token.Token, s *ast.ValueSpec, i int, lastType ast.Expr) string {
	l := tok.String() + " " + s.Names[i].Name
	typ := s.Type
	if typ == nil && tok == token.CONST {
		typ = lastType
	}
	var val ast.Expr
	if i < len(s.Values) {
		val = s.Values[i]
	}
	if typ == nil && val != nil {
		typ = inferType(val)
	}
	if typ != nil {
		l += " " + expr(fset, typ)
	}
	if lit, ok := val.(*ast.BasicLit); ok {
		l += " = " + lit.Value
	} else if u, ok := val.(*ast.UnaryExpr); ok && u.Op == token.SUB {
		if lit, ok := u.X.(*ast.BasicLit); ok {
			l += " = -" + lit.Value
		}
	} else if b, ok := val.(*ast.BinaryExpr); ok && isConstExpr(b) {
		l += " = " + expr(fset, b)
	}
	return l
}

// inferType returns the type of an untyped var's value where the syntax
// says it: errors.New and fmt.Errorf give error, a composite literal its
// type.
func inferType(v ast.Expr) ast.Expr {
	switch x := v.(type) {
	case *ast.CallExpr:
		if sel, ok := x.Fun.(*ast.SelectorExpr); ok {
			if pkg, ok := sel.X.(*ast.Ident); ok && (pkg.Name == "errors" && sel.Sel.Name == "New" || pkg.Name == "fmt" && sel.Sel.Name == "Errorf") {
				return ast.NewIdent("error")
			}
		}
	case *ast.CompositeLit:
		return x.Type
	case *ast.UnaryExpr:
		if cl, ok := x.X.(*ast.CompositeLit); ok && x.Op == token.AND {
			return &ast.StarExpr{X: cl.Type}
		}
	}
	return nil
}

// isConstExpr reports whether b is built of literals only (64 << 20).
func isConstExpr(e ast.Expr) bool {
	switch x := e.(type) {
	case *ast.BasicLit:
		return true
	case *ast.BinaryExpr:
		return isConstExpr(x.X) && isConstExpr(x.Y)
	case *ast.ParenExpr:
		return isConstExpr(x.X)
	}
	return false
}

// typeLines lists a type, then its exported struct fields or interface
// methods, one line each.
func typeLines(fset *token.FileSet, s *ast.TypeSpec) []string {
	head := "type " + s.Name.Name + typeParams(fset, s.TypeParams)
	if s.Assign.IsValid() {
		return []string{head + " = " + expr(fset, s.Type)}
	}
	switch t := s.Type.(type) {
	case *ast.StructType:
		out := []string{head + " struct"}
		for _, f := range t.Fields.List {
			typ := expr(fset, f.Type)
			if len(f.Names) == 0 {
				if ast.IsExported(baseName(strip(f.Type))) {
					out = append(out, head+" struct, embedded "+typ)
				}
				continue
			}
			for _, n := range f.Names {
				if n.IsExported() {
					out = append(out, head+" struct, "+n.Name+" "+typ+tag(f))
				}
			}
		}
		return out
	case *ast.InterfaceType:
		out := []string{head + " interface"}
		for _, m := range t.Methods.List {
			if len(m.Names) == 0 {
				out = append(out, head+" interface, embedded "+expr(fset, m.Type))
				continue
			}
			for _, n := range m.Names {
				if ft, ok := m.Type.(*ast.FuncType); ok && n.IsExported() {
					out = append(out, head+" interface, "+n.Name+signature(fset, ft))
				}
			}
		}
		return out
	}
	return []string{head + " " + expr(fset, s.Type)}
}

// stripParamNames removes the parameter and result names of every function
// type in f (a func-typed field or type, not only declarations), so that
// renaming a parameter does not change the listing: func(ctx
// context.Context, a, b C) prints as func(context.Context, C, C).
func stripParamNames(f *ast.File) {
	ast.Inspect(f, func(n ast.Node) bool {
		if ft, ok := n.(*ast.FuncType); ok {
			for _, fl := range []*ast.FieldList{ft.Params, ft.Results} {
				if fl == nil {
					continue
				}
				var list []*ast.Field
				for _, field := range fl.List {
					for range max(len(field.Names), 1) {
						list = append(list, &ast.Field{Type: field.Type})
					}
				}
				fl.List = list
			}
		}
		return true
	})
}

// strip removes a pointer from an embedded field's type.
func strip(e ast.Expr) ast.Expr {
	if s, ok := e.(*ast.StarExpr); ok {
		return s.X
	}
	return e
}

// tag returns a field's JSON name when its tag sets one, so that a renamed
// JSON field shows in the listing: ` json:"name,omitempty"`.
func tag(f *ast.Field) string {
	if f.Tag == nil {
		return ""
	}
	t := strings.Trim(f.Tag.Value, "`")
	i := strings.Index(t, `json:"`)
	if i < 0 {
		return ""
	}
	rest := t[i+len(`json:"`):]
	if j := strings.IndexByte(rest, '"'); j >= 0 {
		return ` json:"` + rest[:j] + `"`
	}
	return ""
}

// typeParams prints a type parameter list as written ("[C any]").
func typeParams(fset *token.FileSet, tp *ast.FieldList) string {
	if tp == nil || len(tp.List) == 0 {
		return ""
	}
	parts := make([]string, len(tp.List))
	for i, f := range tp.List {
		names := make([]string, len(f.Names))
		for j, n := range f.Names {
			names[j] = n.Name
		}
		parts[i] = strings.Join(names, ", ") + " " + expr(fset, f.Type)
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

// signature prints parameters and results without their names, so that
// renaming a parameter does not change the listing.
func signature(fset *token.FileSet, ft *ast.FuncType) string {
	s := "(" + fieldTypes(fset, ft.Params) + ")"
	if ft.Results == nil || len(ft.Results.List) == 0 {
		return s
	}
	r := fieldTypes(fset, ft.Results)
	if len(ft.Results.List) == 1 && len(ft.Results.List[0].Names) <= 1 {
		return s + " " + r
	}
	return s + " (" + r + ")"
}

// fieldTypes prints the types of a field list, one per name.
func fieldTypes(fset *token.FileSet, fl *ast.FieldList) string {
	if fl == nil {
		return ""
	}
	var parts []string
	for _, f := range fl.List {
		t := expr(fset, f.Type)
		for range max(len(f.Names), 1) {
			parts = append(parts, t)
		}
	}
	return strings.Join(parts, ", ")
}

// expr prints an expression on one line.
func expr(fset *token.FileSet, e ast.Expr) string {
	var b bytes.Buffer
	if err := printer.Fprint(&b, fset, e); err != nil {
		return "?"
	}
	return strings.Join(strings.Fields(b.String()), " ")
}
