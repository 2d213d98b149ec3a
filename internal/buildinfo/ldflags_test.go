package buildinfo

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// releaseLdflags reads the ldflags of .goreleaser.yaml's only build.
func releaseLdflags(t *testing.T) []string {
	t.Helper()
	raw, err := os.ReadFile("../../.goreleaser.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var cfg struct {
		Builds []struct {
			Ldflags []string `yaml:"ldflags"`
		} `yaml:"builds"`
	}
	if err := yaml.Unmarshal(raw, &cfg); err != nil {
		t.Fatalf(".goreleaser.yaml: %v", err)
	}
	if len(cfg.Builds) != 1 || len(cfg.Builds[0].Ldflags) == 0 {
		t.Fatalf(".goreleaser.yaml has %d builds; want one, with ldflags", len(cfg.Builds))
	}
	return cfg.Builds[0].Ldflags
}

var field = regexp.MustCompile(`\{\{\s*\.(\w+)\s*\}\}`)

// expand fills GoReleaser's template fields with values; a field the test
// does not know fails it, so a new one is added here on purpose.
func expand(t *testing.T, s string, values map[string]string) string {
	t.Helper()
	return field.ReplaceAllStringFunc(s, func(m string) string {
		name := field.FindStringSubmatch(m)[1]
		v, ok := values[name]
		if !ok {
			t.Fatalf(".goreleaser.yaml's ldflags use {{.%s}}, which this test does not fill", name)
		}
		return v
	})
}

// TestReleaseLdflagsStampTheBinary builds a program with the release
// configuration's ldflags and reads its Info: a misspelt -X variable is
// silently ignored by the linker, and would leave every release "dev".
func TestReleaseLdflagsStampTheBinary(t *testing.T) {
	t.Parallel()
	values := map[string]string{
		"Version":    "9.8.7",
		"FullCommit": "0123456789abcdef0123456789abcdef01234567",
		"CommitDate": "2026-11-26T10:00:00Z",
	}
	var flags []string
	for _, f := range releaseLdflags(t) {
		flags = append(flags, expand(t, f, values))
	}
	bin := filepath.Join(t.TempDir(), "printinfo")
	build := exec.CommandContext(t.Context(), "go", "build", "-trimpath", "-ldflags", strings.Join(flags, " "), "-o", bin, "./testdata/printinfo")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	out, err := exec.CommandContext(t.Context(), bin).Output()
	if err != nil {
		t.Fatalf("printinfo: %v", err)
	}
	var got Info
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatalf("printinfo printed %q: %v", out, err)
	}
	if got.Version != values["Version"] || got.Commit != values["FullCommit"] || got.Date != values["CommitDate"] {
		t.Errorf("built with the release ldflags, Read() = %s; want version %s, commit %s, date %s",
			out, values["Version"], values["FullCommit"], values["CommitDate"])
	}
}
