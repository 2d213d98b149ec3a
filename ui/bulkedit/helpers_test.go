package bulkedit

import (
	"context"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/exp/golden"

	"rdash/api"
	"rdash/api/sandbox"
	"rdash/internal/bulk"
	"rdash/ui/applyflow"
	"rdash/ui/common"
	"rdash/ui/internal/uitest"
	"rdash/ui/route"
)

// env is a bulk screen driven against a client, with its journal in a
// temporary state directory.
type env struct {
	t      *testing.T
	d      *uitest.Driver
	m      *Model
	client *recording
	state  string
	w, h   int
}

// recording passes calls to the client and records the bulk changes
// sent. When gate is set, bulk changes wait for it to close.
type recording struct {
	Client
	gate    chan struct{}
	mu      sync.Mutex
	patches []*api.BulkPatch
	updated [][]string
	deleted [][]string
}

func (r *recording) UpdateVersions(ctx context.Context, p string, ids []string, patch *api.BulkPatch) (*api.BulkResult, error) {
	r.mu.Lock()
	r.patches, r.updated = append(r.patches, patch), append(r.updated, ids)
	r.mu.Unlock()
	r.wait()
	return r.Client.UpdateVersions(ctx, p, ids, patch)
}

func (r *recording) DeleteVersions(ctx context.Context, p string, ids []string) (*api.BulkResult, error) {
	r.mu.Lock()
	r.deleted = append(r.deleted, ids)
	r.mu.Unlock()
	r.wait()
	return r.Client.DeleteVersions(ctx, p, ids)
}

func (r *recording) wait() {
	if r.gate != nil {
		<-r.gate
	}
}

// sent returns the patches sent and every ID they went to.
func (r *recording) sent() ([]*api.BulkPatch, []string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Clone(r.patches), slices.Concat(r.updated...)
}

// sandboxAs serves the sandbox and returns a client signed in as user
// that retries reads patiently (faults may be injected).
func sandboxAs(t *testing.T, user string, opts sandbox.Options) *api.Client {
	t.Helper()
	c, _ := uitest.SandboxWith(t, user, opts,
		api.WithRetryBackoff(time.Millisecond, 5*time.Millisecond, 2*time.Second), api.WithMaxRetries(10))
	return c
}

// versionsOf pages through the first n versions of project (all when n < 0).
func versionsOf(t *testing.T, c Client, project string, n int) []api.Version {
	t.Helper()
	var out []api.Version
	opts := &api.ListVersionsOptions{Page: 1, PageSize: 100}
	for n < 0 || len(out) < n {
		vs, resp, err := c.ListVersions(t.Context(), project, opts)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, vs...)
		if resp.NextPage == 0 {
			break
		}
		opts.Page = resp.NextPage
	}
	if n >= 0 {
		out = out[:n]
	}
	return out
}

// byVersion picks versions of project by their version strings.
func byVersion(t *testing.T, c Client, project string, names ...string) []api.Version {
	t.Helper()
	var out []api.Version
	all := versionsOf(t, c, project, -1)
	for _, n := range names {
		i := slices.IndexFunc(all, func(v api.Version) bool { return v.Version == n })
		if i < 0 {
			t.Fatalf("no version %s in %s", n, project)
		}
		out = append(out, all[i])
	}
	return out
}

// factory is Factory, DeleteFactory or UndoFactory: what builds a screen
// talking to a client, from its route's arguments A.
type factory[A any] func(Client) func(common.Common, A) (common.Screen, error)

// open builds the screen of f with args, talking to c, and drives it at
// w×h, with a journal of its own.
func open[A any](t *testing.T, c Client, f factory[A], args A, w, h int) *env {
	t.Helper()
	return openIn(t, t.TempDir(), c, f, args, w, h)
}

// openIn is open with the journal under the state directory state.
func openIn[A any](t *testing.T, state string, c Client, f factory[A], args A, w, h int) *env {
	t.Helper()
	rc, ok := c.(*recording)
	if !ok {
		rc = &recording{Client: c}
	}
	cm := uitest.Common(t)
	cm.Config.Env.StateDir = state
	s, err := f(rc)(cm, args)
	if err != nil {
		t.Fatal(err)
	}
	d := uitest.NewDriver(t, uitest.Screen{S: s}, w, h)
	return &env{t: t, d: d, m: s.(*Model), client: rc, state: cm.Config.Env.StateDir, w: w, h: h}
}

func selection(project string, vs []api.Version, hidden int) route.SelectionArgs {
	return route.SelectionArgs{Project: common.ProjectRef{Slug: project}, Versions: vs, Hidden: hidden}
}

// openEdit opens the bulk edit form on vs and waits for their current
// values and the project's channels.
func openEdit(t *testing.T, c Client, project string, vs []api.Version, w, h int) *env {
	t.Helper()
	e := open(t, c, Factory, selection(project, vs, 0), w, h)
	e.settle()
	return e
}

