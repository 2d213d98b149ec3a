package sandbox

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"net/http"
	"os"
)

// uploadMemBytes is how much of one request's uploads the sandbox keeps in
// memory; the rest goes to files in its upload directory, so a large
// upload costs disk, not memory.
const uploadMemBytes = 4 << 20

// content is an uploaded file's bytes: in memory (data) or in a file of the
// upload directory (path), with its size and SHA-256. It never changes once
// received.
type content struct {
	data   []byte
	path   string
	file   *os.File // open while receiving into path
	size   int64
	sha256 string
}

func memContent(b []byte) *content {
	sum := sha256.Sum256(b)
	return &content{data: b, size: int64(len(b)), sha256: hex.EncodeToString(sum[:])}
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
