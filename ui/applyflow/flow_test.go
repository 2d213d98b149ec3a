package applyflow

import (
	"context"
	"errors"
	"slices"
	"strings"
	"sync"
	"testing"
	"unicode"

	tea "charm.land/bubbletea/v2"

	"rdash/ui/internal/uitest"
)

// fake is a screen's side of the flow: a task whose plan sends three
// versions; those in fail do not end as intended on their first run.
type fake struct {
	confirm Confirm
	header  string        // a line under the preview's title
	planErr error         // the first plan fails with it
	gate    chan struct{} // when set, a run waits for it after its first count; buffered, so a test never blocks

	mu      sync.Mutex
	fail    map[string]bool // fail once, as a lost request does: a retry may mend them
	refuse  map[string]bool // refused every time: a retry cannot mend them
	plans   int
	runs    [][]string // the IDs each run sent
	retried []map[string]bool
	then    int // reports whose Then ran
	back    int // esc on the preview, as the screen hears it
}

func (f *fake) Plan(context.Context) (Plan, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.plans++; f.plans == 1 && f.planErr != nil {
		return nil, f.planErr
	}
	return fakePlan{f}, nil
}

func (f *fake) Waiting() Preview {
	return Preview{Header: []string{"Sending"}, Lines: []string{"Reading the things…"}}
}

func (f *fake) Planned(Plan) tea.Cmd { return nil }

type fakePlan struct{ f *fake }

func (p fakePlan) Preview(int) Preview {
	head := []string{"Send 3 versions"}
	if p.f.header != "" {
		head = append(head, p.f.header)
	}
	return Preview{Header: head, Lines: []string{"A  first", "B  second", "C  third"},
		Enter: "enter sends them · esc goes back"}
}

func (p fakePlan) Confirm() Confirm { return p.f.confirm }

func (p fakePlan) Job() Job { return fakeJob{f: p.f, ids: []string{"A", "B", "C"}, verb: "sending"} }

type fakeJob struct {
	f    *fake
	ids  []string
	verb string
}

func (j fakeJob) Size() int { return len(j.ids) }

func (j fakeJob) Words() Words {
	return Words{Verb: j.verb, Of: "thing", Sent: "noted first", Results: "Sent", Record: "log"}
}

func (j fakeJob) Start() (Run, error) {
	return func(_ context.Context, progress func(int)) Report {
		progress(1)
		if j.f.gate != nil {
			<-j.f.gate
		}
		j.f.mu.Lock()
		defer j.f.mu.Unlock()
		j.f.runs = append(j.f.runs, j.ids)
		var r Report
		r.Record = []string{"entry" + string(rune('0'+len(j.f.runs)))}
		for _, id := range j.ids {
			o := Outcome{ID: id, Name: "v" + id, Status: "sent"}
			switch {
			case j.f.fail[id]:
				o = Outcome{ID: id, Name: "v" + id, Status: "not sent", Failed: true, Retry: true, Error: "lost: " + id}
				delete(j.f.fail, id)
			case j.f.refuse[id]:
				o = Outcome{ID: id, Name: "v" + id, Status: "refused", Failed: true, Error: "refused: " + id, Fix: "rename " + id}
			}
			r.Outcomes = append(r.Outcomes, o)
		}
		r.Then = func() tea.Cmd { j.f.then++; return nil }
		return r
	}, nil
}

func (j fakeJob) Retry(failed map[string]bool) Job {
	j.f.mu.Lock()
	j.f.retried = append(j.f.retried, failed)
	j.f.mu.Unlock()
	var ids []string
	for _, id := range j.ids {
		if failed[id] {
			ids = append(ids, id)
		}
	}
	return fakeJob{f: j.f, ids: ids, verb: "retrying"}
}

// host drives a flow as a screen would; startMsg starts a task.
type host struct{ f *Flow }

type startMsg struct{ t Task }

func (h host) Init() tea.Cmd { return h.f.Init() }

func (h host) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		h.f.SetSize(msg.Width, msg.Height)
		return h, nil
	case startMsg:
		return h, h.f.Start(msg.t)
	}
	return h, h.f.Update(msg)
}

func (h host) View() tea.View { return tea.NewView(h.f.View()) }

func open(t *testing.T, f *fake, o Options) (*Flow, *uitest.Driver) {
	t.Helper()
	if o.Keys.Submit.Keys() == nil {
		o.Keys = DefaultKeyMap()
	}
	fl := New(t.Context(), uitest.Common(t), o)
	d := uitest.NewDriver(t, host{fl}, 80, 24)
	d.Send(startMsg{f})
	return fl, d
}

