package cmd

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"strings"
	"unicode"

	"github.com/dustin/go-humanize"
	"github.com/spf13/cobra"

	"rdash/api"
	"rdash/internal/safe"
)

type downloadFlags struct {
	file, dir, output string
	force             bool
	followExternal    bool
	urlOnly           bool
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
a SHA-256 checksum, the download must match it (exit 1 otherwise, and
nothing is kept). An existing file is not replaced without --force.

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
	label := safe.Line(project + " " + v.Version + ": " + file.Name)
	if fl.urlOnly {
		u, _, err := client.DownloadURL(ctx, project, v.ID, file.ID)
		if err != nil {
			return err
		}
		fmt.Fprintln(f.IO.Out, safe.Line(u.String()))
		return nil
	}
	if file.ExternalURL != "" && !fl.followExternal {
		subject := project + " " + v.Version
		if file.Name != file.ExternalURL {
			subject += ": " + file.Name
		}
		return &ExitError{Code: ExitCancel, Err: fmt.Errorf("%s: an external file, hosted at %s; not fetched: pass --follow-external to download it from there, or --url to print only the URL",
			safe.Line(subject), safe.Line(file.ExternalURL))}
	}
	dest := fl.output
	if dest == "" {
		name, err := localName(file)
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
			return &ExitError{Code: ExitCancel, Err: fmt.Errorf("%s already exists: pass --force to replace it", safe.Line(dest))}
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
	want, verify := file.SHA256()
	var n int64
	var got string
	if dest == "-" {
		n, got, err = copyHashed(f.IO.Out, src)
	} else {
		n, got, err = saveAtomically(dest, src, fl.force, want, label)
	}
	line.end()
	if err != nil {
		return err
	}
	if dest == "-" {
		if verify && got != want {
			return fmt.Errorf("%s: checksum mismatch: the service gives sha256 %s, the %d bytes written have %s", label, want, n, got)
		}
		return nil
	}
	note := "no checksum given"
	if verify {
		note = "sha256 verified"
	}
	fmt.Fprintf(f.IO.ErrOut, "saved %s (%s, %s)\n", safe.Line(dest), humanize.IBytes(uint64(n)), note)
	return nil
}

// pickFile finds the file named by ref (ID, file name or URL), or the
// primary file when ref is empty.
func pickFile(v *api.Version, ref string) (api.File, error) {
	if len(v.Files) == 0 {
		return api.File{}, fmt.Errorf("%s has no files", safe.Line(v.Version))
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
		names[i] = fl.Name
	}
	return api.File{}, fmt.Errorf("--file %q: %s has no such file; its files: %s", ref, safe.Line(v.Version), safe.Line(strings.Join(names, ", ")))
}

// localName is the name to save a file under: its name, or the last
// segment of an external URL, refused when it could escape the directory
// or hide characters.
func localName(file api.File) (string, error) {
	name := file.Name
	if file.ExternalURL != "" {
		u, err := url.Parse(file.ExternalURL)
		if err != nil {
			return "", errors.New("the file's URL cannot be read")
		}
		name = path.Base(u.Path)
	}
	switch {
	case name == "" || name == "." || name == ".." || name == "/":
		return "", errors.New("the file has no usable name")
	case strings.ContainsAny(name, `/\`) || strings.ContainsFunc(name, func(r rune) bool { return !unicode.IsGraphic(r) }):
		return "", fmt.Errorf("the file's name %q is not a plain file name", safe.Line(name))
	}
	return name, nil
}

// copyHashed copies src to w and returns the bytes and their SHA-256.
func copyHashed(w io.Writer, src io.Reader) (int64, string, error) {
	h := sha256.New()
	n, err := io.Copy(io.MultiWriter(w, h), src)
	return n, hex.EncodeToString(h.Sum(nil)), err
}

// saveAtomically writes src to dest.part in dest's directory, syncs it,
// checks its SHA-256 against want (when not empty), and renames it to
// dest: a reader of dest never sees a partial file. Without force an
// existing dest is not replaced, even one made meanwhile. On any failure,
// an interrupt included, the .part is removed.
func saveAtomically(dest string, src io.Reader, force bool, want, label string) (n int64, got string, err error) {
	part := dest + ".part"
	fh, err := os.OpenFile(part, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, 0o644)
	if err != nil {
		return 0, "", err
	}
	defer func() {
		if err != nil {
			_ = fh.Close()
			_ = os.Remove(part)
		}
	}()
	if n, got, err = copyHashed(fh, src); err != nil {
		return n, got, fmt.Errorf("%s: %w; nothing was saved", label, err)
	}
	if want != "" && got != want {
		return n, got, fmt.Errorf("%s: checksum mismatch: the service gives sha256 %s, the %d bytes received have %s; nothing was saved", label, want, n, got)
	}
	if err = fh.Sync(); err != nil {
		return n, got, err
	}
	if err = fh.Close(); err != nil {
		return n, got, err
	}
	if err = publish(part, dest, force); err != nil {
		return n, got, err
	}
	syncDir(filepath.Dir(dest))
	return n, got, nil
}

// publish gives part the name dest. Without force it links, which fails
// if dest exists, even one made since the command checked; where links
// are not supported it checks and renames.
func publish(part, dest string, force bool) error {
	if force {
		return os.Rename(part, dest)
	}
	err := os.Link(part, dest)
	if err == nil {
		_ = os.Remove(part) // dest is complete; a stray .part is only untidy
		return nil
	}
	if _, statErr := os.Lstat(dest); statErr == nil || errors.Is(err, os.ErrExist) {
		return fmt.Errorf("%s appeared meanwhile: pass --force to replace it", safe.Line(dest))
	}
	return os.Rename(part, dest)
}

// syncDir makes a rename durable where the platform allows; a failure
// (some systems cannot sync a directory) loses nothing already written.
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		_ = d.Sync()
		_ = d.Close()
	}
}
