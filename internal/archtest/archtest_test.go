package archtest

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// pkg is what go list says of one package.
type pkg struct {
	ImportPath string
	Imports    []string // direct
	Deps       []string // direct and indirect
}

// shared are the packages under ui/ that are not screens: the root, what
// every screen shares, and components screens embed. Any other package
// under ui/ is a screen. A new shared component is added here.
var shared = []string{
	"rdash/ui", "rdash/ui/common", "rdash/ui/route", "rdash/ui/statusbar",
	"rdash/ui/table", "rdash/ui/applyflow", "rdash/ui/markdown", "rdash/ui/clipboard",
	"rdash/ui/chart", "rdash/ui/listload",
}

func under(path, root string) bool { return path == root || strings.HasPrefix(path, root+"/") }

func isScreen(path string) bool {
	return under(path, "rdash/ui") && !slices.Contains(shared, path) && !under(path, "rdash/ui/internal")
}

// violations lists every broken rule in the graph, one sentence each.
func violations(pkgs []pkg) []string {
	var out []string
	for _, p := range pkgs {
		out = append(out, check(p)...)
	}
	return out
}

func check(p pkg) []string {
	var out []string
	bad := func(imp, why string) { out = append(out, fmt.Sprintf("%s imports %s: %s", p.ImportPath, imp, why)) }
	switch {
	case isScreen(p.ImportPath):
		for _, imp := range p.Imports {
			if isScreen(imp) {
				bad(imp, "a screen opens another by its route (ui/route), never by importing it")
			}
		}
	case under(p.ImportPath, "rdash/api"):
		for _, dep := range p.Deps {
			if under(dep, "rdash/internal") || under(dep, "rdash/ui") {
				bad(dep, "api knows nothing of rdash's internals or its UI")
			}
		}
	}
	switch p.ImportPath {
	case "rdash/api":
		for _, imp := range p.Imports {
			if first, _, _ := strings.Cut(imp, "/"); first == "rdash" || strings.Contains(first, ".") {
				bad(imp, "the client uses only the standard library: it knows nothing of how its output is shown or its token obtained")
			}
		}
	case "rdash/internal/serve": // the SSH app is internal/serve/server
		for _, dep := range p.Deps {
			if under(dep, "rdash/ui") {
				bad(dep, "internal/serve holds what needs no SSH server and no dashboard")
			}
		}
	case "rdash/api/sandbox":
		for _, imp := range p.Imports {
			if under(imp, "rdash/api") && imp != p.ImportPath {
				bad(imp, "the sandbox declares its own wire types, so a wrong JSON tag in api cannot be mirrored here")
			}
		}
	}
	if under(p.ImportPath, "rdash/ui") && !under(p.ImportPath, "rdash/ui/internal/uitest") {
		for _, dep := range p.Deps {
			if under(dep, "rdash/cmd") || under(dep, "rdash/auth") || under(dep, "golang.org/x/oauth2") {
				bad(dep, "the UI holds no token and sees the session only through ui/common.Session")
			}
		}
		if slices.Contains(p.Imports, "net/http") {
			bad("net/http", "the UI reaches the service only through api")
		}
	}
	return out
}

// list runs go list on the whole module with the go command goCmd. A
// go command that cannot run fails the test: the rules would go
// unchecked, and a skip reads as a pass in CI.
func list(t testing.TB, goCmd string) []pkg {
	t.Helper()
	out, err := exec.Command(goCmd, "list", "-e", "-json=ImportPath,Imports,Deps", "rdash/...").Output()
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		t.Fatalf("go list: %v\n%s", err, ee.Stderr)
	}
	if err != nil {
		t.Fatalf("the import rules cannot be checked: %s cannot run (%v); put the go command on PATH", goCmd, err)
	}
	var pkgs []pkg
	dec := json.NewDecoder(strings.NewReader(string(out)))
	for {
		var p pkg
		if err := dec.Decode(&p); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			t.Fatal(err)
		}
		pkgs = append(pkgs, p)
	}
	return pkgs
}

func TestImportRules(t *testing.T) {
	t.Parallel()
	pkgs := list(t, "go")
	var screens int
	for _, p := range pkgs {
		if isScreen(p.ImportPath) {
			screens++
		}
	}
	if screens < 5 || len(pkgs) < 20 {
		t.Fatalf("go list found %d packages, %d screens: the rules checked nothing", len(pkgs), screens)
	}
	for _, v := range violations(pkgs) {
		t.Error(v)
	}
}

