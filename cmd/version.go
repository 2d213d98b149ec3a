package cmd

import (
	"context"
	"fmt"

	"github.com/spf13/cobra"

	"rdash/internal/buildinfo"
)

// build is the running binary's build information.
func (f *Factory) build() buildinfo.Info {
	if f.Build != nil {
		return f.Build()
	}
	return buildinfo.Read()
}

// buildJSON is what version --json prints: the version (dev when the
// build knows none), the commit and its date (null when unknown), whether
// the tree had uncommitted changes, the Go toolchain and the platform.
type buildJSON struct {
	Version   string     `json:"version"`
	Commit    nullString `json:"commit"`
	Date      nullString `json:"date"`
	Modified  bool       `json:"modified"`
	GoVersion string     `json:"go_version"`
	Platform  string     `json:"platform"`
}

func buildOut(b buildinfo.Info) buildJSON {
	return buildJSON{Version: b.Version, Commit: nullString(b.Commit), Date: nullString(b.Date), Modified: b.Modified,
		GoVersion: b.GoVersion, Platform: b.Platform}
}

// versionOptions are version's: only the output flags.
type versionOptions struct {
	f   *Factory
	Out *jsonOutput
}

func newVersionCmd(f *Factory, runF func(context.Context, *versionOptions) error) *cobra.Command {
	opts := &versionOptions{f: f}
	c := &cobra.Command{
		Use:   "version",
		Short: "Print rdash's version, commit and Go version",
		Example: `  rdash version
  rdash --version
  rdash version --json version,commit`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return runWith(cmd.Context(), opts, runF, versionRun)
		},
	}
	opts.Out = addJSONFlags(c, buildJSON{})
	return c
}

func versionRun(ctx context.Context, opts *versionOptions) error {
	f := opts.f
	b := f.build()
	if opts.Out.on() {
		return f.printJSON(ctx, opts.Out, buildOut(b))
	}
	_, err := fmt.Fprintln(f.IO.Out, b.String())
	return err
}
