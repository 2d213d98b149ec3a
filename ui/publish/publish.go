// Package publish is the dashboard's new-version screen: a form of
// POST /projects/{projectId}/versions (channel, version, name, changelog,
// game versions, platforms, dependencies, files uploaded from disk or
// external URLs, the primary first), checked field by field with the
// API's own rules as the user types, then handed to the apply flow
// (ui/applyflow): preview of what is sent, the upload with a progress bar
// of bytes, rate and time left that esc cancels, and the result. A jar
// or zip added fills the fields the user has not typed from its own
// metadata (internal/artifact, as versions create --from), and a version
// string the project already has is told before the preview. The same
// form edits one version (EditFactory).
package publish

import (
	"context"
	"reflect"
	"slices"
	"time"

	"charm.land/bubbles/v2/filepicker"
	tea "charm.land/bubbletea/v2"

	"rdash/api"
	"rdash/internal/artifact"
	"rdash/internal/bulk"
	"rdash/internal/explain"
	"rdash/internal/safe"
	"rdash/ui/applyflow"
	"rdash/ui/common"
)

// Client is the part of the API client the screen uses; *api.Client
// satisfies it.
type Client interface {
	ListVersions(ctx context.Context, projectID string, opts *api.ListVersionsOptions) ([]api.Version, *api.Response, error)
	GetVersion(ctx context.Context, projectID, versionID string) (*api.Version, *api.Response, error)
	CreateVersion(ctx context.Context, projectID string, r *api.CreateVersionRequest) (*api.Version, *api.Response, error)
	UpdateVersion(ctx context.Context, projectID, versionID string, r *api.UpdateVersionRequest) (*api.Version, *api.Response, error)
	applyflow.AccessClient
}

// stage is where the screen is; past the form, the flow says where.
type stage int

const (
	stageForm      stage = iota
	stageChangelog       // the changelog editor
	stagePicker          // the file picker
	stageLogFile         // the changelog file's path
	stageApply           // the apply flow: preview, upload, result
)

// Model is the new-version screen.
type Model struct {
	common  common.Common
	client  Client
	ctx     context.Context
	cancel  context.CancelFunc
	keys    keyMap
	project common.ProjectRef
	stage   stage

	form     *form
	editor   common.ChangelogEditor
	picker   filepicker.Model
	channels []api.Channel // from a page of the project's versions
	game     []string      // game versions seen there, newest first
	sampling bool
	fileSeq  int
	pre      prefill // the form's jars read: the fields they fill
	log      logFile // the changelog file read: the section it gives
	scroll   int     // the form's first line shown
	wheeled  bool    // the wheel scrolled the form: it shows scroll, not the focus
	// guard asks before the draft is lost (esc, q, ctrl+c); sent is set
	// once the server took it, when there is nothing left to lose.
	guard applyflow.Guard
	sent  bool
	// lacks says what the signed-in user lacks for this change, when
	// known (applyflow.CheckAccess): the form says it before it is filled.
	lacks string

	// before is the version edited, as GET answered (nil: a new one).
	before  *api.Version
	editID  string // the version edited, until it is loaded
	loading bool
	loadErr error
	seq     int

	flow *applyflow.Flow
	task *task

	width, height int
}

// Factory returns what builds the screen for a project (route.NewVersion).
func Factory(cl Client) func(common.Common, common.ProjectRef) (common.Screen, error) {
	return func(c common.Common, p common.ProjectRef) (common.Screen, error) {
		return New(c, cl, p), nil
	}
}

// New returns the form of a new version of p.
func New(c common.Common, cl Client, p common.ProjectRef) *Model {
	ctx, cancel := context.WithCancel(c.Ctx)
	m := &Model{common: c, client: cl, ctx: ctx, cancel: cancel, keys: newKeyMap(), project: p,
		form: newForm(c.Styles), editor: common.NewChangelogEditor(c.Styles, changelogWords), sampling: true,
		pre: prefill{propose: artifact.Propose}, log: newLogFile(c.Styles)}
	m.flow = applyflow.New(ctx, c, applyflow.Options{Keys: m.keys.flow, Back: m.backToForm, Actions: m.actions,
		BackSays: "esc leaves"})
	return m
}

