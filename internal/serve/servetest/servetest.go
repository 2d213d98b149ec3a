// Package servetest holds what the tests of rdash serve share (the
// server's own, the CLI's and the end-to-end runs): SSH keys made on the
// spot and a buffer that several goroutines write, a log or a session's
// output.
package servetest

import (
	"bytes"
	"crypto/ed25519"
	"crypto/rand"
	"sync"
	"testing"

	gossh "golang.org/x/crypto/ssh"
)

// Signer is a new ed25519 key.
func Signer(t testing.TB) gossh.Signer {
	t.Helper()
	_, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	s, err := gossh.NewSignerFromKey(priv)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// Buffer is a bytes.Buffer that several goroutines may write and read.
type Buffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *Buffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

// String is all that was written.
func (s *Buffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// Since is what was written after the first mark bytes.
func (s *Buffer) Since(mark int) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()[min(mark, s.b.Len()):]
}

// Len is how many bytes were written.
func (s *Buffer) Len() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Len()
}
