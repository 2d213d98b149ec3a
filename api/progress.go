package api

import (
	"io"
	"io/fs"
)

// progressCounter counts the upload bytes read into the pipe, which hands
// them to the transport synchronously, and reports them to fn.
type progressCounter struct {
	fn          Progress
	done, total int64
}

func newProgressCounter(fn Progress, contents []io.ReadCloser) *progressCounter {
	if fn == nil {
		return nil
	}
	p := &progressCounter{fn: fn}
	for _, c := range contents {
		n := sizeOf(c)
		if n < 0 {
			p.total = -1
			break
		}
		p.total += n
	}
	return p
}

// sizeOf is the size of an opened upload, or -1 when it cannot say.
func sizeOf(r io.Reader) int64 {
	switch r := r.(type) {
	case interface{ Stat() (fs.FileInfo, error) }:
		if fi, err := r.Stat(); err == nil && fi.Mode().IsRegular() {
			return fi.Size()
		}
	case interface{ Size() int64 }:
		return r.Size()
	}
	return -1
}

func (p *progressCounter) reader(r io.Reader) io.Reader {
	if p == nil {
		return r
	}
	return &countingReader{r, p}
}

type countingReader struct {
	r io.Reader
	p *progressCounter
}

func (c *countingReader) Read(b []byte) (int, error) {
	n, err := c.r.Read(b)
	if n > 0 {
		c.p.done += int64(n)
		c.p.fn(c.p.done, c.p.total)
	}
	return n, err
}
