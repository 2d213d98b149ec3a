// Package statusbar is the dashboard's status line: a spinner naming what
// is loading, and notes (confirmations, recoverable errors) that fade.
//
// A note belongs to the screen it is about (the root passes the screen's
// id): it shows only while that screen is on top, and goes when that
// screen leaves, so an error of one screen is never read as another's.
package statusbar

import (
	"time"

	"charm.land/bubbles/v2/spinner"
	tea "charm.land/bubbletea/v2"

	"rdash/ui/common"
)

// How long notes stay; errors stay longer so they can be read.
const (
	InfoTTL  = 4 * time.Second
	ErrorTTL = 10 * time.Second
)

// Model is the status line. It is not a screen: the root owns it and shows
// it under every screen.
type Model struct {
	styles   *common.Styles
	spin     spinner.Model
	spinning bool
	busy     string

	note    string
	isError bool
	owner   int // the screen the note belongs to
	top     int // the screen on top: only its note shows
	seq     int
	width   int
}

// New returns an idle status line.
func New(styles *common.Styles) Model {
	m := Model{styles: styles}
	m.spin = spinner.New(spinner.WithSpinner(spinner.MiniDot), spinner.WithStyle(styles.Spinner))
	return m
}

// noteExpiredMsg clears the note it names, unless a newer one replaced it.
type noteExpiredMsg struct{ seq int }

// Owns reports that msg is the status line's own (its spinner's tick, a
// note fading), handled by Update and meant for no screen.
func (m *Model) Owns(msg tea.Msg) bool {
	switch msg.(type) {
	case noteExpiredMsg, spinner.TickMsg:
		return true
	}
	return false
}

// SetStyles switches the theme.
func (m *Model) SetStyles(s *common.Styles) {
	m.styles = s
	m.spin.Style = s.Spinner
}

// SetWidth sets the line's width.
func (m *Model) SetWidth(w int) { m.width = w }

// SetBusy sets what is loading ("" when nothing is); it starts the spinner
// when it was idle. The spinner stops by itself once nothing is busy.
func (m *Model) SetBusy(label string) tea.Cmd {
	m.busy = label
	if label == "" || m.spinning {
		return nil
	}
	m.spinning = true
	return m.spin.Tick
}

// Info shows a passing note of screen owner.
func (m *Model) Info(owner int, text string) tea.Cmd { return m.show(owner, text, false, InfoTTL) }

// Error shows a recoverable error of screen owner until it fades or
// another note replaces it.
func (m *Model) Error(owner int, text string) tea.Cmd { return m.show(owner, text, true, ErrorTTL) }

// Focus says which screen is on top now: another screen's error is
// hidden while it is covered, and shows again if it comes back before
// fading; a passing note ("copied the ID…") said what a key just did, and
// goes, lest it be read as the answer to a later key.
func (m *Model) Focus(top int) {
	if top != m.owner && !m.isError {
		m.Clear()
	}
	m.top = top
}

// Forget drops the note of a screen that left.
func (m *Model) Forget(screen int) {
	if m.owner == screen {
		m.Clear()
	}
}

// Clear removes the note at once.
func (m *Model) Clear() { m.note, m.isError, m.owner = "", false, 0 }

// Note is the note shown now, "" when none is or it is hidden.
func (m *Model) Note() string {
	if m.owner != m.top {
		return ""
	}
	return m.note
}

func (m *Model) show(owner int, text string, isError bool, ttl time.Duration) tea.Cmd {
	m.seq++
	m.note, m.isError, m.owner = text, isError, owner
	seq := m.seq
	return tea.Tick(ttl, func(time.Time) tea.Msg { return noteExpiredMsg{seq: seq} })
}

// Update handles the status line's own messages: spinner ticks and fading.
func (m *Model) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case spinner.TickMsg:
		if m.busy == "" {
			m.spinning = false
			return nil
		}
		var cmd tea.Cmd
		m.spin, cmd = m.spin.Update(msg)
		return cmd
	case noteExpiredMsg:
		if msg.seq == m.seq {
			m.Clear()
		}
	}
	return nil
}

// View renders the line: what is loading on the left, the note on the right.
func (m Model) View() string {
	left := ""
	if m.busy != "" {
		left = m.spin.View() + " " + m.styles.StatusInfo.Render(m.busy+"…")
	}
	right := ""
	switch note := m.Note(); {
	case note != "" && m.isError:
		right = m.styles.StatusError.Render("✗ " + note)
	case note != "":
		right = m.styles.StatusInfo.Render(note)
	}
	if left == "" {
		return common.Cut(right, m.width)
	}
	if right == "" {
		return common.Cut(left, m.width)
	}
	return common.Spread(left, right, m.width)
}
