package cmd

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"unicode/utf8"

	"rdash/internal/safe"
)

// writeJSON prints v as indented JSON. encoding/json escapes C0 controls
// but writes C1 controls (U+0080..U+009F) raw, and some terminals act on
// those, so they are escaped too; the result is still valid JSON.
func writeJSON(w io.Writer, v any) error {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	_, err = w.Write(append(escapeC1(b), '\n'))
	return err
}

func escapeC1(b []byte) []byte {
	if !bytes.ContainsFunc(b, func(r rune) bool { return r >= 0x80 && r <= 0x9f }) {
		return b
	}
	var out bytes.Buffer
	for len(b) > 0 {
		r, n := utf8.DecodeRune(b)
		if r >= 0x80 && r <= 0x9f {
			fmt.Fprintf(&out, `\u%04x`, r)
		} else {
			out.Write(b[:n])
		}
		b = b[n:]
	}
	return out.Bytes()
}

// table prints rows aligned for a terminal, or tab-separated for a pipe,
// like gh. Every cell is made safe: cells often come from the server.
type table struct {
	tty  bool
	rows [][]string
}

func (t *table) add(cells ...string) {
	for i, c := range cells {
		cells[i] = safe.Line(c)
	}
	t.rows = append(t.rows, cells)
}

func (t *table) write(w io.Writer, header ...string) error {
	if !t.tty {
		for _, r := range t.rows {
			if _, err := fmt.Fprintln(w, strings.Join(r, "\t")); err != nil {
				return err
			}
		}
		return nil
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, strings.Join(header, "\t"))
	for _, r := range t.rows {
		fmt.Fprintln(tw, strings.Join(r, "\t"))
	}
	return tw.Flush()
}
