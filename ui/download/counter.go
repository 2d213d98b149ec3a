package download

import (
	"context"
	"io"
)

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
	c.p.Add(int64(n))
	return n, err
}
