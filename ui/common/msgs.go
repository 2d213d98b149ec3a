package common

import (
	tea "charm.land/bubbletea/v2"

	"rdash/api"
	"rdash/config"
)

// BackMsg asks the root to close the focused screen, as esc does.
type BackMsg struct{}

// Back is a command that closes the focused screen.
func Back() tea.Msg { return BackMsg{} }

// StatusMsg is a passing note for the status bar ("copied 1.4.2's ID").
type StatusMsg struct{ Text string }

// Status returns a command that shows text in the status bar for a while.
func Status(text string) tea.Cmd {
	return func() tea.Msg { return StatusMsg{Text: text} }
}

// ErrorMsg reports a failure. Describe decides whether it fades from the
// status bar or blocks with a panel; Retry, when set, is what r runs.
type ErrorMsg struct {
	Err error
	// Context says what was being done ("loading versions of lumen"); it
	// prefixes recoverable errors.
	Context string
	Retry   tea.Cmd
}

// ReportError returns a command that reports err; nil for a nil error.
func ReportError(err error, context string, retry tea.Cmd) tea.Cmd {
	if err == nil {
		return nil
	}
	return func() tea.Msg { return ErrorMsg{Err: err, Context: context, Retry: retry} }
}

// ThemeMsg tells every screen the styles changed (the terminal answered
// with its background colour); screens drop what they rendered with the
// old styles.
type ThemeMsg struct{ Styles *Styles }

// VersionsChangedMsg tells screens that versions of a project were edited
// or deleted elsewhere (the bulk edit screen), so lists and marks follow.
// Project is the ProjectRef.Key() the screen was opened with; Updated are
// the versions as the server answered them.
type VersionsChangedMsg struct {
	Project string
	Updated []api.Version
	Deleted []string
}

// ProjectRef identifies a project: by slug when known, else by ID.
type ProjectRef struct {
	ID   string
	Slug string
	Name string
}

// Key is what the API accepts to name the project.
func (p ProjectRef) Key() string {
	if p.Slug != "" {
		return p.Slug
	}
	return p.ID
}

// EditStateMsg asks the root to change what rdash remembers (pins,
// recent projects, organizations). The root owns the State: it applies
// Edit, saves the result in a command and tells every screen with a
// StateMsg, so two screens never write the file over each other.
type EditStateMsg struct {
	Edit func(*config.State)
	// What names the change for the error shown if saving fails.
	What string
}

// EditState returns a command that asks the root to apply edit.
func EditState(what string, edit func(*config.State)) tea.Cmd {
	return func() tea.Msg { return EditStateMsg{Edit: edit, What: what} }
}

// StateMsg carries the State after a change, to every screen.
type StateMsg struct{ State config.State }
