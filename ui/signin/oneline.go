package signin

import (
	"fmt"
	"io"

	"rdash/internal/safe"
)

// oneLine is what u runs through tea.Exec: with the terminal released
// (main screen, cooked mode), it prints the URL on a line of its own,
// which the terminal wraps softly, so selecting it copies it whole, and
// waits for enter before the dashboard takes the screen back.
type oneLine struct {
	url     string
	in      io.Reader
	out     io.Writer
	discard io.Writer
}

func (o *oneLine) SetStdin(r io.Reader)  { o.in = r }
func (o *oneLine) SetStdout(w io.Writer) { o.out = w }
func (o *oneLine) SetStderr(w io.Writer) { o.discard = w }

// Run prints the URL and reads up to the end of a line, a byte at a time
// so that nothing typed after it is taken from the dashboard.
func (o *oneLine) Run() error {
	if o.out == nil {
		return nil
	}
	if _, err := fmt.Fprintf(o.out, "\r\nThe sign-in address, on one line:\r\n\r\n%s\r\n\r\nSelect it or open it, then press enter to go back to rdash. ",
		safe.Line(o.url)); err != nil {
		return err
	}
	if o.in == nil {
		return nil
	}
	b := make([]byte, 1)
	for {
		n, err := o.in.Read(b)
		if err != nil || n == 1 && (b[0] == '\n' || b[0] == '\r') {
			return nil
		}
	}
}
