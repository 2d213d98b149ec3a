package uitest

import (
	"fmt"
	"runtime"
	"slices"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
)

// cmdModel returns cmd on any key and lists the strings it is sent.
type cmdModel struct {
	cmd tea.Cmd
	got []string
}

func (m *cmdModel) Init() tea.Cmd { return nil }

func (m *cmdModel) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		return m, m.cmd
	case string:
		m.got = append(m.got, msg)
	case tea.WindowSizeMsg:
		m.got = append(m.got, fmt.Sprintf("%dx%d", msg.Width, msg.Height))
	}
	return m, nil
}

func (m *cmdModel) View() tea.View { return tea.NewView(strings.Join(m.got, " ")) }

// say is a command that returns s once gate (if any) is closed.
func say(s string, gate chan struct{}) tea.Cmd {
	return func() tea.Msg {
		if gate != nil {
			<-gate
		}
		return s
	}
}

func TestDriverRunsSequencesInOrder(t *testing.T) {
	t.Parallel()
	gate := make(chan struct{})
	m := &cmdModel{cmd: tea.Sequence(
		say("first", gate),
		tea.Batch(say("b1", nil), say("b2", nil)),
		tea.Sequence(say("then", nil), nil, say("last", nil)),
	)}
	d := NewDriver(t, m, 80, 24)
	d.Press("x")
	close(gate) // held until now: what follows it in the sequence waits for it
	d.WaitFor("every message of the sequence", func() bool { return len(m.got) == 6 })
	got := slices.Clone(m.got[1:]) // after the driver's window size
	slices.Sort(got[1:3])
	if !slices.Equal(got, []string{"first", "b1", "b2", "then", "last"}) {
		t.Fatalf("messages arrived as %q; want first, the batch's two in any order, then, last", m.got[1:])
	}
}

func TestStepUnpacksSequences(t *testing.T) {
	t.Parallel()
	d := NewDriver(t, &cmdModel{cmd: tea.Sequence(say("a", nil), tea.Batch(say("b", nil), nil), say("c", nil))}, 80, 24)
	got := d.Step(Key("x"))
	if want := []tea.Msg{"a", "b", "c"}; !slices.Equal(got, want) {
		t.Fatalf("Step = %q, want %q", got, want)
	}
}

// fatalRecorder is a testing.TB whose Fatalf records what it said and
// ends the goroutine, as testing.T's does.
type fatalRecorder struct {
	testing.TB
	fatal string
}

func (r *fatalRecorder) Helper() {}

func (r *fatalRecorder) Fatalf(format string, args ...any) {
	r.fatal = fmt.Sprintf(format, args...)
	runtime.Goexit()
}

func TestDriverFailsOnARequestItCannotRun(t *testing.T) {
	t.Parallel()
	for _, cmd := range []tea.Cmd{tea.Println("above"), tea.ClearScreen, tea.ReadClipboard} {
		r := &fatalRecorder{TB: t}
		d := NewDriver(r, &cmdModel{cmd: cmd}, 80, 24)
		done := make(chan struct{})
		go func() {
			defer close(done)
			d.Press("x")
			d.WaitFor("a failure", func() bool { return false })
		}()
		<-done
		if want := fmt.Sprintf("cannot run %T", cmd()); !strings.Contains(r.fatal, want) {
			t.Errorf("the driver said %q; want it to fail naming the type (%q)", r.fatal, want)
		}
	}
}

func TestDriverRunsTheRequestsItKnows(t *testing.T) {
	t.Parallel()
	m := &cmdModel{cmd: tea.Sequence(tea.SetClipboard("copied"), tea.RequestBackgroundColor, tea.RequestWindowSize, say("after", nil))}
	d := NewDriver(t, m, 80, 24)
	d.Send(tea.WindowSizeMsg{Width: 100, Height: 30})
	d.Press("x")
	d.WaitFor("the size and the last message", func() bool {
		return slices.Contains(m.got, "after") && slices.Contains(m.got[2:], "100x30")
	})
	if !slices.Equal(d.Clipboard(), []string{"copied"}) {
		t.Fatalf("clipboard = %q", d.Clipboard())
	}
}
