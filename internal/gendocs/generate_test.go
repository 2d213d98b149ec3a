package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/spf13/cobra"

	"rdash/cmd"
)

// wantPages lists the page every available command of root's tree should
// get, named as man looks them up: `man rdash-versions-list`.
func wantPages(root *cobra.Command) []string {
	var names []string
	var visit func(c *cobra.Command)
	visit = func(c *cobra.Command) {
		names = append(names, strings.ReplaceAll(c.CommandPath(), " ", "-")+".1")
		for _, sub := range c.Commands() {
			if sub.IsAvailableCommand() && !sub.IsAdditionalHelpTopicCommand() {
				visit(sub)
			}
		}
	}
	visit(root)
	slices.Sort(names)
	return names
}

func list(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names
}

func read(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestGenerateManPages checks there is a page for every command of the
// tree the binary runs, and only those, with the header asked for.
func TestGenerateManPages(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	date := time.Date(2026, 11, 26, 10, 0, 0, 0, time.UTC)
	root := cmd.NewRoot(cmd.NewFactory())
	if err := generate(root, options{Dir: dir, Version: "1.2.3", Date: &date}); err != nil {
		t.Fatal(err)
	}
	man1 := filepath.Join(dir, "man", "man1")
	got, want := list(t, man1), wantPages(root)
	if !slices.Equal(got, want) {
		t.Errorf("man pages:\n got %v\nwant %v", got, want)
	}
	for _, page := range []string{"rdash.1", "rdash-versions-list.1", "rdash-completion-bash.1"} {
		if !slices.Contains(got, page) {
			t.Errorf("no %s among %v", page, got)
		}
	}
	page := read(t, filepath.Join(man1, "rdash-versions-list.1"))
	for _, want := range []string{`.TH "RDASH-VERSIONS-LIST" "1" "Nov 2026" "rdash 1.2.3" "rdash manual"`, `\fBrdash versions list PROJECT`, "--channel"} {
		if !strings.Contains(page, want) {
			t.Errorf("rdash-versions-list.1 lacks %q:\n%s", want, page)
		}
	}
	if strings.Contains(page, "Auto generated") {
		t.Error("rdash-versions-list.1 has cobra's dated auto-generated line: archives would differ by the day they are built")
	}
}

// TestGenerateRemovesStalePages runs twice into one directory, as releases
// do into build/docs: a page of a command that is gone must not ship, and
// files that are not rdash's pages stay.
func TestGenerateRemovesStalePages(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	man1 := filepath.Join(dir, "man", "man1")
	if err := os.MkdirAll(man1, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"rdash-gone.1", "notes.txt"} {
		if err := os.WriteFile(filepath.Join(man1, name), []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := generate(cmd.NewRoot(cmd.NewFactory()), options{Dir: dir}); err != nil {
		t.Fatal(err)
	}
	got := list(t, man1)
	if slices.Contains(got, "rdash-gone.1") || !slices.Contains(got, "notes.txt") {
		t.Errorf("after a second run man1 holds %v: want rdash-gone.1 removed and notes.txt kept", got)
	}
}

// TestGenerateCompletions checks the three scripts exist, are the shells'
// scripts for rdash, and that the bash one parses.
func TestGenerateCompletions(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	if err := generate(cmd.NewRoot(cmd.NewFactory()), options{Dir: dir}); err != nil {
		t.Fatal(err)
	}
	completions := filepath.Join(dir, "completions")
	if got := list(t, completions); !slices.Equal(got, []string{"rdash.bash", "rdash.fish", "rdash.zsh"}) {
		t.Errorf("completions: got %v", got)
	}
	marks := map[string]string{
		"rdash.bash": "complete -o default -F __start_rdash rdash",
		"rdash.zsh":  "#compdef rdash",
		"rdash.fish": "complete -c rdash ",
	}
	for name, mark := range marks {
		if s := read(t, filepath.Join(completions, name)); !strings.Contains(s, mark) {
			t.Errorf("%s lacks %q", name, mark)
		}
	}
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Fatalf("bash is needed to check the bash script parses: %v", err)
	}
	var stderr bytes.Buffer
	check := exec.CommandContext(t.Context(), bash, "-n", filepath.Join(completions, "rdash.bash"))
	check.Stderr = &stderr
	if err := check.Run(); err != nil {
		t.Errorf("bash -n rdash.bash: %v\n%s", err, stderr.String())
	}
}

func TestRunRefusesBadFlags(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"no -out", nil, "-out DIR is required"},
		{"a stray argument", []string{"-out", t.TempDir(), "extra"}, "nothing else may follow"},
		{"a date that is not RFC 3339", []string{"-out", t.TempDir(), "-date", "26/11/2026"}, `-date "26/11/2026" is not RFC 3339`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			var stderr bytes.Buffer
			err := run(tt.args, &stderr)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("run(%q) = %v; want an error saying %q", tt.args, err, tt.want)
			}
		})
	}
}
