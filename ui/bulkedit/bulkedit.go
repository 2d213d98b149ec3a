// Package bulkedit is the dashboard's bulk screens: the bulk edit form of
// PATCH /projects/{projectId}/versions, the deletion of several versions,
// and the undo of the last edit. Each hands the apply flow
// (ui/applyflow) a task: the versions' current values are read, the flow
// previews exactly the versions sent, asks, applies through bulk.Runner
// (journal first, progress bar) and shows per-version results, with a
// retry of those that did not end as intended. What is left here is each
// screen's own: the edit form and changelog editor, the typed count of a
// deletion, the journal read of an undo.
package bulkedit

import (
	"context"
	"errors"
	"unicode"

	tea "charm.land/bubbletea/v2"

	"rdash/api"
	"rdash/internal/bulk"
	"rdash/ui/applyflow"
	"rdash/ui/common"
	"rdash/ui/route"
)

// Client is the part of the API client the bulk screens use: the
// runner's writes and the reads of current values and choices.
type Client interface {
	bulk.Client
	bulk.Reader
	applyflow.AccessClient
	bulk.Splitter
	ProjectFinder
}

// kind is what a screen, or a step of it, does to versions.
type kind int

const (
	kindEdit kind = iota
	kindDelete
	kindUndo
)

// stage is where the screen is; past the form, the flow says where.
type stage int

const (
	stageLoading   stage = iota // undo: reading the journal
	stageForm                   // edit: choosing the changes
	stageChangelog              // edit: the changelog editor
	stageApply                  // the apply flow: preview, run, results
)

// Model is a bulk screen: edit, delete or undo, by how it was opened.
type Model struct {
	common  common.Common
	client  Client
	ctx     context.Context
	cancel  context.CancelFunc
	keys    keyMap
	project common.ProjectRef
	kind    kind
	stage   stage

	selection []api.Version // as the list had them, in marking order
	hidden    int           // how many of them the list's filter hides
	sampling  bool          // the project's channels and game versions are being read

	form   *form
	editor common.ChangelogEditor
	notice string // a line under the form's title: why enter did nothing
	// guard asks before the edit chosen is dropped (esc, q, ctrl+c).
	guard applyflow.Guard
	// lacks says what the signed-in user lacks for this change, when
	// known (applyflow.CheckAccess).
	lacks string
	// formScroll is the form's first line shown; kept apart so the
	// form is where it was after a look at the preview.
	formScroll int

	flow    *applyflow.Flow
	reading int           // how many versions the task in the flow reads
	entries []*bulk.Entry // edits made here that sent something, newest last
	updated bool          // one of them updated a version
	undone  bool          // they were undone

	width, height int
}

// Factory returns what builds the bulk edit screen for route.BulkEdit,
// talking to cl.
func Factory(cl Client) func(common.Common, route.SelectionArgs) (common.Screen, error) {
	return func(c common.Common, a route.SelectionArgs) (common.Screen, error) {
		if len(a.Versions) == 0 {
			return nil, errors.New("bulk edit: no versions selected")
		}
		m := newModel(c, cl, a.Project, kindEdit)
		m.selection, m.hidden, m.stage = a.Versions, a.Hidden, stageForm
		m.form = newForm(c.Styles, bulk.Channels(a.Versions), gameVersions(a.Versions))
		m.flow = applyflow.New(m.ctx, c, applyflow.Options{Keys: m.keys.flow, Back: m.backToForm, Actions: m.actions})
		return m, nil
	}
}

// DeleteFactory returns what builds the delete screen for route.Delete,
// talking to cl.
func DeleteFactory(cl Client) func(common.Common, route.SelectionArgs) (common.Screen, error) {
	return func(c common.Common, a route.SelectionArgs) (common.Screen, error) {
		if len(a.Versions) == 0 {
			return nil, errors.New("delete: no versions selected")
		}
		m := newModel(c, cl, a.Project, kindDelete)
		m.selection, m.hidden, m.stage = a.Versions, a.Hidden, stageApply
		// The count typed is the delete screen's second yes: digits only,
		// so q and letters neither type nor quit.
		typing := &applyflow.Typing{Limit: 7, Accept: unicode.IsDigit, Verb: "delete"}
		m.flow = applyflow.New(m.ctx, c, applyflow.Options{Keys: m.keys.flow, Typing: typing})
		return m, nil
	}
}

