package auth

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"rdash/config"
)

// CheckToken refuses a token that cannot be sent as it is in an
// Authorization header: it must be one or more visible ASCII characters
// (RFC 9110 section 5.5, field-vchar: 0x21 to 0x7E), so no space, no
// control character and no non-ASCII letter. A token with a newline
// would otherwise be stored and break every later request. The error
// never quotes the token.
func CheckToken(tok string) error {
	if tok == "" {
		return errors.New("the token is empty")
	}
	for i := 0; i < len(tok); i++ {
		if c := tok[i]; c < 0x21 || c > 0x7e {
			return fmt.Errorf("the token is not a valid HTTP header value: character %d is %s; "+
				"a token may hold only visible ASCII characters (RFC 9110 section 5.5)", i+1, describeByte(c))
		}
	}
	return nil
}

func describeByte(c byte) string {
	switch {
	case c == ' ':
		return "a space"
	case c < 0x20 || c == 0x7f:
		return fmt.Sprintf("the control character 0x%02X", c)
	}
	return "not ASCII"
}

// CheckWritable reports whether a sign-in could be stored, before the
// user is asked to sign in: the state directory (the sign-in record and
// the lock) and, when toFile, the config directory (the plain-text token
// file) must each take a new file.
func (s *Store) CheckWritable(toFile bool) error {
	dirs := []struct{ dir, holds, env string }{{filepath.Dir(s.record), "the sign-in record", "RDASH_STATE_DIR"}}
	if toFile {
		dirs = append(dirs, struct{ dir, holds, env string }{filepath.Dir(s.file), "the token file", "RDASH_CONFIG_DIR"})
	}
	for _, d := range dirs {
		if err := writable(d.dir); err != nil {
			return fmt.Errorf("cannot store a sign-in: %s cannot be written there (%v); "+
				"make it writable, or set %s to a directory that is", d.holds, err, d.env)
		}
	}
	return nil
}

// writable creates dir if needed and a file in it, then removes the file.
func writable(dir string) error {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	f, err := os.CreateTemp(dir, ".rdash-write-check-*")
	if err != nil {
		return err
	}
	name := f.Name()
	f.Close()
	return os.Remove(name)
}

// MalformedError is a sign-in record or token file that is not valid
// JSON. Its message names the file and the fix, and never quotes the
// file, which may hold tokens.
type MalformedError struct {
	Path   string
	Tokens bool // the plain-text token file, not the record
}

func (e *MalformedError) Error() string {
	if e.Tokens {
		return fmt.Sprintf("the token file %s is malformed (not quoted: it holds tokens); "+
			"rdash cannot tell which token is whose: delete it (it holds only rdash's tokens), then sign in again", e.Path)
	}
	return fmt.Sprintf("the sign-in record %s is malformed; run `rdash auth logout` to set it aside, then sign in again", e.Path)
}

func (s *Store) malformed(path string, err error) error {
	if errors.Is(err, errMalformed) {
		return &MalformedError{Path: path, Tokens: path == s.file}
	}
	return fmt.Errorf("reading %s: %w", path, err)
}

// SetAsideRecord moves a malformed sign-in record to
// auth.json.corrupt-<time> and returns the new name, or "" when the
// record is fine. The record holds no token, only which account is
// active and where its token is, so nothing secret is kept aside.
func (s *Store) SetAsideRecord() (string, error) {
	var rec record
	err := readJSON(s.record, &rec)
	if !errors.Is(err, errMalformed) {
		return "", nil
	}
	return config.MoveAside(s.record, time.Now())
}
