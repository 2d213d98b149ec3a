package cmd

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"

	"github.com/spf13/cobra"

	"rdash/api"
	"rdash/internal/safe"
)

type createFlags struct {
	req           api.CreateVersionRequest
	files, urls   []string
	changelogFile string
	gameVersions  []string
	platforms     []string
	deps          []string
	json          bool
}

func newVersionsCreateCmd(f *Factory) *cobra.Command {
	var fl createFlags
	c := &cobra.Command{
		Use:   "create PROJECT --version V --name N --channel C (--file PATH | --url URL)…",
		Short: "Publish a new version from uploaded files and external URLs",
		Long: `Publish a new version. Files given with --file are uploaded; --url adds an
external download. The first file listed is the primary one. Game
versions, platforms and dependencies not given default to the channel's.`,
		Example: `  rdash versions create lumen --version 2.5.0 --name "Lumen 2.5.0" --channel beta \
      --file build/libs/lumen-2.5.0.jar --changelog-file CHANGELOG.md --game-version 1.21.4`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := fl.build(cmd, f.IO.In); err != nil {
				return &ExitError{Code: ExitCancel, Err: err}
			}
			client, err := f.APIClient(cmd.Context())
			if err != nil {
				return err
			}
			v, _, err := client.CreateVersion(cmd.Context(), args[0], &fl.req)
			if err != nil {
				return err
			}
			if fl.json {
				return writeJSON(f.IO.Out, v)
			}
			fmt.Fprintf(f.IO.ErrOut, "published %s (%s) in %s\n", safe.Line(v.Version), safe.Line(v.ID), args[0])
			return nil
		},
	}
	fs := c.Flags()
	fs.StringVar(&fl.req.Version, "version", "", "version string, at most 32 characters (required)")
	fs.StringVar(&fl.req.Name, "name", "", "display name, at most 64 characters (required)")
	fs.StringVar(&fl.req.Channel, "channel", "", "channel ID or slug (required)")
	fs.StringArrayVar(&fl.files, "file", nil, "a file to upload; repeat for several")
	fs.StringArrayVar(&fl.urls, "url", nil, "an external download URL; repeat for several")
	fs.StringVar(&fl.changelogFile, "changelog-file", "", "the changelog, a Markdown file or - for standard input")
	fs.StringSliceVar(&fl.gameVersions, "game-version", nil, "game versions (default: the channel's)")
	fs.StringSliceVar(&fl.platforms, "platform", nil, "platforms (default: the channel's)")
	fs.StringArrayVar(&fl.deps, "dependency", nil, "a dependency TYPE:KIND:TARGET (default: the channel's); repeat for several")
	fs.BoolVar(&fl.json, "json", false, "print the new version as JSON")
	return c
}

// build fills the request; the client validates it before sending.
func (fl *createFlags) build(cmd *cobra.Command, stdin io.Reader) error {
	for _, p := range fl.files {
		if _, err := os.Stat(p); err != nil {
			return fmt.Errorf("--file: %w", err)
		}
		name := filepath.Base(p)
		fl.req.Files = append(fl.req.Files, name)
		fl.req.Uploads = append(fl.req.Uploads, api.Upload{Name: name,
			Open: func() (io.ReadCloser, error) { return os.Open(p) }})
	}
	fl.req.Files = append(fl.req.Files, fl.urls...)
	if fl.changelogFile != "" {
		b, err := readFileOrStdin(fl.changelogFile, stdin)
		if err != nil {
			return fmt.Errorf("--changelog-file: %w", err)
		}
		fl.req.Changelog = string(b)
	}
	if cmd.Flags().Changed("game-version") {
		fl.req.MinecraftVersions = nonNilSlice(fl.gameVersions)
	}
	if cmd.Flags().Changed("platform") {
		fl.req.Platforms = nonNilSlice(fl.platforms)
	}
	if len(fl.deps) > 0 {
		deps, err := parseDeps("--dependency", fl.deps)
		if err != nil {
			return err
		}
		fl.req.Dependencies = deps
	}
	return nil
}

func newVersionsDownloadCmd(f *Factory) *cobra.Command {
	var fileID, output string
	var urlOnly bool
	c := &cobra.Command{
		Use:   "download PROJECT VERSION",
		Short: "Download a version's primary file (or --file ID), or print where it is",
		Args:  cobra.ExactArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			client, err := f.ReadClient(cmd.Context())
			if err != nil {
				return err
			}
			if urlOnly {
				u, _, err := client.DownloadURL(cmd.Context(), args[0], args[1], fileID)
				if err != nil {
					return err
				}
				fmt.Fprintln(f.IO.Out, safe.Line(u.String()))
				return nil
			}
			if output == "-" && f.IO.OutTTY {
				return &ExitError{Code: ExitCancel, Err: errors.New("not writing a file to the terminal: use -o PATH, or pipe it")}
			}
			body, resp, err := client.Download(cmd.Context(), args[0], args[1], fileID)
			if err != nil {
				return err
			}
			defer body.Close()
			return f.saveDownload(body, output, path.Base(resp.Request.URL.Path))
		},
	}
	c.Flags().StringVar(&fileID, "file", "", "the file's ID (default: the primary file)")
	c.Flags().StringVarP(&output, "output", "o", "", "where to write it, - for standard output (default: the file's name)")
	c.Flags().BoolVar(&urlOnly, "url", false, "print the download URL and fetch nothing")
	return c
}

// saveDownload writes body to output, or to name in the current directory.
func (f *Factory) saveDownload(body io.Reader, output, name string) error {
	if output == "-" {
		_, err := io.Copy(f.IO.Out, body)
		return err
	}
	if output == "" {
		if name == "" || name == "." || name == "/" {
			return errors.New("the server gave no file name: use -o PATH")
		}
		output = name
	}
	fh, err := os.OpenFile(output, os.O_CREATE|os.O_WRONLY|os.O_EXCL, 0o644)
	if err != nil {
		return fmt.Errorf("-o: %w", err)
	}
	n, err := io.Copy(fh, body)
	if cerr := fh.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(output)
		return err
	}
	fmt.Fprintf(f.IO.ErrOut, "saved %s (%d bytes)\n", safe.Line(output), n)
	return nil
}
