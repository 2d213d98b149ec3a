package cmd

import (
	"bytes"
	"encoding/json"
	"io"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"

	"rdash/api/sandbox"
	"rdash/internal/safe"
	"rdash/internal/safe/hostile"
)

// writeJSON prints v as --json does.
func writeJSON(w io.Writer, v any) error {
	b, err := marshalJSON(v)
	if err != nil {
		return err
	}
	return writeIndented(w, b)
}

func TestWriteJSONEscapesHiddenCharacters(t *testing.T) {
	t.Parallel()
	tests := []struct{ in, want string }{
		{"abc\u202edcba", `"abc\u202edcba"`},
		{"\u2066x\u2069", `"\u2066x\u2069"`},
		{"pay\u200bpal\u200d\ufeff", `"pay\u200bpal\u200d\ufeff"`},
		{"a\u0085\u009bb\x7f", `"a\u0085\u009bb\u007f"`},
		{"tag\U000e0041", `"tag\udb40\udc41"`},
		{"\u2028", `"\u2028"`},
		{"日本 ✓ e\u0301", `"日本 ✓ e` + "\u0301" + `"`},
	}
	for _, tt := range tests {
		var b bytes.Buffer
		if err := writeJSON(&b, tt.in); err != nil {
			t.Fatal(err)
		}
		if got := strings.TrimSuffix(b.String(), "\n"); got != tt.want {
			t.Errorf("writeJSON(%+q) = %s, want %s", tt.in, got, tt.want)
		}
	}
}

// Every hostile string comes out of writeJSON as valid JSON with the value
// encoding/json gives it, and with nothing hidden left raw.
func TestWriteJSONHostileCorpus(t *testing.T) {
	t.Parallel()
	type record struct {
		Name  string
		Text  string
		Items []string
	}
	for _, c := range hostile.Cases(t) {
		v := record{Name: c.Name, Text: c.Text, Items: []string{c.Text, "plain"}}
		var b bytes.Buffer
		if err := writeJSON(&b, v); err != nil {
			t.Fatalf("%s: %v", c.Name, err)
		}
		var got, want record
		if err := json.Unmarshal(b.Bytes(), &got); err != nil {
			t.Fatalf("%s: output is not JSON: %v\n%s", c.Name, err, b.String())
		}
		plain, _ := json.Marshal(v)
		_ = json.Unmarshal(plain, &want)
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: decodes to %+q, want %+q", c.Name, got, want)
		}
		for _, r := range b.String() {
			if safe.Hidden(r) && r != '\n' {
				t.Errorf("%s: output keeps %U raw", c.Name, r)
			}
		}
	}
}

func TestTableAlignsByDisplayWidth(t *testing.T) {
	t.Parallel()
	tb := &table{tty: true}
	tb.add("日本", "wide")
	tb.add("e\u0301", "combining")
	tb.add("a\u200d\u202eb", "hidden")
	tb.add("x", "")
	var b bytes.Buffer
	if err := tb.write(&b, "NAME", "NOTE"); err != nil {
		t.Fatal(err)
	}
	want := "NAME  NOTE\n日本  wide\ne\u0301     combining\nab    hidden\nx     \n"
	if b.String() != want {
		t.Errorf("table:\n%s\nwant:\n%s", b.String(), want)
	}
	for _, l := range strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n") {
		if i := strings.Index(l, "  "); ansi.StringWidth(l[:i]) > 4 {
			t.Errorf("column one of %q is wider than its header", l)
		}
	}

	tb.tty = false
	b.Reset()
	if err := tb.write(&b, "NAME", "NOTE"); err != nil {
		t.Fatal(err)
	}
	if want := "日本\twide\ne\u0301\tcombining\nab\thidden\nx\t\n"; b.String() != want {
		t.Errorf("piped table = %q, want %q", b.String(), want)
	}
}

// Names in scripts whose clusters Bubble Tea's code-point width mismeasures
// (the dashboard replaces those clusters): the command line's output is
// laid out by the terminal, so they must come out whole.
var scriptNames = []string{"लुमेन संस्करण", "ลูเมน ฉบับประจำปี"}

