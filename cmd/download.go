package cmd

import (
	"context"
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

// downloadOptions are versions download's: which file, and where it goes.
type downloadOptions struct {
	f                *Factory
	Project, Version string
	File             string // by name, URL or ID; "" for the primary
	Dir, Output      string
	Force            bool
	FollowExternal   bool
	URLOnly          bool
	Out              *jsonOutput
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
	// Verified says the bytes matched the strongest checksum the service
	// gives; null with --url, which downloads nothing.
	Verified *bool `json:"verified"`
}

func newVersionsDownloadCmd(f *Factory, runF func(context.Context, *downloadOptions) error) *cobra.Command {
	opts := &downloadOptions{f: f}
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
			opts.Project, opts.Version = args[0], args[1]
			if err := opts.check(); err != nil {
				return &ExitError{Code: ExitCancel, Err: err}
			}
			w := refusalWords{command: cmd.CommandPath(), notFound: noVersion(opts.Project, opts.Version)}
			return worded(w, runWith(cmd.Context(), opts, runF, downloadRun))
		},
	}
	fs := c.Flags()
	fs.StringVar(&opts.File, "file", "", "the file, by name, URL or ID (default: the primary file)")
	fs.StringVar(&opts.Dir, "dir", "", "the directory to save into, made if missing (default: the current one)")
	fs.StringVarP(&opts.Output, "output", "o", "", "the path to write, - for standard output (default: the file's name in --dir)")
	fs.BoolVar(&opts.Force, "force", false, "replace an existing file")
	fs.BoolVar(&opts.Force, "clobber", false, "the same as --force")
	fs.BoolVar(&opts.FollowExternal, "follow-external", false, "download an external file from the site that hosts it")
	fs.BoolVar(&opts.URLOnly, "url", false, "print the download URL and fetch nothing")
	opts.Out = addJSONFlags(c, downloadJSON{})
	return c
}

// check refuses flags that cannot go together.
func (o *downloadOptions) check() error {
	toStdout := o.Output == "-" && !o.URLOnly
	switch {
	case o.Output != "" && o.Dir != "":
		return errors.New("--dir and -o cannot be combined")
	case toStdout && o.f.IO.OutTTY:
		return errors.New("not writing a file to the terminal: use -o PATH, or pipe it")
	case toStdout && o.Out.on():
		return errors.New("-o - writes the file to standard output: it cannot also take --json, --jq or --template")
	}
	return nil
}

// downloadRun finds the file, then prints where it is served (--url) or
// saves it, checked against the service's checksum.
func downloadRun(ctx context.Context, o *downloadOptions) error {
	client, err := o.f.ReadClient(ctx)
	if err != nil {
		return err
	}
	v, _, err := client.GetVersion(ctx, o.Project, o.Version)
	if err != nil {
		return err
	}
	file, err := pickFile(v, o.File)
	if err != nil {
		return &ExitError{Code: ExitCancel, Err: err}
	}
	rep := downloadJSON{Project: o.Project, Version: v.Version, VersionID: v.ID, File: fileOut(file)}
	switch {
	case o.URLOnly:
		return o.printURL(ctx, client, rep, file)
	case file.ExternalURL != "" && !o.FollowExternal:
		return externalRefusal(o.Project, v, file)
	}
	label := safe.PlainLine(clip(o.Project)+" "+v.Version+": ") + safe.PlainReveal(file.Name)
	dest, err := o.destination(file, label)
	if err != nil {
		return err
	}
	return o.save(ctx, client, rep, file, dest, label)
}

// printURL prints where the file is served, fetching nothing.
func (o *downloadOptions) printURL(ctx context.Context, client *api.Client, rep downloadJSON, file api.File) error {
	u, _, err := client.DownloadURL(ctx, o.Project, rep.VersionID, file.ID)
	if err != nil {
		return err
	}
	if o.Out.on() {
		rep.URL = nullString(u.String())
		return o.f.printJSON(ctx, o.Out, rep)
	}
	fmt.Fprintln(o.f.IO.Out, safe.PlainReveal(u.String()))
	return nil
}

