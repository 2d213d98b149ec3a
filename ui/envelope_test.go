package ui

import (
	"errors"
	"reflect"
	"slices"
	"sync"
	"testing"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"rdash/ui/common"
)

// probeMsg is the reply every probe awaits: two probes on the stack wait
// on the same message type.
type probeMsg struct{ from string }

// probe is a screen whose Init runs its command: a reply, after release
// is closed when one is given, or an error to report.
type probe struct {
	name    string
	release chan struct{}
	fail    error

	mu   sync.Mutex
	seen []string
}

func (p *probe) Init() tea.Cmd {
	return func() tea.Msg {
		if p.release != nil {
			<-p.release
		}
		if p.fail != nil {
			return common.ErrorMsg{Err: p.fail, Context: "probing " + p.name}
		}
		return probeMsg{from: p.name}
	}
}

func (p *probe) Update(msg tea.Msg) (common.Screen, tea.Cmd) {
	if msg, ok := msg.(probeMsg); ok {
		p.mu.Lock()
		p.seen = append(p.seen, msg.from)
		p.mu.Unlock()
	}
	return p, nil
}

func (p *probe) got() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return slices.Clone(p.seen)
}

func (p *probe) View() string              { return "probe " + p.name }
func (p *probe) SetSize(int, int)          {}
func (p *probe) Title() string             { return p.name }
func (p *probe) Capturing() bool           { return false }
func (p *probe) Busy() string              { return "" }
func (p *probe) ShortHelp() []key.Binding  { return nil }
func (p *probe) FullHelp() [][]key.Binding { return nil }
func (p *probe) Close()                    {}

const probeRoute common.Route[*probe] = "probe"

func withProbes(reg *common.Registry) {
	common.Register(reg, probeRoute, func(_ common.Common, p *probe) (common.Screen, error) { return p, nil })
}

func TestRepliesReachOnlyTheScreenThatAsked(t *testing.T) {
	t.Parallel()
	d, m := start(t, setup{routes: withProbes})
	d.WaitForText("YOUR PROJECTS")
	first := &probe{name: "first", release: make(chan struct{})}
	second := &probe{name: "second"}
	d.Send(common.OpenMsg{Route: probeRoute.Key(), Args: first})
	d.Send(common.OpenMsg{Route: probeRoute.Key(), Args: second})
	d.WaitFor("the second probe's reply", func() bool { return len(second.got()) > 0 })
	close(first.release) // the first probe, now hidden, gets its reply
	d.WaitFor("the first probe's reply", func() bool { return len(first.got()) > 0 })
	d.Send(probeMsg{from: "nobody"}) // unaddressed: the focused screen only
	if got := first.got(); !slices.Equal(got, []string{"first"}) {
		t.Errorf("the first probe saw %v", got)
	}
	if got := second.got(); !slices.Equal(got, []string{"second", "nobody"}) {
		t.Errorf("the second probe saw %v", got)
	}
	if len(m.stack) != 3 {
		t.Fatalf("stack of %d screens", len(m.stack))
	}
}

func TestAScreenThatLeftReportsNothing(t *testing.T) {
	t.Parallel()
	d, m := start(t, setup{routes: withProbes})
	d.WaitForText("YOUR PROJECTS")
	gone := &probe{name: "gone", release: make(chan struct{}), fail: errors.New("disk full")}
	d.Send(common.OpenMsg{Route: probeRoute.Key(), Args: gone})
	d.Press("esc")
	close(gone.release)
	d.WaitFor("the probe's error to come back", func() bool {
		for _, msg := range d.Seen {
			if e, ok := msg.(envelope); ok {
				if _, isErr := e.msg.(common.ErrorMsg); isErr {
					return true
				}
			}
		}
		return false
	})
	if m.panel != nil || m.status.View() != "" {
		t.Fatalf("a screen that left reported: %q", m.status.View())
	}
}

func TestOwnKeepsBatchesSequencesAndRuntimeMessages(t *testing.T) {
	t.Parallel()
	reply := func(s string) tea.Cmd { return func() tea.Msg { return probeMsg{from: s} } }
	addressed := func(t *testing.T, cmd tea.Cmd, want string) {
		t.Helper()
		e, ok := cmd().(envelope)
		if !ok || e.from != 7 || e.msg != (probeMsg{from: want}) {
			t.Fatalf("got %#v, want %q addressed to 7", e, want)
		}
	}
	batch, ok := own(7, tea.Batch(reply("a"), reply("b")))().(tea.BatchMsg)
	if !ok || len(batch) != 2 {
		t.Fatalf("a batch became %T", batch)
	}
	addressed(t, batch[0], "a")
	addressed(t, batch[1], "b")

	seq := tea.Sequence(reply("c"), reply("d"))()
	got := own(7, tea.Sequence(reply("c"), reply("d")))()
	if reflect.TypeOf(got) != reflect.TypeOf(seq) {
		t.Fatalf("a sequence became %T", got)
	}
	cmds, _ := common.Sequence(got)
	addressed(t, cmds[0], "c")
	addressed(t, cmds[1], "d")

	for _, cmd := range []tea.Cmd{tea.Quit, tea.SetClipboard("x"), tea.RequestBackgroundColor, tea.RequestWindowSize, tea.Println("x")} {
		if msg := own(7, cmd)(); reflect.TypeOf(msg) == reflect.TypeFor[envelope]() {
			t.Errorf("%T was addressed to a screen", cmd())
		}
	}
	e := own(7, common.ReportError(errors.New("x"), "", reply("again")))().(envelope)
	addressed(t, e.msg.(common.ErrorMsg).Retry, "again")
}
