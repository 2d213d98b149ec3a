// Package download is the dashboard's download screen: one version's
// files, the primary first; the one chosen is saved into a directory
// (the current one unless another is typed) with a progress bar of bytes,
// rate and time left, verified against the strongest checksum the
// service gives (savefile), and written as NAME.part until it is complete
// and verified, so a partial file never has the final name. An external file's URL is shown
// (and may be copied), never fetched.
package download

import (
	"context"
	"errors"
	"io"
	"path/filepath"
	"time"

	"charm.land/bubbles/v2/progress"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"rdash/api"
	"rdash/internal/safe"
	"rdash/internal/savefile"
	"rdash/ui/clipboard"
	"rdash/ui/common"
	"rdash/ui/route"
)

// Client is the part of the API client the screen uses; *api.Client
// satisfies it.
type Client interface {
	GetVersion(ctx context.Context, projectID, versionID string) (*api.Version, *api.Response, error)
	Download(ctx context.Context, projectID, versionID, fileID string) (io.ReadCloser, *api.Response, error)
}

// stage is where the screen is.
type stage int

const (
	stageChoose stage = iota // the files, and the directory
	stageRunning
	stageExists // the file is there already: overwrite, keep both, or not
	stageDone
)

// Model is the download screen.
type Model struct {
	common  common.Common
	client  Client
	ctx     context.Context
	cancel  context.CancelFunc
	keys    keyMap
	project common.ProjectRef
	version api.Version
	stage   stage

	loading  bool
	loadErr  error
	seq      int
	chosen   int
	dirFocus bool
	dir      textinput.Model

	run  *transfer
	stop context.CancelFunc
	// cancelling is set once esc cancelled the download, until it ends.
	cancelling bool
	// fetched is closed when the download's command has returned, its
	// NAME.part removed; Close waits for it (see closeWait).
	fetched chan struct{}
	tick    int
	bar     progress.Model
	saved   string // where the file was saved
	outcome string // what the run did, said in full
	failed  bool
	// exists is the file in the way of a download, and free where keeping
	// both would save it (stageExists).
	exists, free string

	width, height int
}

// Factory returns what builds the screen for route.Download.
func Factory(cl Client) func(common.Common, route.DetailArgs) (common.Screen, error) {
	return func(c common.Common, a route.DetailArgs) (common.Screen, error) {
		return New(c, cl, a), nil
	}
}

// New returns the download screen of a.Version.
func New(c common.Common, cl Client, a route.DetailArgs) *Model {
	ctx, cancel := context.WithCancel(c.Ctx)
	m := &Model{common: c, client: cl, ctx: ctx, cancel: cancel, keys: newKeyMap(), project: a.Project,
		version: a.Version, bar: progress.New(progress.WithWidth(40))}
	m.dir = common.NewInput(c.Styles, "", "the current directory", 4096)
	m.dir.SetValue(".")
	m.sortFiles()
	return m
}

// sortFiles puts the primary file first, and the cursor on it.
func (m *Model) sortFiles() {
	m.version.Files = common.PrimaryFirst(m.version.Files)
	m.chosen = 0
}

// versionLoadedMsg carries the version with its files.
type versionLoadedMsg struct {
	seq int
	v   *api.Version
	err error
}

// Init reads the version's files when the list did not have them.
func (m *Model) Init() tea.Cmd {
	if len(m.version.Files) > 0 {
		return nil
	}
	return m.load()
}

func (m *Model) load() tea.Cmd {
	m.seq++
	m.loading, m.loadErr = true, nil
	ctx, c, p, id, seq := m.ctx, m.client, m.project.Key(), m.version.ID, m.seq
	return func() tea.Msg {
		v, _, err := c.GetVersion(ctx, p, id)
		return versionLoadedMsg{seq: seq, v: v, err: err}
	}
}

// reloadMsg asks the screen to read the files again: the retry of the
// error panel. The retry is this message, not load's command, which would
// start a read (and hide the error) the moment it was made.
type reloadMsg struct{}

func reload() tea.Msg { return reloadMsg{} }

// transfer follows one download's bytes, from the goroutine copying.
type transfer struct {
	*common.Meter
	name string // the file's, safe for the terminal
}

// savedMsg is how a download ended.
type savedMsg struct {
	run  *transfer
	dest string
	n    int64
	note string // what was checked (savefile.Note)
	err  error
}