// UndoFactory returns what builds the undo screen for route.Undo, which
// undoes the last edit of the project it is opened with, talking to cl.
func UndoFactory(cl Client) func(common.Common, common.ProjectRef) (common.Screen, error) {
	return func(c common.Common, p common.ProjectRef) (common.Screen, error) {
		if p.Key() == "" {
			return nil, errors.New("undo: no project")
		}
		m := newModel(c, cl, p, kindUndo)
		m.flow = applyflow.New(m.ctx, c, applyflow.Options{Keys: m.keys.flow})
		return m, nil
	}
}

func newModel(c common.Common, cl Client, p common.ProjectRef, k kind) *Model {
	ctx, cancel := context.WithCancel(c.Ctx)
	return &Model{common: c, client: cl, ctx: ctx, cancel: cancel, keys: newKeyMap(), project: p, kind: k,
		editor: common.NewChangelogEditor(c.Styles, changelogWords)}
}

// Init reads what the screen starts from: a page of the project for the
// form's choices, the current values of the versions to delete, or the
// journal.
func (m *Model) Init() tea.Cmd {
	switch m.kind {
	case kindUndo:
		j, err := m.journal()
		return readJournal(j, err, m.project)
	case kindDelete:
		return tea.Batch(m.flow.Start(m.deleteTask()), m.flow.Init(), m.checkAccess())
	}
	m.sampling = true
	return tea.Batch(sampleProject(m.ctx, m.client, m.project.Key()), m.checkAccess())
}

// checkAccess finds out, when it can, that the server will refuse the
// change whatever the form holds (the scope, the project's owner).
func (m *Model) checkAccess() tea.Cmd {
	a := applyflow.Access{Project: m.project, Scope: "project:version:update", What: "edit its versions"}
	if m.kind == kindDelete {
		a.Scope, a.What = "project:version:delete", "delete its versions"
	}
	return applyflow.CheckAccess(m.ctx, m.common.Session, m.client, a)
}

// Title implements common.Screen.
func (m *Model) Title() string {
	return [...]string{"edit", "delete", "undo"}[m.kind]
}

// Capturing implements common.Screen: the screen keeps esc and q while
// a text field of the form has the focus (or typing names the version),
// in the changelog editor, and while the flow keeps them (a question, a
// typed count, a run going). Elsewhere the root has them, and asks the
// screen first while it holds an edit (Unsaved).
func (m *Model) Capturing() bool {
	switch m.stage {
	case stageForm:
		return m.form.typing()
	case stageChangelog:
		return true
	case stageApply:
		return m.flow.Capturing()
	}
	return false
}

// Guards implements common.Guard: an edit chosen in the form, or
// previewed, is not dropped by esc, q or ctrl+c without a second press.
func (m *Model) Guards(msg tea.KeyPressMsg) bool { return m.holding() && !m.guard.Passes(msg) }

// holding reports that leaving would lose the edit chosen: on the form,
// its preview, or the results of its refusal (e goes back to it).
func (m *Model) holding() bool {
	switch {
	case m.kind != kindEdit:
		return false
	case m.stage == stageApply && m.flow.Stage() == applyflow.StageResults:
		return m.form.refused()
	case m.stage == stageApply:
		return m.flow.Stage() == applyflow.StagePreview
	}
	return m.form.dirty()
}

// Busy implements common.Screen.
func (m *Model) Busy() string {
	switch {
	case m.flow.Busy() != "":
		return m.flow.Busy()
	case m.flow.Planning():
		return "reading the current values of " + applyflow.CountVersions(m.reading)
	case m.editor.Rendering():
		return "rendering the changelog"
	case m.sampling:
		return "reading the channels and game versions of " + m.project.Key()
	}
	return ""
}

// Close cancels the screen's reads. A run in progress is not left to
// Close: the screen refuses esc until the run ends.
func (m *Model) Close() { m.cancel() }

// SetSize implements common.Screen.
func (m *Model) SetSize(w, h int) {
	m.width, m.height = w, h
	if m.form != nil {
		m.form.resize(w)
		m.followFocus()
	}
	m.editor.SetSize(w, max(h-1, 1))
	m.flow.SetSize(w, h)
}
