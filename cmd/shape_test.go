package cmd

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strings"
	"testing"
)

// TestRunFunctionsNeedNoCobra holds the command shape (the top of
// factory.go): a run function takes a context and its Options, and no
// run function or Factory method takes a *cobra.Command or a flag set,
// so every command's logic can be called, and tested, without cobra.
func TestRunFunctionsNeedNoCobra(t *testing.T) {
	t.Parallel()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	runs := 0
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			fn, ok := d.(*ast.FuncDecl)
			// registerCompletions wires the command tree itself.
			if !ok || !(strings.HasSuffix(fn.Name.Name, "Run") || onFactory(fn)) || fn.Name.Name == "registerCompletions" {
				continue
			}
			if strings.HasSuffix(fn.Name.Name, "Run") {
				runs++
			}
			for _, p := range fn.Type.Params.List {
				if typ := types(p.Type); strings.Contains(typ, "cobra.Command") || strings.Contains(typ, "pflag.FlagSet") {
					t.Errorf("%s: %s takes %s", fset.Position(fn.Pos()), fn.Name.Name, typ)
				}
			}
		}
	}
	if runs < 20 {
		t.Errorf("found %d run functions: the test no longer finds them", runs)
	}
}

func onFactory(fn *ast.FuncDecl) bool {
	return fn.Recv != nil && len(fn.Recv.List) == 1 && types(fn.Recv.List[0].Type) == "*Factory"
}

// types is a parameter's type as written, enough to name it.
func types(e ast.Expr) string {
	switch x := e.(type) {
	case *ast.StarExpr:
		return "*" + types(x.X)
	case *ast.SelectorExpr:
		return types(x.X) + "." + x.Sel.Name
	case *ast.Ident:
		return x.Name
	}
	return ""
}
