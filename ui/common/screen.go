package common

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// Screen is one page of the dashboard. Only the root is a tea.Model; it
// owns a stack of screens and routes messages to them.
type Screen interface {
	// Init returns the screen's first commands (its first requests).
	Init() tea.Cmd
	// Update handles a message; keys arrive only while the screen is focused.
	Update(msg tea.Msg) (Screen, tea.Cmd)
	// View renders exactly the size last given to SetSize.
	View() string
	// SetSize gives the screen the body's width and height.
	SetSize(width, height int)
	// Title is the screen's breadcrumb in the header ("lumen", "1.4.2").
	Title() string
	// Capturing reports that a text field or picker has focus, so global
	// keys (q, esc, ?) go to the screen instead.
	Capturing() bool
	// Busy names what the screen is waiting for ("loading versions of
	// lumen"), or is empty when it waits for nothing.
	Busy() string
	// ShortHelp and FullHelp feed the help footer and the ? overlay.
	ShortHelp() []key.Binding
	FullHelp() [][]key.Binding
	// Close cancels the screen's requests; the root calls it when the
	// screen leaves the stack.
	Close()
}

// Guard is a Screen that may hold input not yet sent: a form being
// filled, a draft the server refused. The root asks it before acting on
// a key that would leave it (esc, q, ctrl+c): while Guards, the key goes
// to the screen, which asks first, and lets the same key through when
// pressed again.
type Guard interface {
	Guards(msg tea.KeyPressMsg) bool
}
