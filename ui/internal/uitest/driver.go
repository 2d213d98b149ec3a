package uitest

import (
	"fmt"
	"go/ast"
	"reflect"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"rdash/internal/testwait"
	"rdash/ui/common"
)

// Model is what the driver drives: the root, or any model with a
// tea.View (screens are wrapped by their tests).
type Model interface {
	Update(tea.Msg) (tea.Model, tea.Cmd)
	View() tea.View
}

// Driver runs a model like tea.Program does, but in the test's goroutine:
// Send calls Update, runs the returned commands in goroutines, and WaitFor
// feeds their messages back until a condition holds. Timers run for real,
// so debounces and fades behave as in the program.
type Driver struct {
	t     testing.TB
	m     Model
	msgs  chan tea.Msg
	done  chan struct{}
	quit  bool
	clips []string
	size  tea.WindowSizeMsg // the last one sent, for tea.RequestWindowSize
	// Seen records every message fed back, for assertions on requests.
	Seen []tea.Msg
}

// NewDriver starts m at width×height: Init, then a window size message.
func NewDriver(t testing.TB, m Model, width, height int) *Driver {
	d := &Driver{t: t, m: m, msgs: make(chan tea.Msg, 256), done: make(chan struct{})}
	t.Cleanup(func() { close(d.done) })
	if i, ok := m.(interface{ Init() tea.Cmd }); ok {
		d.run(i.Init())
	}
	d.Send(tea.WindowSizeMsg{Width: width, Height: height})
	return d
}

// Send delivers msg to the model and starts the commands it returns.
func (d *Driver) Send(msg tea.Msg) {
	d.t.Helper()
	if size, ok := msg.(tea.WindowSizeMsg); ok {
		d.size = size
	}
	nm, cmd := d.m.Update(msg)
	d.m = nm.(Model)
	d.run(cmd)
}

// Press sends keys by name: "j", "enter", "esc", "space", "ctrl+c", "G".
func (d *Driver) Press(keys ...string) {
	d.t.Helper()
	for _, k := range keys {
		d.Send(Key(k))
	}
}

// Type sends each rune of s as a key press.
func (d *Driver) Type(s string) {
	d.t.Helper()
	for _, r := range s {
		d.Send(tea.KeyPressMsg{Code: r, Text: string(r)})
	}
}

// Key builds the key press msg for a name as key.Binding spells it:
// "j", "G", "enter", "esc", "space", "ctrl+c", "shift+tab", "pgdown".
func Key(name string) tea.KeyPressMsg {
	if code, ok := keyCodes[name]; ok {
		k := tea.KeyPressMsg{Code: code}
		if code == tea.KeySpace {
			k.Text = " "
		}
		return k
	}
	for _, m := range []struct {
		prefix string
		mod    tea.KeyMod
	}{{"ctrl+", tea.ModCtrl}, {"alt+", tea.ModAlt}, {"shift+", tea.ModShift}} {
		if rest, ok := strings.CutPrefix(name, m.prefix); ok && len(rest) > 0 {
			k := Key(rest)
			k.Mod |= m.mod
			k.Text = ""
			return k
		}
	}
	r := []rune(name)
	return tea.KeyPressMsg{Code: r[0], Text: name}
}

var keyCodes = map[string]rune{
	"enter": tea.KeyEnter, "esc": tea.KeyEscape, "tab": tea.KeyTab, "space": tea.KeySpace,
	"up": tea.KeyUp, "down": tea.KeyDown, "left": tea.KeyLeft, "right": tea.KeyRight,
	"pgdown": tea.KeyPgDown, "pgup": tea.KeyPgUp, "home": tea.KeyHome, "end": tea.KeyEnd,
	"backspace": tea.KeyBackspace, "delete": tea.KeyDelete, "insert": tea.KeyInsert,
	"f1": tea.KeyF1, "f5": tea.KeyF5,
}

// feed delivers one message from a finished command.
func (d *Driver) feed(msg tea.Msg) {
	d.t.Helper()
	if cmds, ok := commands(msg); ok {
		d.start(msg, cmds)
		return
	}
	switch msg := msg.(type) {
	case nil:
	case tea.QuitMsg:
		d.quit = true
	default:
		if t := reflect.TypeOf(msg); t.PkgPath() == common.TeaPkg && !ast.IsExported(t.Name()) {
			d.request(msg)
			return
		}
		d.Seen = append(d.Seen, msg)
		d.Send(msg)
	}
}

// WaitFor feeds messages back until cond holds, failing with the screen
// as it is shortly before the test binary's deadline (testwait.Limit).
func (d *Driver) WaitFor(what string, cond func() bool) {
	d.t.Helper()
	deadline := time.After(testwait.Limit(d.t))
	for !cond() {
		select {
		case msg := <-d.msgs:
			d.feed(msg)
		case <-deadline:
			d.t.Fatalf("timed out waiting for %s; screen:\n%s", what, d.Screen())
		}
	}
}

// WaitForText waits until the screen shows text.
func (d *Driver) WaitForText(text string) {
	d.t.Helper()
	d.WaitFor(fmt.Sprintf("%q on screen", text), func() bool { return strings.Contains(d.Screen(), text) })
}

// Drain feeds the messages that arrive within wait, for checks that
// something does NOT happen.
func (d *Driver) Drain(wait time.Duration) {
	deadline := time.After(wait)
	for {
		select {
		case msg := <-d.msgs:
			d.feed(msg)
		case <-deadline:
			return
		}
	}
}

// Model returns the current model.
func (d *Driver) Model() Model { return d.m }

// Quit reports whether the model asked to quit.
func (d *Driver) Quit() bool { return d.quit }

// Clipboard returns what was copied with tea.SetClipboard, in order.
func (d *Driver) Clipboard() []string { return d.clips }

// Raw is the current view's content, with its escape sequences.
func (d *Driver) Raw() string { return d.m.View().Content }

// Screen is the current view without escape sequences.
func (d *Driver) Screen() string { return ansi.Strip(d.Raw()) }