// TestTypedRunProgressFailureRetry types the answer, watches the run's
// count, finds one version failed, and retries that one alone.
func TestTypedRunProgressFailureRetry(t *testing.T) {
	t.Parallel()
	f := &fake{confirm: Confirm{Answer: "3", Prompt: "Type 3 to send: ", Wrong: "Type 3, or esc."},
		fail: map[string]bool{"B": true}, gate: make(chan struct{}, 2)}
	fl, d := open(t, f, Options{Typing: &Typing{Limit: 3, Accept: unicode.IsDigit, Verb: "send"}})
	d.WaitForText("Type 3 to send:")
	if !fl.Capturing() {
		t.Fatal("the typed field must keep q and esc")
	}
	d.Type("q2")
	if fl.Typed() != "2" {
		t.Fatalf("typed %q; only digits belong there", fl.Typed())
	}
	d.Press("enter")
	if fl.Stage() != StagePreview || !strings.Contains(d.Screen(), "Type 3, or esc.") || len(f.runs) != 0 {
		t.Fatalf("a wrong answer went on:\n%s", d.Screen())
	}
	d.Press("backspace")
	d.Type("3")
	d.Press("enter")
	d.WaitForText("1 of 3 sent · noted first")
	if fl.Stage() != StageRunning || fl.Busy() != "sending: 3 versions of thing" || !strings.Contains(d.Screen(), "Sending: 3 versions of thing") {
		t.Fatalf("running (busy %q):\n%s", fl.Busy(), d.Screen())
	}
	d.Press("esc")
	if fl.Stage() != StageRunning || !strings.Contains(d.Screen(), "Versions are being changed") {
		t.Fatalf("esc while running:\n%s", d.Screen())
	}
	f.gate <- struct{}{}
	d.WaitFor("the results", func() bool { return fl.Stage() == StageResults })
	screen := d.Screen()
	for _, want := range []string{"Sent: 3 versions of thing", "2 sent · 1 not sent", "log: entry1", "✗ not sent     vB",
		"lost: B", "r sends the 1 version that may go through again"} {
		if !strings.Contains(screen, want) {
			t.Fatalf("no %q in the results:\n%s", want, screen)
		}
	}
	if lines := strings.Split(screen, "\n"); !strings.Contains(lines[4], "vB") {
		t.Fatalf("the failed version is not listed first:\n%s", screen)
	}
	if f.then != 1 || !slices.Equal(keys(fl.Retryable()), []string{"B"}) {
		t.Fatalf("Then ran %d times; retryable %v", f.then, fl.Retryable())
	}

	d.Press("r")
	d.WaitForText("1 of 1 sent")
	if !strings.Contains(d.Screen(), "Retrying: 1 version of thing") {
		t.Fatalf("retrying:\n%s", d.Screen())
	}
	f.gate <- struct{}{}
	d.WaitFor("the retry's results", func() bool { return fl.Stage() == StageResults })
	if !slices.Equal(f.runs[1], []string{"B"}) || len(f.retried) != 1 || !f.retried[0]["B"] || len(f.retried[0]) != 1 {
		t.Fatalf("retry sent %v (failed %v), want B alone", f.runs, f.retried)
	}
	screen = d.Screen()
	if !strings.Contains(screen, "3 sent") || strings.Contains(screen, "not sent") || strings.Contains(screen, "r sends") ||
		!strings.Contains(screen, "log: entry1, entry2") || len(fl.Outcomes()) != 3 {
		t.Fatalf("after the retry:\n%s", screen)
	}
	d.Press("r")
	if len(f.runs) != 2 || fl.Stage() != StageResults {
		t.Fatal("r retried with nothing failed")
	}
	uitest.RequireFits(t, screen, 80, 24)
}

func sizeMsg(w, h int) tea.WindowSizeMsg { return tea.WindowSizeMsg{Width: w, Height: h} }

func keys(m map[string]bool) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// TestQuestionPlanErrorAndBack: a plan that fails says so and r makes it
// again; a question starts on Cancel; esc goes to the screen's Back, and,
// once results exist, back to them.
func TestQuestionPlanErrorAndBack(t *testing.T) {
	t.Parallel()
	f := &fake{confirm: Confirm{Question: "Send 3 versions?", Yes: "Send"}, planErr: errors.New("no network")}
	fl, d := open(t, f, Options{Back: func() tea.Cmd { f.back++; return nil }})
	d.WaitForText("Nothing was sent. r tries again")
	d.Press("enter")
	if fl.Stage() != StagePreview || fl.Asking() {
		t.Fatal("enter went on without a plan")
	}
	d.Press("r")
	d.WaitForText("enter sends them · esc goes back")
	d.Press("esc")
	if f.back != 1 {
		t.Fatal("esc on the preview did not go to the screen's Back")
	}
	d.Press("enter")
	if !fl.Asking() || fl.Sure() || !strings.Contains(d.Screen(), "Send 3 versions?\n[ Cancel ] [ Send ]") {
		t.Fatalf("no question, or not on Cancel:\n%s", d.Screen())
	}
	d.Press("enter")
	if fl.Asking() || fl.Stage() != StagePreview || len(f.runs) != 0 {
		t.Fatal("enter on Cancel did not cancel")
	}
	d.Press("enter", "right", "enter")
	d.WaitFor("the results", func() bool { return fl.Stage() == StageResults })
	if !strings.Contains(d.Screen(), "3 sent") || fl.Capturing() {
		t.Fatalf("results:\n%s", d.Screen())
	}
	d.Send(startMsg{f})
	d.WaitForText("Send 3 versions")
	d.Press("esc")
	if fl.Stage() != StageResults || f.back != 1 {
		t.Fatalf("esc on a preview opened from results did not go back to them (back %d)", f.back)
	}
}

// TestRepliesOfAnotherFlowAreDropped: a plan made for one flow does not
// show in another, even one waiting for a plan of the same number.
func TestRepliesOfAnotherFlowAreDropped(t *testing.T) {
	t.Parallel()
	fl, d := open(t, &fake{planErr: errors.New("no network")}, Options{})
	d.WaitForText("No network.")
	other := New(t.Context(), uitest.Common(t), Options{Keys: DefaultKeyMap()})
	d.Send(other.Start(&fake{})())
	if fl.Plan() != nil || !strings.Contains(d.Screen(), "No network.") {
		t.Fatalf("another flow's reply changed this one:\n%s", d.Screen())
	}
}