// ended records how a check ended: failed, skipped, or neither.
type ended struct {
	testing.TB
	failed, skipped bool
	why             string
}

func (e *ended) Helper() {}

func (e *ended) Fatalf(format string, args ...any) {
	e.failed, e.why = true, fmt.Sprintf(format, args...)
	runtime.Goexit()
}

func (e *ended) Skipf(format string, args ...any) {
	e.skipped, e.why = true, fmt.Sprintf(format, args...)
	runtime.Goexit()
}

// TestNoGoCommandFails: without a go command the rules cannot be
// checked, and the test says so by failing, not by skipping.
func TestNoGoCommandFails(t *testing.T) {
	t.Parallel()
	e := &ended{TB: t}
	done := make(chan struct{})
	go func() {
		defer close(done)
		list(e, "/nonexistent/go")
	}()
	<-done
	if !e.failed || e.skipped {
		t.Fatalf("failed %v, skipped %v (%s)", e.failed, e.skipped, e.why)
	}
}

// TestRulesCanFail runs the rules over a made-up graph breaking each one.
func TestRulesCanFail(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		p    pkg
		want string // in the violation; "" for none
	}{
		{"screen imports screen", pkg{ImportPath: "rdash/ui/detail", Imports: []string{"rdash/ui/versions"}}, "rdash/ui/versions"},
		{"screen imports shared", pkg{ImportPath: "rdash/ui/detail", Imports: []string{"rdash/ui/route", "rdash/ui/table"}}, ""},
		{"root imports screens", pkg{ImportPath: "rdash/ui", Imports: []string{"rdash/ui/detail"}}, ""},
		{"ui depends on auth", pkg{ImportPath: "rdash/ui/common", Deps: []string{"rdash/auth"}}, "rdash/auth"},
		{"ui depends on oauth2", pkg{ImportPath: "rdash/ui/signin", Deps: []string{"golang.org/x/oauth2"}}, "oauth2"},
		{"ui depends on cmd", pkg{ImportPath: "rdash/ui", Deps: []string{"rdash/cmd"}}, "rdash/cmd"},
		{"ui imports net/http", pkg{ImportPath: "rdash/ui/versions", Imports: []string{"net/http"}, Deps: []string{"net/http"}}, "net/http"},
		{"ui reaches net/http through api", pkg{ImportPath: "rdash/ui/versions", Deps: []string{"rdash/api", "net/http"}}, ""},
		{"uitest may use auth", pkg{ImportPath: "rdash/ui/internal/uitest", Deps: []string{"rdash/auth", "golang.org/x/oauth2"}}, ""},
		{"internal/serve depends on ui", pkg{ImportPath: "rdash/internal/serve", Deps: []string{"rdash/ui/common"}}, "rdash/ui/common"},
		{"internal/serve/server depends on ui", pkg{ImportPath: "rdash/internal/serve/server", Deps: []string{"rdash/ui"}}, ""},
		{"api depends on internal", pkg{ImportPath: "rdash/api", Deps: []string{"rdash/internal/safe"}}, "rdash/internal/safe"},
		{"api/sandbox depends on ui", pkg{ImportPath: "rdash/api/sandbox", Deps: []string{"rdash/ui/common"}}, "rdash/ui/common"},
		{"apiary is not api", pkg{ImportPath: "rdash/apiary", Deps: []string{"rdash/internal/safe"}}, ""},
		{"api imports a module", pkg{ImportPath: "rdash/api", Imports: []string{"net/http", "golang.org/x/oauth2"}}, "golang.org/x/oauth2"},
		{"api imports the standard library", pkg{ImportPath: "rdash/api", Imports: []string{"net/http", "encoding/json"}}, ""},
		{"sandbox imports api", pkg{ImportPath: "rdash/api/sandbox", Imports: []string{"rdash/api"}}, "rdash/api"},
		{"sandboxtest may import the sandbox", pkg{ImportPath: "rdash/api/sandbox/sandboxtest", Imports: []string{"rdash/api/sandbox"}}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got := check(tt.p)
			switch {
			case tt.want == "" && len(got) != 0:
				t.Fatalf("unexpected: %v", got)
			case tt.want != "" && (len(got) != 1 || !strings.Contains(got[0], tt.want)):
				t.Fatalf("got %v, want one naming %s", got, tt.want)
			}
		})
	}
}
