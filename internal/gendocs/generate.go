package main

import (
	"os"
	"path/filepath"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/cobra/doc"
)

// options says where gendocs writes and what the man pages' header names.
type options struct {
	Dir     string
	Version string     // "" leaves it out of the footer
	Date    *time.Time // nil: cobra's default ($SOURCE_DATE_EPOCH, else now)
}

// generate writes the man pages and completion scripts of root's tree.
func generate(root *cobra.Command, o options) error {
	// Execute adds the completion command on the fly; add it here too, so
	// `rdash completion` has its pages like every command the binary runs.
	root.InitDefaultCompletionCmd()
	if err := manPages(root, o); err != nil {
		return err
	}
	return completions(root, filepath.Join(o.Dir, "completions"))
}

// manPages writes one page per command into Dir/man/man1.
func manPages(root *cobra.Command, o options) error {
	dir := filepath.Join(o.Dir, "man", "man1")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	if err := removeStale(dir); err != nil {
		return err
	}
	// Without the "Auto generated … on DATE" line, the same commit gives the
	// same archives.
	walk(root, func(c *cobra.Command) { c.DisableAutoGenTag = true })
	source := "rdash"
	if o.Version != "" {
		source += " " + o.Version
	}
	header := &doc.GenManHeader{Section: "1", Source: source, Manual: "rdash manual", Date: o.Date}
	return doc.GenManTree(root, header, dir)
}

// removeStale removes the pages an earlier run wrote, so a command since
// removed or renamed does not ship its page. Only rdash's own page names go:
// dir may hold other files.
func removeStale(dir string) error {
	for _, pattern := range []string{"rdash.1", "rdash-*.1"} {
		old, err := filepath.Glob(filepath.Join(dir, pattern))
		if err != nil {
			return err
		}
		for _, p := range old {
			if err := os.Remove(p); err != nil {
				return err
			}
		}
	}
	return nil
}

// completions writes the bash, zsh and fish scripts into dir.
func completions(root *cobra.Command, dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	scripts := []struct {
		name string
		gen  func(path string) error
	}{
		{"rdash.bash", func(p string) error { return root.GenBashCompletionFileV2(p, true) }},
		{"rdash.zsh", root.GenZshCompletionFile},
		{"rdash.fish", func(p string) error { return root.GenFishCompletionFile(p, true) }},
	}
	for _, s := range scripts {
		if err := s.gen(filepath.Join(dir, s.name)); err != nil {
			return err
		}
	}
	return nil
}

// walk calls fn on c and every command under it.
func walk(c *cobra.Command, fn func(*cobra.Command)) {
	fn(c)
	for _, sub := range c.Commands() {
		walk(sub, fn)
	}
}
