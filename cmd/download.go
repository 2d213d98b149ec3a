package cmd

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/dustin/go-humanize"
	"github.com/spf13/cobra"

	"rdash/api"
	"rdash/internal/safe"
	"rdash/internal/savefile"
)

type downloadFlags struct {
	file, dir, output string
	force             bool
	followExternal    bool
	urlOnly           bool
	out               *jsonOutput
}

// downloadJSON is the file a download saved, or with --url where it is
// served.
type downloadJSON struct {
	Project   string   `json:"project"`
	Version   string   `json:"version"`
	VersionID string   `json:"version_id"`
	File      fileJSON `json:"file"`
	// URL is where the file is served, with --url; null otherwise.
	URL nullString `json:"url"`
	// Path and Bytes are the file saved; null with --url.
	Path  nullString `json:"path"`
	Bytes *int64     `json:"bytes"`
	// Verified says the bytes matched the strongest checksum the service gives.
	Verified bool `json:"verified"`
}

func newVersionsDownloadCmd(f *Factory) *cobra.Command {
	var fl downloadFlags
	c := &cobra.Command{
		Use:   "download PROJECT VERSION",
		Short: "Download a version's primary file (or --file NAME), verified, or print where it is",
		Long: `Download a version's primary file, or the one --file names (by file name,
URL or ID), into --dir (default: the current directory) under its own
name, or to -o PATH, or to standard output with -o -.

The file is written as NAME.part beside its destination, synced, and only
then renamed, so a partial file never has the final name; the .part is
removed when the download fails or is interrupted. When the service gives
a checksum (sha512, sha256, sha1 or md5), the download must match the
strongest given (exit 1 otherwise, and nothing is kept), and rdash says
which it checked. An existing file is not replaced without --force.

An external file (hosted elsewhere) is not fetched: its URL is shown and
the command exits 2, unless --follow-external asks to download it from
that site (no checksum is given for it). --url prints where any file is
served and fetches nothing.

On a terminal, standard error shows a progress bar; none when piped.`,
		Example: `  rdash versions download lumen 2.4.0
  rdash versions download lumen 2.4.0 --file lumen-2.4.0-sources.jar --dir build/deps
  rdash versions download lumen 2.2.0-beta.1 --follow-external
  rdash versions download lumen 2.4.0 -o - | sha256sum`,
		Args: cobra.ExactArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			if fl.output != "" && fl.dir != "" {
				return &ExitError{Code: ExitCancel, Err: errors.New("--dir and -o cannot be combined")}
			}
			if fl.output == "-" && f.IO.OutTTY && !fl.urlOnly {
				return &ExitError{Code: ExitCancel, Err: errors.New("not writing a file to the terminal: use -o PATH, or pipe it")}
			}
			if fl.output == "-" && fl.out.on() && !fl.urlOnly {
				return &ExitError{Code: ExitCancel, Err: errors.New("-o - writes the file to standard output: it cannot also take --json, --jq or --template")}
			}
			return f.download(cmd, args[0], args[1], &fl)
		},
	}
	fs := c.Flags()
	fs.StringVar(&fl.file, "file", "", "the file, by name, URL or ID (default: the primary file)")
	fs.StringVar(&fl.dir, "dir", "", "the directory to save into, made if missing (default: the current one)")
	fs.StringVarP(&fl.output, "output", "o", "", "the path to write, - for standard output (default: the file's name in --dir)")
	fs.BoolVar(&fl.force, "force", false, "replace an existing file")
	fs.BoolVar(&fl.force, "clobber", false, "the same as --force")
	fs.BoolVar(&fl.followExternal, "follow-external", false, "download an external file from the site that hosts it")
	fs.BoolVar(&fl.urlOnly, "url", false, "print the download URL and fetch nothing")
	fl.out = addJSONFlags(c, downloadJSON{})
	return c
}

