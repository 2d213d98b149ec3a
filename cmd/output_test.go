package cmd

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"rdash/internal/safe"
	"rdash/internal/safe/hostile"
)

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

// Every cell of the table is made safe, whatever the server sent.
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
		if strings.ContainsFunc(l, safe.Hidden) {
			t.Errorf("line %+q keeps a hidden character", l)
		}
		if got := ansi.StringWidth(l) - len("end"); got != want || !strings.HasSuffix(l, "end") {
			t.Errorf("line %+q: last column at %d, want %d", l, got, want)
		}
	}
}