// checkAligned checks that every line of an aligned table starts its
// columns, after the first, at the display widths the header line starts
// them at. A column starts where a non-space follows two spaces.
func checkAligned(t *testing.T, out string) {
	t.Helper()
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	want := columnStarts(lines[0])
	for _, l := range lines[1:] {
		if got := columnStarts(l); !reflect.DeepEqual(got, want) {
			t.Errorf("line %q: columns start at %v, the header's at %v", l, got, want)
		}
	}
}

func columnStarts(l string) []int {
	var starts []int
	at, spaces := 0, 0
	for rest := l; rest != ""; {
		c, w := ansi.FirstGraphemeCluster(rest, ansi.GraphemeWidth)
		rest = rest[len(c):]
		if c != " " && spaces >= 2 {
			starts = append(starts, at)
		}
		if c == " " {
			spaces++
		} else {
			spaces = 0
		}
		at += w
	}
	return starts
}

func TestTableKeepsScriptsWhole(t *testing.T) {
	t.Parallel()
	tb := &table{tty: true}
	for i, n := range scriptNames {
		tb.add(n, "x"+strings.Repeat("y", i), "end")
	}
	tb.add("a\x1b[31mb\u202ec\u200b", "z", "end")
	var b bytes.Buffer
	if err := tb.write(&b, "NAME", "NOTE", "END"); err != nil {
		t.Fatal(err)
	}
	want := "NAME           NOTE  END\n" +
		"लुमेन संस्करण       x     end\n" +
		"ลูเมน ฉบับประจำปี  xy    end\n" +
		"abc            z     end\n"
	if b.String() != want {
		t.Errorf("table:\n%s\nwant:\n%s", b.String(), want)
	}
	checkAligned(t, b.String())
}

// rdash versions list prints a Hindi and a Thai version name whole, in
// columns aligned by display width on a terminal and as they are in a
// pipe. (The service refuses a name with hidden characters, so hostile
// cells are tested on the table itself, above and below.)
func TestVersionsListKeepsScriptsWhole(t *testing.T) {
	t.Parallel()
	c := newCLI(t, "alice", sandbox.Options{})
	vs := listIDs(t, c, "lumen", "--page-size", "3")
	for i, n := range scriptNames {
		c.ok("versions", "update", "--yes", "lumen", vs[i].ID, "--name", n)
	}
	for _, tty := range []bool{false, true} {
		var out, errOut bytes.Buffer
		f := &Factory{
			IO:     IOStreams{In: strings.NewReader(""), Out: &out, ErrOut: &errOut, OutTTY: tty},
			Lookup: func(k string) (string, bool) { v, ok := c.env[k]; return v, ok },
		}
		if code := Main(t.Context(), []string{"versions", "list", "lumen", "--page-size", "3"}, f); code != 0 {
			t.Fatalf("tty %v: exit %d\n%s", tty, code, errOut.String())
		}
		got := out.String()
		for _, n := range scriptNames {
			if !strings.Contains(got, n) {
				t.Errorf("tty %v: %q lost:\n%s", tty, n, got)
			}
		}
		if strings.ContainsAny(got, "\x1b\ufffd") || strings.ContainsFunc(got, func(r rune) bool { return r != '\n' && r != '\t' && safe.Hidden(r) }) {
			t.Errorf("tty %v: output keeps an escape, a hidden character or U+FFFD:\n%+q", tty, got)
		}
		if tty {
			checkAligned(t, got)
		}
	}
}

// Every cell of the table is made safe, whatever the server sent, as
// safe.PlainLine makes it: stripped, not fitted.
func TestTableHostileCorpus(t *testing.T) {
	t.Parallel()
	tb := &table{tty: true}
	for _, c := range hostile.Cases(t) {
		tb.add(c.Name, c.Text, "end")
	}
	var b bytes.Buffer
	if err := tb.write(&b, "NAME", "TEXT", "END"); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	want := ansi.StringWidth(lines[0]) - len("END")
	for _, l := range lines[1:] {
		if strings.ContainsFunc(l, safe.Hidden) || !utf8.ValidString(l) {
			t.Errorf("line %+q keeps a hidden character or is not UTF-8", l)
		}
		if got := ansi.StringWidth(l) - len("end"); got != want || !strings.HasSuffix(l, "end") {
			t.Errorf("line %+q: last column at %d, want %d", l, got, want)
		}
	}
}