// sampleLoadedMsg carries a page of the project's versions: its channels
// and game versions are offered as choices. A failure only means fewer
// choices (the field still takes a typed slug).
type sampleLoadedMsg struct{ versions []api.Version }

const sampleSize = 100

func (m *Model) Init() tea.Cmd {
	ctx, c, p := m.ctx, m.client, m.project.Key()
	return tea.Batch(m.form.focusCmd(), m.load(), m.checkAccess(), func() tea.Msg {
		vs, _, _ := c.ListVersions(ctx, p, &api.ListVersionsOptions{Page: 1, PageSize: sampleSize})
		return sampleLoadedMsg{versions: vs}
	})
}

// checkAccess finds out, when it can, that the server will refuse the
// change whatever the form holds (the scope, the project's owner).
func (m *Model) checkAccess() tea.Cmd {
	a := applyflow.Access{Project: m.project, Scope: "project:version:create", What: "publish versions of it"}
	if m.editID != "" {
		a.Scope, a.What = "project:version:update", "edit its versions"
	}
	return applyflow.CheckAccess(m.ctx, m.common.Session, m.client, a)
}

// sampleLoaded offers the sample's channels and game versions, and reads
// the files chosen meanwhile again: a version's channel is one of the
// project's.
func (m *Model) sampleLoaded(msg sampleLoadedMsg) tea.Cmd {
	m.sampling = false
	for _, v := range msg.versions {
		if !slices.ContainsFunc(m.channels, func(c api.Channel) bool { return c.ID == v.Channel.ID }) {
			m.channels = append(m.channels, v.Channel)
		}
		for _, g := range v.MinecraftVersions {
			if g = safe.Line(g); g != "" && !slices.Contains(m.game, g) {
				m.game = append(m.game, g)
			}
		}
	}
	slices.SortFunc(m.game, func(a, b string) int { return common.NaturalCompare(b, a) })
	if m.form.inputs[fChannel].Value() == "" && len(m.channels) > 0 {
		m.form.inputs[fChannel].SetValue(safe.Line(m.defaultChannel().Slug))
		m.form.filled[fChannel] = m.form.inputs[fChannel].Value() // not the user's change
	}
	if m.pre.seq == 0 {
		return nil // nothing read yet
	}
	return m.read()
}

// defaultChannel is the project's default channel, else the newest
// version's.
func (m *Model) defaultChannel() api.Channel {
	if i := slices.IndexFunc(m.channels, func(c api.Channel) bool { return c.IsDefault }); i >= 0 {
		return m.channels[i]
	}
	return m.channels[0]
}

func (m *Model) slugs() []string {
	out := make([]string, len(m.channels))
	for i, c := range m.channels {
		out[i] = safe.Line(c.Slug)
	}
	return out
}

// backToForm leaves the preview for the form, as it was.
func (m *Model) backToForm() tea.Cmd {
	m.stage = stageForm
	return m.form.focusCmd()
}

// preview sends the form to the flow, or shows why it cannot go.
func (m *Model) preview() tea.Cmd {
	f := m.form
	if m.pre.reading != nil {
		m.pre.thenPreview = true
		return common.Status(m.readingWhat() + ": the preview follows, with what they fill")
	}
	f.tried = true
	if i, err := f.firstError(); err != nil {
		f.blur()
		f.focus = i
		return tea.Batch(f.focusCmd(), common.Status(err.Error()))
	}
	m.task = &task{client: m.client, project: m.project, req: f.request(), files: slices.Clone(f.files),
		styles: m.common.Styles, ran: m.ran, now: m.now, found: m.foundPublished}
	if m.before != nil {
		u := m.updateRequest()
		if reflect.ValueOf(*u).IsZero() {
			return common.Status("Nothing to send: no field is changed yet.")
		}
		if err := u.Validate(); err != nil {
			return common.Status(explain.Fields(err).Error())
		}
		m.task.update, m.task.before, m.task.channels = u, m.before, slices.Clone(m.channels)
		if c := m.common.Config; c != nil && c.Env.StateDir != "" {
			m.task.journal = &bulk.Journal{Dir: bulk.JournalDir(c.Env.StateDir)}
		}
	}
	var total int64
	for _, e := range f.files {
		total += e.size
	}
	m.task.up = common.NewMeter(m.now, total)
	m.stage = stageApply
	m.flow.Forget() // esc on this preview goes back to the form, not to an earlier result
	return m.flow.Start(m.task)
}

