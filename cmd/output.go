package cmd

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
	"github.com/dustin/go-humanize"

	"rdash/internal/safe"
)

// escapeHidden escapes the hidden characters encoding/json leaves raw:
// it escapes C0 controls and U+2028/U+2029 but writes DEL, C1 controls
// (which some terminals act on), bidi controls (which reorder what the
// terminal shows) and the other hidden characters of safe.Hidden as they
// are. Escaped, the output is still valid JSON with the same decoded
// value, and a terminal shows every character as it is. They are all
// above ASCII, and JSON has non-ASCII text only inside strings, so
// escaping them never touches the document's structure.
func escapeHidden(b []byte) []byte {
	if !bytes.ContainsFunc(b, rawHidden) {
		return b
	}
	var out bytes.Buffer
	for len(b) > 0 {
		r, n := utf8.DecodeRune(b)
		switch {
		case !rawHidden(r):
			out.Write(b[:n])
		case r > 0xffff:
			hi, lo := utf16.EncodeRune(r)
			fmt.Fprintf(&out, `\u%04x\u%04x`, hi, lo)
		default:
			fmt.Fprintf(&out, `\u%04x`, r)
		}
		b = b[n:]
	}
	return out.Bytes()
}

func rawHidden(r rune) bool {
	return r >= 0x7f && safe.Hidden(r)
}

// table prints rows aligned for a terminal, or tab-separated for a pipe,
// like gh. Every cell is made safe, and clipped (clipCell): cells often
// come from the server. The
// terminal lays the table out, not Bubble Tea, so cells go through
// safe.PlainLine, which strips without fitting clusters: a Hindi or Thai
// name stays whole.
type table struct {
	tty  bool
	rows [][]string
}

func (t *table) add(cells ...string) {
	for i, c := range cells {
		cells[i] = safe.PlainLine(clipCell(c))
	}
	t.rows = append(t.rows, cells)
}

// columnGap is the space between aligned columns.
const columnGap = 2

// write prints the rows, after header when aligned. Columns are measured
// with ansi.StringWidth, as the dashboard measures them, so wide and
// combining characters keep the columns straight (text/tabwriter counts
// runes).
func (t *table) write(w io.Writer, header ...string) error {
	rows := t.rows
	if t.tty && len(header) > 0 {
		rows = append([][]string{header}, rows...)
	}
	widths := columnWidths(rows)
	var b strings.Builder
	for _, r := range rows {
		for i, c := range r {
			b.WriteString(c)
			if i == len(r)-1 {
				break
			}
			if !t.tty {
				b.WriteByte('\t')
				continue
			}
			b.WriteString(strings.Repeat(" ", widths[i]-ansi.StringWidth(c)+columnGap))
		}
		b.WriteByte('\n')
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// columnWidths returns the width of every column but each row's last cell,
// which is not padded.
func columnWidths(rows [][]string) []int {
	var widths []int
	for _, r := range rows {
		for i, c := range r[:max(len(r)-1, 0)] {
			if i == len(widths) {
				widths = append(widths, 0)
			}
			widths[i] = max(widths[i], ansi.StringWidth(c))
		}
	}
	return widths
}

// versionCount is "1 version" or "n versions".
func versionCount(n int) string { return count(n, "version") }

// count is "1 thing" or "n things", for nouns whose plural takes an s,
// with thousands grouped as the dashboard groups them ("1,200 versions").
func count[N ~int | ~int64](n N, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return humanize.Comma(int64(n)) + " " + noun + "s"
}
