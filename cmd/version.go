package cmd

import (
	"fmt"
	"runtime"
	"runtime/debug"

	"github.com/spf13/cobra"
)

// BuildInfo says which rdash is running, for `rdash version` and
// `rdash --version`: String is what they print, and the value itself, a
// struct with JSON tags, is what --json prints. internal/buildinfo's Info
// is one; Factory.Build gives it.
type BuildInfo interface {
	String() string
}

// build is the running binary's BuildInfo.
func (f *Factory) build() BuildInfo {
	if f.Build != nil {
		return f.Build()
	}
	return readBuild()
}

func newVersionCmd(f *Factory) *cobra.Command {
	var out *jsonOutput
	c := &cobra.Command{
		Use:   "version",
		Short: "Print rdash's version, commit and Go version",
		Example: `  rdash version
  rdash --version
  rdash version --json version,commit`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			b := f.build()
			if out.on() {
				return f.printJSON(cmd.Context(), out, b)
			}
			_, err := fmt.Fprintln(f.IO.Out, b.String())
			return err
		},
	}
	out = addJSONFlags(c, f.build())
	return c
}

// toolchainBuild is what the Go toolchain recorded in the binary: the
// module's version (a tag for `go install rdash@v1.2.3`, a
// pseudo-version or "(devel)" otherwise), the commit it was built from,
// and the Go version.
type toolchainBuild struct {
	Version   string `json:"version"`
	Commit    string `json:"commit"`
	Modified  bool   `json:"modified"`
	GoVersion string `json:"go_version"`
	Platform  string `json:"platform"`
}

func readBuild() toolchainBuild {
	b := toolchainBuild{Version: "dev", GoVersion: runtime.Version(), Platform: runtime.GOOS + "/" + runtime.GOARCH}
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return b
	}
	if v := bi.Main.Version; v != "" && v != "(devel)" {
		b.Version = v
	}
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			b.Commit = s.Value
		case "vcs.modified":
			b.Modified = s.Value == "true"
		}
	}
	return b
}

// String is gh's version line, then what a bug report needs.
func (b toolchainBuild) String() string {
	s := "rdash version " + b.Version + "\n"
	if b.Commit != "" {
		s += "commit " + b.Commit
		if b.Modified {
			s += " (modified)"
		}
		s += ", "
	}
	return s + b.GoVersion + ", " + b.Platform
}
