// Package savefile saves a downloaded file so that a partial or unverified
// one never has the final name: the bytes go to NAME.part beside it, are
// hashed while copied, synced, checked against the strongest checksum the
// service gives (sha512, sha256, sha1 or md5: api.File.StrongestChecksum),
// and only then linked to NAME, which is not replaced unless asked. The
// command line (cmd/download.go) and the dashboard (ui/download) both save
// through it.
package savefile

import (
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"strings"
	"unicode"

	"rdash/api"
	"rdash/internal/safe"
)

// ErrExists is wrapped by the error of a save whose destination exists,
// even one made since the caller looked; nothing was replaced.
var ErrExists = errors.New("nothing was replaced")

// LocalName is the name to save a file under: its name, or the last
// segment of an external URL, refused when it could escape the directory
// or hide characters.
func LocalName(file api.File) (string, error) {
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

// Destination is where file goes in dir (the current directory when
// empty), refused when dir is not a directory. When a file is there
// already, the path is returned with an error that wraps ErrExists, so
// the caller can ask whether to overwrite it (Options.Force) or keep both
// (Options.KeepBoth).
func Destination(dir string, file api.File) (string, error) {
	name, err := LocalName(file)
	if err != nil {
		return "", err
	}
	if dir == "" {
		dir = "."
	}
	fi, err := os.Stat(dir)
	switch {
	case err != nil:
		return "", fmt.Errorf("the directory %s: %w", safe.Line(dir), errors.Unwrap(err))
	case !fi.IsDir():
		return "", fmt.Errorf("%s is not a directory", safe.Line(dir))
	}
	dest := filepath.Join(dir, name)
	if _, err := os.Lstat(dest); err == nil {
		return dest, fmt.Errorf("%s already exists: %w", safe.Line(dest), ErrExists)
	}
	return dest, nil
}

// Options says how Save checks and names the file.
type Options struct {
	// Want is the checksum the bytes must have; the zero value when the
	// service gives none rdash knows, and then nothing is verified.
	Want api.Checksum
	// Force replaces an existing destination, and a .part left there by
	// a download that was killed.
	Force bool
	// KeepBoth saves beside an existing destination rather than over it,
	// under the first free name as browsers make one: "name (1).jar",
	// "name (2).jar" (Sibling). Force wins when both are set.
	KeepBoth bool
}

// Result is what Save wrote.
type Result struct {
	N   int64  // bytes written
	Sum string // their digest in Options.Want's algorithm; empty without one
	// Checked is the algorithm the bytes were verified with ("sha512");
	// empty when nothing was checked.
	Checked string
	// Path is where the file was saved: dest, or with KeepBoth the name
	// it was given beside it.
	Path string
}

// Save writes src to dest.part in dest's directory, syncs it, checks it
// against o.Want (when set) and only then gives it the name
// dest: a reader of dest never sees a partial file. Without o.Force an
// existing dest is not replaced, even one made meanwhile (the error wraps
// ErrExists), and an existing .part is refused: another download may be
// writing it. On any failure, src's included (a cancelled context), the
// .part is removed.
func Save(dest string, src io.Reader, o Options) (res Result, err error) {
	part := dest + ".part"
	if o.Force {
		// Removed, not opened with O_TRUNC, which would follow a .part
		// planted as a symlink and overwrite the file it points at.
		if err := os.Remove(part); err != nil && !errors.Is(err, os.ErrNotExist) {
			return res, err
		}
	}
	fh, err := os.OpenFile(part, os.O_CREATE|os.O_WRONLY|os.O_EXCL, 0o644)
	if err != nil {
		if errors.Is(err, os.ErrExist) {
			return res, fmt.Errorf("%s exists: another download may be writing it; remove it if not", safe.Line(part))
		}
		return res, err
	}
	defer func() {
		if err != nil {
			_ = fh.Close()
			_ = os.Remove(part)
		}
	}()
	if res.N, res.Sum, err = CopyChecked(fh, src, o.Want); err != nil {
		return res, fmt.Errorf("%w; nothing was saved", err)
	}
	if err = fh.Sync(); err != nil {
		return res, err
	}
	if err = fh.Close(); err != nil {
		return res, err
	}
	if res.Path, err = publishAs(part, dest, o); err != nil {
		return res, err
	}
	syncDir(filepath.Dir(dest))
	res.Checked = o.Want.Algorithm
	return res, nil
}

// maxSiblings bounds the names KeepBoth tries: "name (1)" … "name (999)".
const maxSiblings = 999

// publishAs gives part the name dest, or with KeepBoth the first free
// sibling of it; it returns the name given. Each try links, which fails
// when the name is taken, even by a file made since the last try.
func publishAs(part, dest string, o Options) (string, error) {
	err := publish(part, dest, o.Force)
	if o.Force || !o.KeepBoth || !errors.Is(err, ErrExists) {
		return dest, err
	}
	for n := 1; n <= maxSiblings; n++ {
		name := Sibling(dest, n)
		if err = publish(part, name, false); !errors.Is(err, ErrExists) {
			return name, err
		}
	}
	return dest, fmt.Errorf("%s and %d others beside it already exist: %w", safe.Line(dest), maxSiblings, ErrExists)
}

// Sibling is the n-th name beside path that keeps both files, as browsers
// name a second download: "lumen-1.2.jar" → "lumen-1.2 (1).jar", the
// extension kept last ("pack (1).tar.gz").
func Sibling(path string, n int) string {
	dir, base := filepath.Split(path)
	ext := filepath.Ext(base)
	if stem := strings.TrimSuffix(base, ext); filepath.Ext(stem) == ".tar" {
		ext = ".tar" + ext
	}
	if ext == base { // ".hidden": no stem to number
		ext = ""
	}
	return dir + strings.TrimSuffix(base, ext) + fmt.Sprintf(" (%d)", n) + ext
}

// FreeSibling is the first sibling of path (Sibling) no file has now,
// to say where KeepBoth would save; Save picks again, as files come and
// go meanwhile.
func FreeSibling(path string) string {
	for n := 1; n <= maxSiblings; n++ {
		if _, err := os.Lstat(Sibling(path, n)); errors.Is(err, os.ErrNotExist) {
			return Sibling(path, n)
		}
	}
	return Sibling(path, maxSiblings+1)
}

// publish gives part the name dest. Without force it links, which fails
// if dest exists, even one made since the caller checked; where links are
// not supported it checks and renames.
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
		return fmt.Errorf("%s already exists: %w", safe.Line(dest), ErrExists)
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
