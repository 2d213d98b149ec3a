// Package serve holds the parts of `rdash serve` that need no terminal and
// no dashboard: who may connect (an authorized_keys file, read again on
// every check), where each key's state lives, the host key, the token
// store encrypted at rest, and the sessions running per key.
package serve

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/charmbracelet/keygen"
	gossh "golang.org/x/crypto/ssh"
)

// Fingerprint is the key's SHA256 fingerprint as OpenSSH prints it
// ("SHA256:…"), for logs and for the user.
func Fingerprint(key gossh.PublicKey) string { return gossh.FingerprintSHA256(key) }

// DirName is the key's directory name: the hex SHA-256 of its wire form,
// the same hash as Fingerprint but safe in a path (base64 has '/').
func DirName(key gossh.PublicKey) string {
	sum := sha256.Sum256(key.Marshal())
	return hex.EncodeToString(sum[:])
}

// allowedKeys are the keys the authorized_keys file at path allows,
// read now: the one parse of the file every check shares. Options on a
// line (from=, command=, …) are not honoured, so a line with any allows
// nothing, rather than granting more than the line says. restricted is
// how many keys were left out for that.
func allowedKeys(path string) (keys []gossh.PublicKey, restricted int, err error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, 0, err
	}
	for rest := b; len(bytes.TrimSpace(rest)) > 0; {
		k, _, options, next, err := gossh.ParseAuthorizedKey(rest)
		if err != nil {
			// ParseAuthorizedKey skips comments, blank lines and lines it
			// cannot parse, and fails only when no key is left.
			break
		}
		rest = next
		if len(options) > 0 {
			restricted++
			continue
		}
		keys = append(keys, k)
	}
	return keys, restricted, nil
}

// Authorized reports whether key is allowed by the authorized_keys file
// at path. The file is read on every call, so a key removed from it is
// refused at once.
func Authorized(path string, key gossh.PublicKey) (bool, error) {
	keys, _, err := allowedKeys(path)
	if err != nil {
		return false, err
	}
	want := key.Marshal()
	for _, k := range keys {
		if bytes.Equal(k.Marshal(), want) {
			return true, nil
		}
	}
	return false, nil
}

// CountKeys is how many keys the file at path allows, for the start-up
// line; a file that allows none is an error, since nobody could connect.
func CountKeys(path string) (int, error) {
	keys, restricted, err := allowedKeys(path)
	if err != nil {
		return 0, err
	}
	switch {
	case len(keys) == 0 && restricted > 0:
		return 0, fmt.Errorf("%s holds no public key without options (a line with options such as command= allows nothing here), so nobody could connect", path)
	case len(keys) == 0:
		return 0, fmt.Errorf("%s holds no public key, so nobody could connect", path)
	}
	return len(keys), nil
}

// CheckPrivate refuses a file that anyone but its owner may read or
// write: for the host key that would let others impersonate the server,
// for authorized_keys that would let others add themselves or learn who
// may connect. what names the file for the message.
func CheckPrivate(path, what string) error {
	info, err := os.Stat(path)
	if err != nil {
		return fmt.Errorf("%s: %w", what, err)
	}
	if !info.Mode().IsRegular() {
		return fmt.Errorf("%s %s is not a regular file", what, path)
	}
	if perm := info.Mode().Perm(); perm&0o077 != 0 {
		return fmt.Errorf("%s %s is open to other users (mode %04o); run: chmod 600 %s", what, path, perm, path)
	}
	return nil
}

// EnsureHostKey creates an ed25519 host key at path (0600, and path.pub)
// when there is none, and reports whether it did. An existing key is
// checked with CheckPrivate.
func EnsureHostKey(path string) (created bool, err error) {
	_, err = os.Stat(path)
	switch {
	case err == nil:
		return false, CheckPrivate(path, "host key")
	case !errors.Is(err, fs.ErrNotExist):
		return false, fmt.Errorf("host key: %w", err)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return false, fmt.Errorf("host key: %w", err)
	}
	// keygen's own WithWrite would chmod an existing parent directory to
	// 0700 (the working directory, say), so the files are written here.
	kp, err := keygen.New(path, keygen.WithKeyType(keygen.Ed25519))
	if err != nil {
		return false, fmt.Errorf("generating the host key: %w", err)
	}
	if err := writeNew(path, kp.RawPrivateKey(), 0o600); err != nil {
		return false, fmt.Errorf("host key: %w", err)
	}
	// A .pub left from an earlier key would name a key the server does
	// not have; it is public, so it is simply replaced.
	if err := os.Remove(path + ".pub"); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return true, fmt.Errorf("host key: %w", err)
	}
	if err := writeNew(path+".pub", []byte(kp.AuthorizedKey()+"\n"), 0o644); err != nil {
		return true, fmt.Errorf("host key: %w", err)
	}
	return true, CheckPrivate(path, "host key")
}

// KeyDir returns the state directory of one key under root, created 0700
// (and made 0700 if it was not): what one key's sessions write stays there.
func KeyDir(root string, key gossh.PublicKey) (string, error) {
	dir := filepath.Join(root, DirName(key))
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return "", err
	}
	if err := os.Chmod(dir, 0o700); err != nil {
		return "", err
	}
	return dir, nil
}

// writeNew writes a file that must not exist yet, with perm from the start.
func writeNew(path string, b []byte, perm os.FileMode) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm)
	if err != nil {
		return err
	}
	_, err = f.Write(b)
	return errors.Join(err, f.Close())
}

// Allowed returns the fingerprints of the keys the file at path allows,
// under the same rule as Authorized (a line with options allows nothing).
func Allowed(path string) (map[string]bool, error) {
	keys, _, err := allowedKeys(path)
	if err != nil {
		return nil, err
	}
	set := map[string]bool{}
	for _, k := range keys {
		set[Fingerprint(k)] = true
	}
	return set, nil
}

// DirNameOf is DirName of a key given as OpenSSH prints its fingerprint
// ("SHA256:" and unpadded base64), or as a public key line.
func DirNameOf(s string) (string, error) {
	s = strings.TrimSpace(s)
	if rest, ok := strings.CutPrefix(s, "SHA256:"); ok {
		sum, err := base64.RawStdEncoding.DecodeString(rest)
		if err != nil || len(sum) != sha256.Size {
			return "", fmt.Errorf("%q is not a SHA256 key fingerprint", s)
		}
		return hex.EncodeToString(sum), nil
	}
	k, _, _, _, err := gossh.ParseAuthorizedKey([]byte(s))
	if err != nil {
		return "", fmt.Errorf("neither a SHA256 fingerprint nor a public key: %w", err)
	}
	return DirName(k), nil
}

// AllowedDirNames is Allowed by DirName.
func AllowedDirNames(path string) (map[string]bool, error) {
	keys, _, err := allowedKeys(path)
	if err != nil {
		return nil, err
	}
	set := map[string]bool{}
	for _, k := range keys {
		set[DirName(k)] = true
	}
	return set, nil
}
