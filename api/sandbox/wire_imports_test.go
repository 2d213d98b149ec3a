package sandbox

import (
	"go/parser"
	"go/token"
	"os"
	"strconv"
	"strings"
	"testing"
)

// TestWireSharesNoTypeWithAPI keeps the sandbox's decoders and encoders off
// the client's types: no non-test file of the package may import rdash/api,
// or a wrong JSON tag there would be mirrored here and no test could see it.
func TestWireSharesNoTypeWithAPI(t *testing.T) {
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
			if path == "rdash/api" || strings.HasPrefix(path, "rdash/api/") && path != "rdash/api/sandbox" {
				t.Errorf("%s imports %s: the sandbox must declare its own wire types", name, path)
			}
		}
	}
	if checked == 0 {
		t.Fatal("no source files found")
	}
}