// externalRefusal says that an external file is not fetched unasked.
func externalRefusal(project string, v *api.Version, file api.File) error {
	subject := clip(project) + " " + v.Version
	if file.Name != file.ExternalURL {
		subject += ": " + file.Name
	}
	return &ExitError{Code: ExitCancel, Err: fmt.Errorf("%s: an external file, hosted at %s; not fetched: pass --follow-external to download it from there, or --url to print only the URL",
		safe.PlainLine(subject), safe.PlainReveal(file.ExternalURL))}
}

// externalFailed adds to the failure of an external file's host (the
// api names the host, never base_url) what the user can do: the service
// answered, so the fault is at the file's host.
func externalFailed(err error) error {
	var ext *api.ExternalHostError
	if !errors.As(err, &ext) {
		return err
	}
	return &explainedError{err: err, msg: err.Error() + "; the service answered: try again later, or ask the project where else the file is"}
}

// destination is where the file goes: -o, or its own name in --dir (made
// when missing, as gh does); an existing file is refused without --force.
func (o *downloadOptions) destination(file api.File, label string) (string, error) {
	dest := o.Output
	if dest == "" {
		name, err := savefile.LocalName(file)
		if err != nil {
			return "", &ExitError{Code: ExitCancel, Err: fmt.Errorf("%s: %w: use -o PATH", label, err)}
		}
		dest = filepath.Join(o.Dir, name)
		if o.Dir != "" {
			if err := os.MkdirAll(o.Dir, 0o755); err != nil {
				return "", fmt.Errorf("--dir: %w", err)
			}
		}
	}
	if dest != "-" && !o.Force {
		if _, err := os.Lstat(dest); err == nil {
			return "", &ExitError{Code: ExitCancel, Err: fmt.Errorf("%s already exists: pass --force to replace it", safe.PlainLine(dest))}
		}
	}
	return dest, nil
}

// save downloads the file to dest (- for standard output) with its
// progress, checked against the strongest checksum the service gives.
func (o *downloadOptions) save(ctx context.Context, client *api.Client, rep downloadJSON, file api.File, dest, label string) error {
	body, _, err := client.Download(ctx, o.Project, rep.VersionID, file.ID)
	err = externalFailed(err)
	if errors.Is(err, api.ErrNotFound) {
		return fmt.Errorf("version %s of %s has no file %s (any longer): %w", safe.PlainLine(rep.Version),
			safe.PlainLine(clip(o.Project)), safe.PlainReveal(clip(file.Name)), err)
	}
	if err != nil {
		return err
	}
	defer body.Close()
	total := int64(-1)
	if file.Size > 0 {
		total = file.Size
	}
	line := o.f.newTransferLine("downloading " + label)
	src := &progressReader{r: body, line: line, total: total}
	want, _ := file.StrongestChecksum()
	if dest == "-" {
		_, _, err := savefile.CopyChecked(o.f.IO.Out, src, want)
		line.end()
		if err != nil {
			return fmt.Errorf("%s: %w", label, err) // a mismatch: the bytes are written by now
		}
		return nil
	}
	res, err := savefile.Save(dest, src, savefile.Options{Want: want, Force: o.Force})
	line.end()
	switch {
	case errors.Is(err, savefile.ErrExists):
		return fmt.Errorf("%s: %w; it appeared meanwhile: pass --force to replace it", label, err)
	case err != nil:
		return fmt.Errorf("%s: %w", label, err)
	}
	return o.saved(ctx, rep, file, dest, res)
}

// saved reports a file saved: its JSON, or a line on standard error.
func (o *downloadOptions) saved(ctx context.Context, rep downloadJSON, file api.File, dest string, res savefile.Result) error {
	if o.Out.on() {
		rep.Path, rep.Bytes, rep.Verified = nullString(dest), &res.N, api.Ptr(res.Checked != "")
		return o.f.printJSON(ctx, o.Out, rep)
	}
	fmt.Fprintf(o.f.IO.ErrOut, "saved %s (%s, %s)\n", safe.PlainLine(dest), humanize.IBytes(uint64(res.N)), savefile.Note(file, res.Checked))
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
