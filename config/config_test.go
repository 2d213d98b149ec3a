package config

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func env(m map[string]string) Lookup {
	return func(k string) (string, bool) { v, ok := m[k]; return v, ok }
}

func TestLoadMergesFileAndEnv(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	cfgDir := filepath.Join(dir, "cfg")
	if err := os.MkdirAll(filepath.Join(cfgDir, "rdash"), 0o700); err != nil {
		t.Fatal(err)
	}
	file := "base_url: https://file.example/api/\nclient_id: from-file\ntheme: light\nprojects: [lumen]\n"
	if err := os.WriteFile(filepath.Join(cfgDir, "rdash", "config.yml"), []byte(file), 0o600); err != nil {
		t.Fatal(err)
	}
	c, err := Load("", env(map[string]string{
		"XDG_CONFIG_HOME": cfgDir, "HOME": dir,
		"RDASH_CLIENT_ID": "from-env", "SSH_TTY": "/dev/pts/1", "RDASH_TOKEN": "t0k",
	}))
	if err != nil {
		t.Fatal(err)
	}
	if c.BaseURL != "https://file.example/api" {
		t.Errorf("BaseURL = %q, want trailing slash trimmed", c.BaseURL)
	}
	if c.ClientID != "from-env" {
		t.Errorf("ClientID = %q, want the environment to win", c.ClientID)
	}
	if c.Theme != "light" || !slices.Equal(c.Projects, []string{"lumen"}) {
		t.Errorf("Theme, Projects = %q, %v", c.Theme, c.Projects)
	}
	if !c.Env.SSH || c.Env.Token != "t0k" {
		t.Errorf("Env = %+v", c.Env)
	}
	if want := filepath.Join(dir, ".local", "state", "rdash"); c.Env.StateDir != want {
		t.Errorf("StateDir = %q, want %q", c.Env.StateDir, want)
	}
	if !slices.Equal(c.Scopes, AllScopes()) || c.PageSize != 50 {
		t.Errorf("defaults not applied: %v %d", c.Scopes, c.PageSize)
	}
}

func TestLoadErrors(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	tests := []struct {
		name, path, want string
	}{
		{"explicit file missing", filepath.Join(dir, "nope.yml"), "no such file"},
		{"bad yaml", write("bad.yml", "base_url: [\n"), "bad.yml"},
		{"bad theme", write("theme.yml", "theme: neon\n"), "theme: must be auto, dark or light"},
		{"bad page size", write("ps.yml", "page_size: -5\n"), "page_size: must be a number of versions, at least 1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			_, err := Load(tt.path, env(map[string]string{"HOME": dir}))
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("Load error = %v, want it to contain %q", err, tt.want)
			}
		})
	}
}

func TestServerNamesWhatIsMissing(t *testing.T) {
	t.Parallel()
	c, err := Load("", env(map[string]string{"HOME": t.TempDir(), "RDASH_BASE_URL": "http://x"}))
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.Server()
	if err == nil || !strings.Contains(err.Error(), "auth_url (RDASH_AUTH_URL)") || strings.Contains(err.Error(), "base_url") {
		t.Fatalf("Server() error = %v", err)
	}
}

// TestEnvTokenNeedsOnlyTheBaseURL: RDASH_TOKEN is never renewed, so a CI
// job sets the base URL and the token, not the OAuth app's settings; the
// base URL is still needed.
func TestEnvTokenNeedsOnlyTheBaseURL(t *testing.T) {
	t.Parallel()
	c, err := Load("", env(map[string]string{"HOME": t.TempDir(), "RDASH_BASE_URL": "https://x", "RDASH_TOKEN": "t0k"}))
	if err != nil {
		t.Fatal(err)
	}
	if s, err := c.Server(); err != nil || s.BaseURL != "https://x" {
		t.Fatalf("Server() = %+v, %v", s, err)
	}
	c, err = Load("", env(map[string]string{"HOME": t.TempDir(), "RDASH_TOKEN": "t0k"}))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Server(); err == nil || !strings.Contains(err.Error(), "base_url (RDASH_BASE_URL)") || strings.Contains(err.Error(), "auth_url") {
		t.Fatalf("Server() without a base URL = %v", err)
	}
}

func TestStateRoundTripAndMode(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "state")
	var s State
	for _, p := range []string{"a", "b", "a"} {
		s.Touch(p)
	}
	if !s.TogglePin("lumen") || s.TogglePin("lumen") || !s.TogglePin("quartz-ui") {
		t.Fatal("TogglePin did not toggle")
	}
	s.AddOrg("emberforge")
	if s.AddOrg("emberforge") {
		t.Fatal("AddOrg accepted a duplicate")
	}
	if err := s.Save(dir); err != nil {
		t.Fatal(err)
	}
	got, err := LoadState(dir)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got.Recent, []string{"a", "b"}) || !slices.Equal(got.Pinned, []string{"quartz-ui"}) ||
		!slices.Equal(got.Orgs, []string{"emberforge"}) {
		t.Fatalf("state = %+v", got)
	}
	fi, err := os.Stat(StatePath(dir))
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode().Perm() != 0o600 {
		t.Fatalf("mode = %v, want 0600", fi.Mode().Perm())
	}
}

func TestTouchCapsRecent(t *testing.T) {
	t.Parallel()
	var s State
	for i := range 15 {
		s.Touch(string(rune('a' + i)))
	}
	if len(s.Recent) != maxRecent || s.Recent[0] != "o" {
		t.Fatalf("Recent = %v", s.Recent)
	}
}
