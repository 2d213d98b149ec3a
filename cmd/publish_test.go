package cmd

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"rdash/api"
	"rdash/api/sandbox"
)

func TestVersionsCreateThenDownload(t *testing.T) {
	t.Parallel()
	c := newCLI(t, "alice", sandbox.Options{})
	dir := t.TempDir()
	jar := filepath.Join(dir, "lumen-3.0.0.jar")
	content := []byte("PK\x03\x04 pretend this is a jar")
	if err := os.WriteFile(jar, content, 0o644); err != nil {
		t.Fatal(err)
	}
	var created struct{ Result api.Version }
	out := c.ok("versions", "create", "--yes", "lumen", "--version", "3.0.0", "--name", "Lumen 3.0.0", "--channel", "beta",
		"--file", jar, "--url", "https://cdn.example.org/lumen-3.0.0-fabric.jar", "--platform", "paper,folia", "--json")
	if err := json.Unmarshal([]byte(out), &created); err != nil {
		t.Fatal(err)
	}
	v := getVersion(t, c, "lumen", created.Result.ID)
	if len(v.Files) != 2 || !v.Files[0].IsPrimary || v.Files[0].Name != "lumen-3.0.0.jar" ||
		v.Files[1].ExternalURL == "" || strings.Join(v.Platforms, ",") != "paper,folia" {
		t.Fatalf("created %+v", v)
	}
	if len(v.MinecraftVersions) == 0 {
		t.Error("game versions not given should default to the channel's")
	}
	dest := filepath.Join(dir, "got.jar")
	c.ok("versions", "download", "lumen", "3.0.0", "-o", dest)
	got, err := os.ReadFile(dest)
	if err != nil || string(got) != string(content) {
		t.Fatalf("downloaded %q, %v; want the uploaded bytes", got, err)
	}
	if u := c.ok("versions", "download", "lumen", "3.0.0", "--file", v.Files[1].ID, "--url"); strings.TrimSpace(u) != v.Files[1].ExternalURL {
		t.Fatalf("--url printed %q, want %q", u, v.Files[1].ExternalURL)
	}
}

func TestVersionsCreateRejectsBeforeSending(t *testing.T) {
	t.Parallel()
	c := newCLI(t, "alice", sandbox.Options{})
	long := strings.Repeat("x", 33)
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"long version", []string{"--version", long, "--url", "https://x.example/a.jar"}, "--version: must be at most 32"},
		{"no files", []string{"--version", "1"}, "--file or --url: needs at least one file"},
		{"ftp url", []string{"--version", "1", "--url", "ftp://x.example/a.jar"}, "--file or --url value 1: must be an http(s) URL"},
		{"missing file", []string{"--version", "1", "--file", "/nonexistent/a.jar"}, "--file"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := c.run("", append([]string{"versions", "create", "lumen", "--name", "n", "--channel", "beta"}, tt.args...)...)
			if r.code != ExitCancel || !strings.Contains(r.err, tt.want) {
				t.Fatalf("exit %d, stderr %q; want exit 2 naming %q", r.code, r.err, tt.want)
			}
		})
	}
}
