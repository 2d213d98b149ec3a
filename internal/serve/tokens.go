package serve

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/zalando/go-keyring"

	"rdash/config"
)

// The token store of `rdash serve` is a file per key, sealed with
// AES-256-GCM (Go's standard library). The 32-byte data key is made on
// first start and kept in the server's config directory, outside every
// key's state directory, 0600; it never leaves the server process. Each
// file is bound to its key's directory name as additional data, so a
// sealed file copied into another key's directory does not open.
//
// What it protects against: a copy of the state directory (a backup, a
// mis-set permission on one key's directory) reveals no token without the
// data key. What it does not: the operator, or anyone who can read both
// the data key and the files as the server's user, can decrypt every
// token; so can the running process.

// TokenKeyFile is the data key's file name in the server's config dir.
const TokenKeyFile = "token-key"

// sealedFile is the sealed token file's name in a key's directory.
const sealedFile = "tokens.sealed"

// LoadOrCreateTokenKey reads the data key at path, making it (0600, in a
// 0700 directory) when there is none. A key file open to other users is
// refused, naming why. Two servers starting at once on a fresh directory
// get the same key: it is written whole to a temporary file and linked
// into place, and the one that loses the race reads the winner's.
func LoadOrCreateTokenKey(path string) ([]byte, error) {
	key, err := readTokenKey(path)
	if !errors.Is(err, fs.ErrNotExist) {
		return key, err
	}
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("token key: %w", err)
	}
	key = make([]byte, 32)
	if _, err := rand.Read(key); err != nil {
		return nil, err
	}
	tmp, err := os.CreateTemp(dir, ".token-key-*") // 0600
	if err != nil {
		return nil, fmt.Errorf("token key: %w", err)
	}
	defer os.Remove(tmp.Name())
	_, err = tmp.WriteString(hex.EncodeToString(key) + "\n")
	if err == nil {
		err = tmp.Sync()
	}
	if err := errors.Join(err, tmp.Close()); err != nil {
		return nil, fmt.Errorf("token key: %w", err)
	}
	err = os.Link(tmp.Name(), path)
	switch {
	case errors.Is(err, fs.ErrExist):
		return readTokenKey(path) // another start made it first
	case err != nil:
		return nil, fmt.Errorf("token key: %w", err)
	}
	return key, nil
}

// readTokenKey reads an existing data key; a missing file is an error
// that wraps fs.ErrNotExist.
func readTokenKey(path string) ([]byte, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("token key: %w", err)
	}
	if err := CheckPrivate(path, "token key"); err != nil {
		return nil, err
	}
	key, err := hex.DecodeString(strings.TrimSpace(string(b)))
	if err != nil || len(key) != 32 {
		return nil, fmt.Errorf("token key %s is not 64 hex digits; move it away to make a new one (every stored token is then lost)", path)
	}
	return key, nil
}

// SealedStore is one key's token store. It implements the keyring
// interface of rdash's auth package (Get, Set, Delete by service and
// account; a missing entry is keyring.ErrNotFound), so the auth Store
// keeps tokens in it exactly as in an OS keyring and never falls back to
// its plain-text file.
type SealedStore struct {
	path  string
	aead  cipher.AEAD
	ad    []byte
	locks *FileLocks
	// unreadable is told when the file exists but does not open, which
	// the auth Store would otherwise take for "not signed in".
	unreadable func(error)
}

// FileLocks serialize the sessions of one key on its sealed file. The
// server holds one (the zero value is ready) and hands it to every store;
// an entry lives only while someone holds or waits for its lock.
type FileLocks struct {
	mu sync.Mutex
	m  map[string]*fileLock
}

type fileLock struct {
	mu    sync.Mutex
	users int // holding or waiting
}

