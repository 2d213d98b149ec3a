package download

import (
	"context"
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

	"rdash/api"
	"rdash/internal/safe"
)

// The saving below is the command line's (cmd/download.go), which the
// dashboard cannot import; both should move to one internal package.

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

// counter counts the bytes read through it into a progress.
type counter struct {
	r   io.Reader
	ctx context.Context
	p   *transfer
}

func (c *counter) Read(b []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	n, err := c.r.Read(b)
	c.p.add(int64(n))
	return n, err
}

// save writes src to dest.part in dest's directory, syncs it, checks its
// SHA-256 against want (when not empty) and only then gives it the name
// dest, never replacing a file there: a partial or unverified file never
// has the final name, and the .part is removed on any failure.
func save(dest string, src io.Reader, want string) (n int64, verified bool, err error) {
	part := dest + ".part"
	fh, err := os.OpenFile(part, os.O_CREATE|os.O_WRONLY|os.O_EXCL, 0o644)
	if err != nil {
		if errors.Is(err, os.ErrExist) {
			return 0, false, fmt.Errorf("%s exists: another download may be writing it; remove it if not", safe.Line(part))
		}
		return 0, false, err
	}
	defer func() {
		if err != nil {
			_ = fh.Close()
			_ = os.Remove(part)
		}
	}()
	h := sha256.New()
	if n, err = io.Copy(io.MultiWriter(fh, h), src); err != nil {
		return n, false, fmt.Errorf("%w; nothing was saved", err)
	}
	got := hex.EncodeToString(h.Sum(nil))
	if want != "" && got != want {
		return n, false, fmt.Errorf("checksum mismatch: the service gives sha256 %s, the %d bytes received have %s; nothing was saved", want, n, got)
	}
	if err = fh.Sync(); err != nil {
		return n, false, err
	}
	if err = fh.Close(); err != nil {
		return n, false, err
	}
	if err = link(part, dest); err != nil {
		return n, false, err
	}
	return n, want != "", nil
}

// link gives part the name dest unless dest exists, even one made since
// the screen looked; where links are not supported it checks and renames.
func link(part, dest string) error {
	err := os.Link(part, dest)
	if err == nil {
		_ = os.Remove(part)
		return nil
	}
	if _, statErr := os.Lstat(dest); statErr == nil || errors.Is(err, os.ErrExist) {
		return fmt.Errorf("%s already exists: nothing was replaced", safe.Line(dest))
	}
	return os.Rename(part, dest)
}

// destination is where file goes in dir, refused when a file is there.
func destination(dir string, file api.File) (string, error) {
	name, err := localName(file)
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
		return "", fmt.Errorf("%s already exists: choose another directory", safe.Line(dest))
	}
	return dest, nil
}