// start downloads the chosen file into the directory typed; mode says
// what to do with a file there already.
func (m *Model) start(mode saveMode) tea.Cmd {
	if m.chosen >= len(m.version.Files) {
		return nil
	}
	f := m.version.Files[m.chosen]
	if f.ExternalURL != "" {
		// clipboard.Copy says what became of the copy: OSC 52 is never
		// confirmed, and tmux drops it unless its buffer is used.
		return clipboard.Copy(m.common.Config, safe.Line(f.ExternalURL), "the URL of the external file (not fetched)")
	}
	ctx, stop := context.WithCancel(m.ctx)
	now := m.common.Now
	if now == nil {
		now = time.Now
	}
	run := &transfer{Meter: common.NewMeter(now, f.Size), name: safe.Line(f.Name)}
	run.StartNow()
	m.run, m.stop, m.stage, m.failed, m.outcome, m.cancelling = run, stop, stageRunning, false, "", false
	c, p, vid, dir := m.client, m.project.Key(), m.version.ID, m.dir.Value()
	want, _ := f.StrongestChecksum()
	fetched := make(chan struct{})
	m.fetched = fetched
	opts := savefile.Options{Want: want, Force: mode == modeOverwrite, KeepBoth: mode == modeKeepBoth}
	fetch := func() tea.Msg {
		defer close(fetched) // last: after savefile.Save has removed the .part
		defer stop()
		dest, err := savefile.Destination(common.ExpandHome(dir), f) // ~ as the publish screen reads it
		switch {
		case errors.Is(err, savefile.ErrExists) && mode == modeAsk:
			return existsMsg{run: run, dest: dest, free: savefile.FreeSibling(dest)}
		case err != nil && !errors.Is(err, savefile.ErrExists):
			return savedMsg{run: run, err: err}
		}
		body, _, err := c.Download(ctx, p, vid, f.ID)
		if err != nil {
			return savedMsg{run: run, dest: dest, err: err}
		}
		defer body.Close()
		res, err := savefile.Save(dest, &counter{r: body, ctx: ctx, p: run}, opts)
		if errors.Is(err, savefile.ErrExists) && mode == modeAsk { // made meanwhile
			return existsMsg{run: run, dest: dest, free: savefile.FreeSibling(dest)}
		}
		return savedMsg{run: run, dest: res.Path, n: res.N, note: savefile.Note(f, res.Checked), err: err}
	}
	return tea.Batch(fetch, m.nextTick())
}

// tickMsg redraws the progress; seq names the tick awaited.
type tickMsg struct{ seq int }

func (m *Model) nextTick() tea.Cmd {
	m.tick++
	seq := m.tick
	return tea.Tick(200*time.Millisecond, func(time.Time) tea.Msg { return tickMsg{seq: seq} })
}

// Update handles keys and replies.
func (m *Model) Update(msg tea.Msg) (common.Screen, tea.Cmd) {
	switch msg := msg.(type) {
	case versionLoadedMsg:
		if msg.seq != m.seq {
			return m, nil
		}
		m.loading = false
		if msg.err != nil {
			m.loadErr = msg.err
			return m, common.ReportError(msg.err, "loading the files of "+safe.Line(m.version.Version), reload)
		}
		m.version = *msg.v
		m.sortFiles()
		return m, nil
	case reloadMsg:
		return m, m.load()
	case savedMsg:
		return m, m.finished(msg)
	case existsMsg:
		m.askExists(msg)
		return m, nil
	case tickMsg:
		if msg.seq == m.tick && m.stage == stageRunning {
			return m, m.nextTick()
		}
		return m, nil
	case common.ThemeMsg:
		m.common.Styles = msg.Styles
		m.dir = common.StyleInput(m.dir, msg.Styles)
		return m, nil
	case tea.KeyPressMsg:
		return m, m.key(msg)
	case tea.MouseMsg:
		m.mouse(msg)
		return m, nil
	}
	if m.dirFocus {
		var cmd tea.Cmd
		m.dir, cmd = m.dir.Update(msg)
		return m, cmd
	}
	return m, nil
}

func (m *Model) finished(msg savedMsg) tea.Cmd {
	if msg.run != m.run {
		return nil
	}
	m.stage = stageDone
	if msg.err != nil {
		m.failed = true
		why := common.Describe(msg.err).Text()
		if m.ctx.Err() == nil && msg.run != nil && errorsIsCanceled(msg.err) {
			why = "Cancelled; nothing was saved and no .part is left."
		}
		m.outcome = why
		return nil
	}
	m.saved = msg.dest
	m.outcome = "Saved " + safe.Line(filepath.Base(msg.dest)) + " (" + common.Bytes(msg.n) + ", " + msg.note + ")\n" +
		"into " + safe.Line(filepath.Dir(msg.dest))
	return common.Status("saved " + safe.Line(msg.dest))
}

// Title is the breadcrumb.
func (m *Model) Title() string { return "download " + safe.Line(m.version.Version) }

// Capturing: the directory field takes q; a download keeps esc, and so
// does the question about a file already there (esc answers it).
func (m *Model) Capturing() bool {
	return m.dirFocus && m.stage == stageChoose || m.stage == stageRunning || m.stage == stageExists
}

// Busy names the download going.
func (m *Model) Busy() string {
	switch {
	case m.stage == stageRunning:
		return "downloading " + m.run.name
	case m.loading:
		return "loading the files of " + safe.Line(m.version.Version)
	}
	return ""
}

// SetSize gives the screen its room.
func (m *Model) SetSize(w, h int) {
	m.width, m.height = w, h
	m.dir.SetWidth(max(w-18, 10))
	m.bar.SetWidth(max(min(w-4, 60), 10))
}

// closeWait bounds how long Close waits for a cancelled download to
// remove its .part.
const closeWait = 2 * time.Second

// Close cancels the screen's requests, a download among them, and waits
// (at most closeWait) until the download has removed its NAME.part:
// bubbletea does not wait for running commands, so on ctrl+c the process
// could exit first, leave the .part and refuse the next try.
func (m *Model) Close() {
	m.cancel()
	if m.fetched == nil {
		return
	}
	t := time.NewTimer(closeWait)
	defer t.Stop()
	select {
	case <-m.fetched:
	case <-t.C:
	}
}
