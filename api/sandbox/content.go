package sandbox

import (
	"bytes"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha512"
	"encoding/hex"
	"fmt"
	"hash"
	"io"
	"net/http"
	"os"
)

// uploadMemBytes is how much of one request's uploads the sandbox keeps in
// memory; the rest goes to files in its upload directory, so a large
// upload costs disk, not memory.
const uploadMemBytes = 4 << 20

// content is an uploaded file's bytes: in memory (data) or in a file of the
// upload directory (path), with its size, SHA-256 and the checksum object
// served for it. It never changes once received.
type content struct {
	data     []byte
	path     string
	file     *os.File // open while receiving into path
	size     int64
	sha256   string            // hex, the ETag of /files
	checksum map[string]string // the file's checksum object (profile.strongHashes)
}

func memContent(b []byte, strong bool) *content {
	c := &content{data: b, size: int64(len(b))}
	h := newHasher(strong)
	h.Write(b)
	h.sum(c)
	return c
}

// hasher hashes what is written to it: SHA-256 always, and SHA-1 and
// SHA-512 for the strict profile's checksum object, whose inner structure
// the interface leaves open, so a client may not assume SHA-256 is in it.
type hasher struct {
	sha256, sha1, sha512 hash.Hash
}

func newHasher(strong bool) *hasher {
	h := &hasher{sha256: sha256.New()}
	if strong {
		h.sha1, h.sha512 = sha1.New(), sha512.New()
	}
	return h
}

// Write never fails: hashes do not.
func (h *hasher) Write(p []byte) (int, error) {
	h.sha256.Write(p)
	if h.sha1 != nil {
		h.sha1.Write(p)
		h.sha512.Write(p)
	}
	return len(p), nil
}

// sum sets c's SHA-256 and checksum object.
func (h *hasher) sum(c *content) {
	c.sha256 = hex.EncodeToString(h.sha256.Sum(nil))
	if h.sha1 == nil {
		c.checksum = map[string]string{"sha256": c.sha256}
		return
	}
	c.checksum = map[string]string{"sha1": hex.EncodeToString(h.sha1.Sum(nil)), "sha512": hex.EncodeToString(h.sha512.Sum(nil))}
}

// open returns a reader of the content for http.ServeContent.
func (c *content) open() (io.ReadSeeker, func(), error) {
	if c.path == "" {
		return bytes.NewReader(c.data), func() {}, nil
	}
	fh, err := os.Open(c.path)
	if err != nil {
		return nil, nil, err
	}
	return fh, func() { _ = fh.Close() }, nil
}

// remove deletes a spilled content's file; a failed request's uploads are
// removed at once, the others with the upload directory on Close.
func (c *content) remove() {
	if c.file != nil {
		_ = c.file.Close()
		c.file = nil
	}
	if c.path != "" {
		_ = os.Remove(c.path)
		c.path = ""
	}
}

// spill moves c from memory to a new file in the upload directory.
func (s *Server) spill(c *content) error {
	dir, err := s.uploadDir()
	if err != nil {
		return err
	}
	fh, err := os.CreateTemp(dir, "upload-*")
	if err != nil {
		return fmt.Errorf("sandbox: storing an upload: %w", err)
	}
	c.file, c.path = fh, fh.Name()
	if _, err := fh.Write(c.data); err != nil {
		return err
	}
	c.data = nil
	return nil
}

// uploadDir is Options.UploadDir, or a temporary directory made on first
// use and removed by Close.
func (s *Server) uploadDir() (string, error) {
	s.spillMu.Lock()
	defer s.spillMu.Unlock()
	if s.opts.UploadDir != "" {
		return s.opts.UploadDir, nil
	}
	if s.tempDir == "" {
		dir, err := os.MkdirTemp("", "rdash-sandbox-uploads-")
		if err != nil {
			return "", fmt.Errorf("sandbox: storing an upload: %w", err)
		}
		s.tempDir = dir
	}
	return s.tempDir, nil
}

// Close removes the temporary directory of large uploads, if one was made;
// files under Options.UploadDir are left. Running.Close calls it.
func (s *Server) Close() error {
	s.spillMu.Lock()
	defer s.spillMu.Unlock()
	if s.tempDir == "" {
		return nil
	}
	err := os.RemoveAll(s.tempDir)
	s.tempDir = ""
	return err
}

func tooLargef(field, format string, args ...any) error {
	return &httpError{http.StatusRequestEntityTooLarge, "too_large", field + ": " + fmt.Sprintf(format, args...)}
}