// settle waits until the screen reads nothing.
func (e *env) settle() {
	e.t.Helper()
	e.d.WaitFor("the screen to settle", func() bool { return e.m.Busy() == "" && e.m.stage != stageLoading })
}

// check runs the checks every screen must pass on what is shown now.
func (e *env) check() {
	e.t.Helper()
	uitest.RequireFits(e.t, e.d.Screen(), e.w, e.h)
	uitest.RequireTerminalSafe(e.t, e.d.Raw())
}

// focus presses tab or shift+tab (↓ where tab completes a game version)
// until t has the focus.
func (e *env) focus(t target) {
	e.t.Helper()
	for range 200 {
		ts := e.m.form.targets()
		at, want := slices.Index(ts, e.m.form.focus), slices.Index(ts, t)
		switch {
		case at == want:
			return
		case want >= 0 && want < at:
			e.d.Send(shiftTab())
		default:
			e.d.Press("tab")
			if slices.Index(e.m.form.targets(), e.m.form.focus) == at {
				e.d.Press("down")
			}
		}
	}
	e.t.Fatalf("cannot reach %+v by keys; focus is on %+v", t, e.m.form.focus)
}

// flat is the screen with every run of spaces and newlines as one space,
// for text that may wrap.
func (e *env) flat() string { return strings.Join(strings.Fields(e.d.Screen()), " ") }

// choose cycles the choice at t with → until it shows want.
func (e *env) choose(t target, want string) {
	e.t.Helper()
	e.focus(t)
	for range 20 {
		if e.choiceValue(t) == want {
			return
		}
		e.d.Press("right")
	}
	e.t.Fatalf("choice %+v never showed %q", t, want)
}

func (e *env) choiceValue(t target) string {
	f := e.m.form
	switch {
	case t.field == fieldChannel && f.chanTyped:
		return typedChoice
	case t.field == fieldChannel && f.channel == 0:
		return "keep"
	case t.field == fieldChannel:
		return f.channels[f.channel-1].Slug
	case t.field == fieldName:
		return setOrKeep(f.nameSet)
	case t.field == fieldChangelog:
		return setOrKeep(f.logSet)
	case t.field == fieldGame:
		return modes[f.game.mode]
	case t.field == fieldPlatforms:
		return modes[f.plat.mode]
	case t.part == partDepType:
		return f.deps.types[f.deps.row(t).typ]
	case t.part == partDepKind:
		return depKinds[f.deps.row(t).kind]
	}
	return modes[f.deps.mode]
}

// typeInto focuses the input at t, clears it and types s.
func (e *env) typeInto(t target, s string) {
	e.t.Helper()
	e.focus(t)
	for range len([]rune(e.m.form.inputAt(t).Value())) + 1 {
		e.d.Press("backspace")
	}
	e.d.Type(s)
}

// preview presses the form's Preview button and waits for the plan.
func (e *env) preview() {
	e.t.Helper()
	e.focus(target{field: fieldButton})
	e.d.Press("enter")
	e.d.WaitFor("the preview", func() bool { return e.at(applyflow.StagePreview) && e.plan() != nil })
}

// results waits for the run to end.
func (e *env) results() {
	e.t.Helper()
	e.d.WaitFor("the results", func() bool { return e.at(applyflow.StageResults) })
}

// at reports that the screen shows the apply flow at stage s.
func (e *env) at(s applyflow.Stage) bool { return e.m.stage == stageApply && e.m.flow.Stage() == s }

// plan is the plan the flow previews, or nil.
func (e *env) plan() *plan {
	p, _ := e.m.flow.Plan().(*plan)
	return p
}

func shiftTab() tea.KeyPressMsg { return tea.KeyPressMsg{Code: tea.KeyTab, Mod: tea.ModShift} }

// journalFiles lists the journal's entries.
func (e *env) journalFiles() []string {
	des, err := os.ReadDir(bulk.JournalDir(e.state))
	if err != nil {
		return nil
	}
	var out []string
	for _, de := range des {
		out = append(out, de.Name())
	}
	return out
}

// current reads a version from the server.
func current(t *testing.T, c Client, project, id string) api.Version {
	t.Helper()
	v, _, err := c.GetVersion(t.Context(), project, id)
	if err != nil {
		t.Fatalf("reading %s: %v", id, err)
	}
	return *v
}

// changedMsgs are the VersionsChangedMsgs the screen sent.
func (e *env) changedMsgs() []common.VersionsChangedMsg {
	var out []common.VersionsChangedMsg
	for _, msg := range e.d.Seen {
		if c, ok := msg.(common.VersionsChangedMsg); ok {
			out = append(out, c)
		}
	}
	return out
}

// pin checks the screen and compares it with its golden file, in a
// subtest of t named name; e then reports to t again.
func (e *env) pin(t *testing.T, name string) {
	t.Helper()
	t.Run(name, func(t *testing.T) {
		e.t = t
		e.check()
		golden.RequireEqual(t, e.d.Screen())
	})
	e.t = t
}