func (f *Factory) download(cmd *cobra.Command, project, version string, fl *downloadFlags) error {
	ctx := cmd.Context()
	client, err := f.ReadClient(ctx)
	if err != nil {
		return err
	}
	v, _, err := client.GetVersion(ctx, project, version)
	if err != nil {
		return err
	}
	file, err := pickFile(v, fl.file)
	if err != nil {
		return &ExitError{Code: ExitCancel, Err: err}
	}
	label := safe.PlainLine(project+" "+v.Version+": ") + safe.PlainReveal(file.Name)
	rep := downloadJSON{Project: project, Version: v.Version, VersionID: v.ID, File: fileOut(file)}
	if fl.urlOnly {
		u, _, err := client.DownloadURL(ctx, project, v.ID, file.ID)
		if err != nil {
			return err
		}
		if fl.out.on() {
			rep.URL = nullString(u.String())
			return f.printJSON(ctx, fl.out, rep)
		}
		fmt.Fprintln(f.IO.Out, safe.PlainReveal(u.String()))
		return nil
	}
	if file.ExternalURL != "" && !fl.followExternal {
		subject := project + " " + v.Version
		if file.Name != file.ExternalURL {
			subject += ": " + file.Name
		}
		return &ExitError{Code: ExitCancel, Err: fmt.Errorf("%s: an external file, hosted at %s; not fetched: pass --follow-external to download it from there, or --url to print only the URL",
			safe.PlainLine(subject), safe.PlainReveal(file.ExternalURL))}
	}
	dest := fl.output
	if dest == "" {
		name, err := savefile.LocalName(file)
		if err != nil {
			return &ExitError{Code: ExitCancel, Err: fmt.Errorf("%s: %w: use -o PATH", label, err)}
		}
		dest = filepath.Join(fl.dir, name)
		if fl.dir != "" {
			// As gh does: the directory is made when missing.
			if err := os.MkdirAll(fl.dir, 0o755); err != nil {
				return fmt.Errorf("--dir: %w", err)
			}
		}
	}
	if dest != "-" && !fl.force {
		if _, err := os.Lstat(dest); err == nil {
			return &ExitError{Code: ExitCancel, Err: fmt.Errorf("%s already exists: pass --force to replace it", safe.PlainLine(dest))}
		}
	}
	body, _, err := client.Download(ctx, project, v.ID, file.ID)
	if err != nil {
		return err
	}
	defer body.Close()
	total := int64(-1)
	if file.Size > 0 {
		total = file.Size
	}
	line := f.newTransferLine("downloading " + label)
	src := &progressReader{r: body, line: line, total: total}
	want, _ := file.StrongestChecksum()
	if dest == "-" {
		_, _, err := savefile.CopyChecked(f.IO.Out, src, want)
		line.end()
		if err != nil {
			return fmt.Errorf("%s: %w", label, err) // a mismatch: the bytes are written by now
		}
		return nil
	}
	res, err := savefile.Save(dest, src, savefile.Options{Want: want, Force: fl.force})
	line.end()
	if errors.Is(err, savefile.ErrExists) {
		return fmt.Errorf("%s: %w; it appeared meanwhile: pass --force to replace it", label, err)
	}
	if err != nil {
		return fmt.Errorf("%s: %w", label, err)
	}
	n := res.N
	if fl.out.on() {
		rep.Path, rep.Bytes, rep.Verified = nullString(dest), &n, res.Checked != ""
		return f.printJSON(ctx, fl.out, rep)
	}
	fmt.Fprintf(f.IO.ErrOut, "saved %s (%s, %s)\n", safe.PlainLine(dest), humanize.IBytes(uint64(n)), savefile.Note(file, res.Checked))
	return nil
}

// pickFile finds the file named by ref (ID, file name or URL), or the
// primary file when ref is empty.
func pickFile(v *api.Version, ref string) (api.File, error) {
	if len(v.Files) == 0 {
		return api.File{}, fmt.Errorf("%s has no files", safe.PlainLine(v.Version))
	}
	for _, match := range []func(api.File) bool{
		func(fl api.File) bool { return ref == "" && fl.IsPrimary },
		func(fl api.File) bool { return ref != "" && fl.ID == ref },
		func(fl api.File) bool { return ref != "" && (fl.Name == ref || fl.ExternalURL == ref) },
	} {
		for _, fl := range v.Files {
			if match(fl) {
				return fl, nil
			}
		}
	}
	if ref == "" {
		return v.Files[0], nil
	}
	names := make([]string, len(v.Files))
	for i, fl := range v.Files {
		names[i] = safe.PlainReveal(fl.Name)
	}
	return api.File{}, fmt.Errorf("--file %q: %s has no such file; its files: %s", ref, safe.PlainLine(v.Version), safe.PlainLine(strings.Join(names, ", ")))
}
