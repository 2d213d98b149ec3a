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

// TestEveryCommandTakesARunF: every constructor of a command that runs
// (its cobra.Command has a RunE) takes a runF, a func of a context and
// its Options, so a test sees the Options any command line makes (the
// auth commands once did not).
func TestEveryCommandTakesARunF(t *testing.T) {
	t.Parallel()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	leaves := 0
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
			if !ok || fn.Recv != nil || !strings.HasPrefix(fn.Name.Name, "new") || !strings.HasSuffix(fn.Name.Name, "Cmd") || !setsRunE(fn) {
				continue
			}
			leaves++
			if !takesRunF(fn) {
				t.Errorf("%s: %s runs a command but takes no runF func(context.Context, *…Options) error", fset.Position(fn.Pos()), fn.Name.Name)
			}
		}
	}
	if leaves < 20 {
		t.Errorf("found %d commands that run: the test no longer finds them", leaves)
	}
}

// setsRunE reports that fn's body sets a RunE field.
func setsRunE(fn *ast.FuncDecl) bool {
	found := false
	ast.Inspect(fn, func(n ast.Node) bool {
		if kv, ok := n.(*ast.KeyValueExpr); ok {
			if id, ok := kv.Key.(*ast.Ident); ok && id.Name == "RunE" {
				found = true
			}
		}
		return !found
	})
	return found
}

// takesRunF reports that fn has a parameter runF of a func type taking a
// context.Context and a pointer.
func takesRunF(fn *ast.FuncDecl) bool {
	for _, p := range fn.Type.Params.List {
		ft, ok := p.Type.(*ast.FuncType)
		if !ok || len(p.Names) != 1 || p.Names[0].Name != "runF" || len(ft.Params.List) != 2 {
			continue
		}
		_, ptr := ft.Params.List[1].Type.(*ast.StarExpr)
		if types(ft.Params.List[0].Type) == "context.Context" && ptr {
			return true
		}
	}
	return false
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