// lock locks path and returns the unlock.
func (l *FileLocks) lock(path string) func() {
	l.mu.Lock()
	if l.m == nil {
		l.m = map[string]*fileLock{}
	}
	e := l.m[path]
	if e == nil {
		e = &fileLock{}
		l.m[path] = e
	}
	e.users++
	l.mu.Unlock()
	e.mu.Lock()
	return func() {
		e.mu.Unlock()
		l.mu.Lock()
		if e.users--; e.users == 0 {
			delete(l.m, path)
		}
		l.mu.Unlock()
	}
}

// held is how many files have an entry, for tests.
func (l *FileLocks) held() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.m)
}

// NewSealedStore returns the store in dir (a key's directory), sealed
// with key; locks are the server's, shared by every store it makes.
func NewSealedStore(dir string, key []byte, locks *FileLocks) (*SealedStore, error) {
	block, err := aes.NewCipher(key)
	if err != nil {
		return nil, err
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		return nil, err
	}
	return &SealedStore{path: filepath.Join(dir, sealedFile), aead: aead, locks: locks,
		ad: []byte("rdash serve tokens v1 " + filepath.Base(dir))}, nil
}

// OnUnreadable sets what is told when the file exists but does not open
// (damaged, or sealed with another data key): the auth Store treats that
// as "not signed in", so without it the server's log would not say why.
func (s *SealedStore) OnUnreadable(fn func(error)) { s.unreadable = fn }

// Path is the sealed file.
func (s *SealedStore) Path() string { return s.path }

type sealed map[string]map[string]string // service -> account -> secret

func (s *SealedStore) lock() func() { return s.locks.lock(s.path) }

func (s *SealedStore) read() (sealed, error) {
	m, err := s.open()
	if err != nil && s.unreadable != nil {
		s.unreadable(err)
	}
	return m, err
}

// open reads and decrypts the file; a missing file is an empty store.
func (s *SealedStore) open() (sealed, error) {
	b, err := os.ReadFile(s.path)
	if errors.Is(err, fs.ErrNotExist) {
		return sealed{}, nil
	}
	if err != nil {
		return nil, err
	}
	n := s.aead.NonceSize()
	if len(b) < n {
		return nil, fmt.Errorf("%s is damaged", s.path)
	}
	plain, err := s.aead.Open(nil, b[:n], b[n:], s.ad)
	if err != nil {
		return nil, fmt.Errorf("%s does not open with this server's token key", s.path)
	}
	var m sealed
	if err := json.Unmarshal(plain, &m); err != nil {
		return nil, fmt.Errorf("%s is damaged", s.path)
	}
	if m == nil {
		m = sealed{}
	}
	return m, nil
}

func (s *SealedStore) write(m sealed) error {
	plain, err := json.Marshal(m)
	if err != nil {
		return err
	}
	nonce := make([]byte, s.aead.NonceSize())
	if _, err := rand.Read(nonce); err != nil {
		return err
	}
	// Atomic, 0600, and never relative to the working directory, as
	// every other file rdash writes.
	return config.WriteFileAtomic(s.path, s.aead.Seal(nonce, nonce, plain, s.ad))
}

// Get returns a secret, or keyring.ErrNotFound.
func (s *SealedStore) Get(service, account string) (string, error) {
	defer s.lock()()
	m, err := s.read()
	if err != nil {
		return "", err
	}
	v, ok := m[service][account]
	if !ok {
		return "", keyring.ErrNotFound
	}
	return v, nil
}

// Set stores a secret.
func (s *SealedStore) Set(service, account, secret string) error {
	defer s.lock()()
	m, err := s.read()
	if err != nil {
		return err
	}
	if m[service] == nil {
		m[service] = map[string]string{}
	}
	m[service][account] = secret
	return s.write(m)
}

// Delete removes a secret, or returns keyring.ErrNotFound.
func (s *SealedStore) Delete(service, account string) error {
	defer s.lock()()
	m, err := s.read()
	if err != nil {
		return err
	}
	if _, ok := m[service][account]; !ok {
		return keyring.ErrNotFound
	}
	delete(m[service], account)
	if len(m[service]) == 0 {
		delete(m, service)
	}
	return s.write(m)
}
