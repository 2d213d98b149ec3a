package signin

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"rdash/auth"
	"rdash/ui/internal/uitest"
)

// u prints the URL whole, on a line of its own, with the terminal
// released; at 120 columns the screen itself cuts it into three lines.
func TestOneLineShowsTheURLUnbroken(t *testing.T) {
	t.Parallel()
	d, m, _ := start(t, setup{opts: uitest.SessionOptions{Mode: auth.ModePaste}})
	u := waitURL(t, d, m)
	_, cmd := m.Update(uitest.Key("u"))
	if cmd == nil {
		t.Fatal("u did nothing")
	}
	if got := fmt.Sprintf("%T", cmd()); got != "tea.execMsg" {
		t.Fatalf("u returned %s, want a tea.Exec", got)
	}
	var out bytes.Buffer
	o := &oneLine{url: u}
	o.SetStdin(strings.NewReader("\nafter"))
	o.SetStdout(&out)
	if err := o.Run(); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "\r\n"+u+"\r\n") {
		t.Fatalf("the URL is not on a line of its own:\n%q", out.String())
	}
	in := strings.NewReader("x\ny")
	o.SetStdin(in)
	_ = o.Run()
	if in.Len() != 1 {
		t.Fatalf("Run read past the end of the line: %d bytes left, want 1", in.Len())
	}
}
