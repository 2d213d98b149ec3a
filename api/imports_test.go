package api

import (
	"go/parser"
	"go/token"
	"os"
	"strconv"
	"strings"
	"testing"
)

// TestImportsOnlyTheStandardLibrary keeps the client free of the rest of
// rdash (internal/, ui/, auth/, cmd/) and of oauth2: it knows nothing of
// how its output is shown or how its token is obtained (issue 9). An
// import path whose first element has no dot is the standard library's.
func TestImportsOnlyTheStandardLibrary(t *testing.T) {
	t.Parallel()
	entries, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	checked := 0
	for _, e := range entries {
		name := e.Name()
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		checked++
		for _, imp := range f.Imports {
			path, _ := strconv.Unquote(imp.Path.Value)
			first, _, _ := strings.Cut(path, "/")
			if first == "rdash" || strings.Contains(first, ".") {
				t.Errorf("%s imports %s: package api uses only the standard library", name, path)
			}
		}
	}
	if checked == 0 {
		t.Fatal("no Go file checked")
	}
}
