// Package bulkedit is the dashboard's bulk screens: the bulk edit form of
// PATCH /projects/{projectId}/versions, the deletion of several versions,
// and the undo of the last edit. Each goes form (edit only) → preview of
// exactly the versions sent → confirmation → apply through bulk.Runner
// (journal first, progress bar) → per-version results, with a retry of the
// versions that did not end as intended.
package bulkedit

import (
	"context"
	"fmt"

	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"rdash/api"
	"rdash/internal/bulk"
	"rdash/ui/common"
)

// kind is what a screen, or a step of it, does to versions.
type kind int

const (
	kindEdit kind = iota
	kindDelete
	kindUndo
)

// stage is where the screen is in its flow.
type stage int

const (
	stageLoading   stage = iota // undo: reading the journal
	stageForm                   // edit: choosing the changes
	stageChangelog              // edit: the changelog editor
	stagePreview                // the versions sent, before and after
	stageRunning                // sending, with a progress bar
	stageResults                // each version's outcome
)

// Model is a bulk screen: edit, delete or undo, by how it was opened.
type Model struct {
	common  common.Common
	ctx     context.Context
	cancel  context.CancelFunc
	keys    keyMap
	project common.ProjectRef
	kind    kind
	stage   stage

	selection []api.Version // as the list had them, in marking order
	hidden    int           // how many of them the list's filter hides
	current   []api.Version // the selection as the server has it now
	moved     int           // how many of them changed since the list (or the edit undone)
	loadSeq   int
	loading   bool
	sampling  bool // the project's channels and game versions are being read
	loadErr   error

	form   *form
	editor editor
	notice string // a line under the title: why enter did nothing
	armed  bool   // esc pressed once on a changed form

	plan   *plan
	asking bool // the confirmation question is shown
	sure   bool // its focus is on the button that goes ahead
	typed  textinput.Model
	scroll int // of the preview or the results
	// formScroll is the form's first line shown; kept apart so the
	// form is where it was after a look at the preview.
	formScroll int
	run        runState
	job        job
	results    *results
	entries    []*bulk.Entry // edits made here, newest last, for undo
	undoing    []*bulk.Entry // the entries an undo preview restores, newest first
	undone     bool

	width, height int
}

// Factory builds the bulk edit screen for common.RouteBulkEdit from
// common.SelectionArgs.
func Factory(c common.Common, args any) (common.Screen, error) {
	a, ok := args.(common.SelectionArgs)
	if !ok || len(a.Versions) == 0 {
		return nil, fmt.Errorf("bulk edit: want common.SelectionArgs with versions, got %T", args)
	}
	m := newModel(c, a.Project, kindEdit)
	m.selection, m.hidden, m.stage = a.Versions, a.Hidden, stageForm
	m.form = newForm(c.Styles, bulk.Channels(a.Versions), gameVersions(a.Versions))
	return m, nil
}

// DeleteFactory builds the delete screen for common.RouteDelete from
// common.SelectionArgs.
func DeleteFactory(c common.Common, args any) (common.Screen, error) {
	a, ok := args.(common.SelectionArgs)
	if !ok || len(a.Versions) == 0 {
		return nil, fmt.Errorf("delete: want common.SelectionArgs with versions, got %T", args)
	}
	m := newModel(c, a.Project, kindDelete)
	m.selection, m.hidden, m.stage = a.Versions, a.Hidden, stagePreview
	m.typed = newInput(c.Styles, "")
	m.typed.CharLimit = 7
	return m, nil
}

// UndoFactory builds the undo screen for common.RouteUndo from the project's
// common.ProjectRef.
func UndoFactory(c common.Common, args any) (common.Screen, error) {
	p, ok := args.(common.ProjectRef)
	if !ok || p.Key() == "" {
		return nil, fmt.Errorf("undo: want common.ProjectRef, got %T", args)
	}
	return newModel(c, p, kindUndo), nil
}

func newModel(c common.Common, p common.ProjectRef, k kind) *Model {
	ctx, cancel := context.WithCancel(c.Ctx)
	return &Model{common: c, ctx: ctx, cancel: cancel, keys: newKeyMap(), project: p, kind: k,
		editor: newEditor(c.Styles)}
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
		return tea.Batch(m.load(), m.typed.Focus())
	}
	m.sampling = true
	return sampleProject(m.ctx, m.common.Client, m.project.Key())
}

// Title implements common.Screen.
func (m *Model) Title() string {
	return [...]string{"edit", "delete", "undo"}[m.kind]
}

// Capturing implements common.Screen: the screen keeps esc (and q) while
// it has a form, a question, a typed count, or a run going; esc then goes
// one step back, or is refused while versions are being changed.
func (m *Model) Capturing() bool {
	switch m.stage {
	case stageForm, stageChangelog, stageRunning:
		return true
	case stagePreview:
		return m.asking || m.kind != kindUndo
	}
	return false
}

// Busy implements common.Screen.
func (m *Model) Busy() string {
	switch {
	case m.stage == stageRunning:
		return m.run.what
	case m.loading:
		return fmt.Sprintf("reading the current values of %s", countVersions(len(m.selection)))
	case m.editor.rendering:
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
	m.editor.setSize(w, max(h-1, 1))
	m.typed.SetWidth(10)
	m.run.bar.SetWidth(max(min(w-4, 60), 10))
	m.clampScroll()
}

func countVersions(n int) string {
	return common.Count(int64(n)) + " " + plural(n, "version", "versions")
}