func (m *Model) now() time.Time {
	if m.common.Now != nil {
		return m.common.Now()
	}
	return time.Now()
}

// ran is told how a run ended, on the UI goroutine: a version the server
// took is told to every screen, so the list shows it, and leaves nothing
// to lose; a refusal keeps the draft and marks the field it names.
func (m *Model) ran(v *api.Version, err error) tea.Cmd {
	if err != nil {
		m.form.reject(err)
		return nil
	}
	m.sent = true
	changed := func() tea.Msg { return common.VersionsChangedMsg{Project: m.project.Key(), Updated: []api.Version{*v}} }
	if m.before != nil {
		return changed
	}
	return tea.Batch(changed, common.Status("published "+safe.Line(v.Version)+" to "+safe.Line(m.project.Key())))
}

// Title is the breadcrumb.
func (m *Model) Title() string {
	switch {
	case m.before != nil:
		return "edit " + safe.Line(m.before.Version)
	case m.editID != "":
		return "edit"
	}
	return "new version"
}

// Guards implements common.Guard: the draft, or a preview of it, an
// upload under way, or a draft the server refused, is not dropped by esc,
// q or ctrl+c without a second press.
func (m *Model) Guards(msg tea.KeyPressMsg) bool { return m.holding() && !m.guard.Passes(msg) }

// holding reports that leaving would lose what the user typed.
func (m *Model) holding() bool {
	switch {
	case m.sent:
		return false
	case m.stage == stageApply:
		return true // a preview, an upload, or a draft refused
	case m.editID != "" && m.before == nil:
		return false // nothing loaded, nothing typed
	}
	return m.form.dirty()
}

// what names the draft, for the guard's warning.
func (m *Model) what() string {
	if m.editID != "" {
		return "this edit"
	}
	return "this new version"
}

// Capturing: a text field of the form, the changelog editor, the file
// picker and the changelog file's path take every key but ctrl+c; elsewhere in the form (the files, the
// button) q and esc are the root's, which asks Guards first; the flow says
// for itself.
func (m *Model) Capturing() bool {
	switch m.stage {
	case stageApply:
		return m.flow.Capturing()
	case stageForm:
		return m.loaded() && isInput(m.form.focus)
	}
	return true
}

// loaded reports that the form is shown: a new version's always, an
// edit's once its version is read.
func (m *Model) loaded() bool { return m.editID == "" || m.before != nil }

// Busy names the upload, or what is being read.
func (m *Model) Busy() string {
	switch {
	case m.stage == stageApply:
		return m.flow.Busy()
	case m.pre.reading != nil:
		return m.readingWhat()
	case m.log.reading:
		return "reading the changelog file"
	case m.sampling:
		return "reading the channels of " + safe.Line(m.project.Key())
	}
	return ""
}

// SetSize gives the screen its room.
func (m *Model) SetSize(w, h int) {
	m.width, m.height = w, h
	for i := range m.form.inputs {
		common.SizeInput(&m.form.inputs[i], max(w-20, 10), m.form.placeholders[i])
	}
	m.log.input.SetWidth(max(w-labelWidth-2, 10))
	m.editor.SetSize(w, max(h-1, 1))
	m.picker.SetHeight(max(h-3, 3))
	m.flow.SetSize(w, h)
}

// Close cancels the screen's requests, an upload among them.
func (m *Model) Close() { m.cancel() }
