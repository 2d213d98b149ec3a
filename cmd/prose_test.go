package cmd

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"rdash/api/sandbox"
)

// fakeTerminal is standard error as a terminal of a given width.
type fakeTerminal struct {
	bytes.Buffer
	width int
}

func (f *fakeTerminal) TerminalWidth() int { return f.width }

// requireWrapped fails unless every line of got fits width, or is one
// word wider than it standing alone, and got holds the words of plain,
// each whole and in order.
func requireWrapped(t *testing.T, got, plain string, width int) {
	t.Helper()
	for l := range strings.SplitSeq(got, "\n") {
		if ansi.StringWidth(l) > width && len(strings.Fields(l)) > 1 {
			t.Errorf("%d cells, more than %d: %q", ansi.StringWidth(l), width, l)
		}
	}
	if !slices.Equal(strings.Fields(got), strings.Fields(plain)) {
		t.Errorf("the words changed:\n%s\nwant the words of:\n%s", got, plain)
	}
}

func TestWrapProseNeverCutsAWord(t *testing.T) {
	t.Parallel()
	notice := "! No keyring is available (no D-Bus session bus (DBUS_SESSION_BUS_ADDRESS is not set), so no Secret Service).\n" +
		"  The token would be stored in plain text in /home/maintainer/.config/rdash/tokens.json, readable only by you."
	path := "/home/a-maintainer-with-a-long-name/.config/rdash-token-check/tokens.json"
	for _, tt := range []struct {
		text  string
		width int
		want  string // a line the wrapped text holds
	}{
		{notice, 80, "  /home/maintainer/.config/rdash/tokens.json, readable only by you."},
		{notice, 60, "  /home/maintainer/.config/rdash/tokens.json, readable only"},
		{"Stored in " + path + ", readable only by you.", 40, path + ","},
		{"! The token is not verified: GET /orgs/rdash-token-check/invitations answered 404", 40,
			"  /orgs/rdash-token-check/invitations"},
	} {
		got := wrapProse(tt.text, tt.width)
		requireWrapped(t, got, tt.text, tt.width)
		if !slices.Contains(strings.Split(got, "\n"), tt.want) {
			t.Errorf("at %d, no line %q in:\n%s", tt.width, tt.want, got)
		}
	}
	if got := wrapProse(notice, 0); got != notice {
		t.Errorf("not a terminal, yet wrapped:\n%s", got)
	}
}

func TestProseWidthIsTheTerminalsOnly(t *testing.T) {
	t.Parallel()
	if w := proseWidth(&bytes.Buffer{}); w != 0 {
		t.Errorf("a buffer is %d wide", w)
	}
	if w := proseWidth(&fakeTerminal{width: 72}); w != 72 {
		t.Errorf("a terminal of 72 is %d wide", w)
	}
}

// TestLoginWrapsItsNoticesAtTheTerminal: before the dashboard, auth
// login's keyring notice and its result are wrapped at the terminal's
// width, a word never cut where the line ends (the terminal cut
// "rea"/"dable" at 80); to a pipe they are printed as they were.
func TestLoginWrapsItsNoticesAtTheTerminal(t *testing.T) {
	t.Parallel()
	for _, strict := range []bool{false, true} {
		c := authCLI(t, "", sandbox.Options{Strict: strict})
		login := func(errOut interface {
			Write([]byte) (int, error)
			String() string
		}) int {
			tok, _ := c.srv.MintToken("alice", "user:read", "project:read")
			f := &Factory{
				IO:     IOStreams{In: strings.NewReader(tok + "\n"), Out: &bytes.Buffer{}, ErrOut: errOut},
				Lookup: func(k string) (string, bool) { v, ok := c.env[k]; return v, ok },
				Build:  c.build,
			}
			return Main(t.Context(), []string{"auth", "login", "--with-token", "--insecure-storage"}, f)
		}
		plain, term := &bytes.Buffer{}, &fakeTerminal{width: 60}
		if code := login(plain); code != ExitOK {
			t.Fatalf("strict %v: exit %d:\n%s", strict, code, plain)
		}
		if code := login(term); code != ExitOK {
			t.Fatalf("strict %v: exit %d:\n%s", strict, code, term)
		}
		if !strings.Contains(plain.String(), "No keyring is available") ||
			!strings.Contains(plain.String(), "readable only by you.\n") {
			t.Fatalf("strict %v: to a pipe:\n%s", strict, plain)
		}
		requireWrapped(t, term.String(), plain.String(), 60)
	}
}
