package common

import (
	"image/color"
	"strings"

	"charm.land/bubbles/v2/help"
	"charm.land/lipgloss/v2"
)

// Theme is how the dashboard is coloured: for a dark or a light terminal
// background, or without colour at all (NO_COLOR, or a terminal without
// colours: TERM=dumb or unset). ANSI16 is a terminal of 16 colours, where
// the hex palette would be rounded to colours that vanish on the
// background (37 and 97 on white, 30 on black): it gets its own.
type Theme struct {
	Dark    bool
	NoColor bool
	ANSI16  bool
}

// GlamourStyle is the glamour standard style that matches the theme; it is
// always explicit, never "auto".
func (t Theme) GlamourStyle() string {
	switch {
	case t.NoColor:
		return "notty"
	case t.Dark:
		return "dark"
	default:
		return "light"
	}
}

// Styles are the lipgloss styles of every screen, built once per theme.
type Styles struct {
	Theme Theme

	Header, HeaderDim, User lipgloss.Style
	Title, Muted, Bold      lipgloss.Style
	Accent, Good, Warn, Bad lipgloss.Style

	TableHeader, Cursor, Mark lipgloss.Style
	Release, Beta, Alpha      lipgloss.Style

	StatusInfo, StatusError, Spinner lipgloss.Style
	Panel, PanelTitle                lipgloss.Style
	Label, Value, Section            lipgloss.Style
	Prompt, Input, Placeholder       lipgloss.Style

	Help help.Styles
}

type palette struct {
	accent, muted, subtle, text, good, warn, bad, cursorBg, cursorFg color.Color
}

func paletteFor(dark, ansi16 bool) palette {
	c := func(n int) color.Color { return lipgloss.ANSIColor(n) }
	switch {
	case ansi16 && dark: // grey (37) and bright black (90) on black, never black (30)
		return palette{
			accent: c(13), muted: c(7), subtle: c(8), text: c(15),
			good: c(10), warn: c(11), bad: c(9), cursorBg: c(5), cursorFg: c(15),
		}
	case ansi16: // black and bright black (90) on white, never white (37, 97)
		return palette{
			accent: c(5), muted: c(8), subtle: c(8), text: c(0),
			good: c(2), warn: c(3), bad: c(1), cursorBg: c(4), cursorFg: c(15),
		}
	case dark:
		return palette{
			accent: lipgloss.Color("#A58AF9"), muted: lipgloss.Color("#8A8A8A"),
			subtle: lipgloss.Color("#4E4E4E"), text: lipgloss.Color("#E4E4E4"),
			good: lipgloss.Color("#5FD787"), warn: lipgloss.Color("#FFD75F"),
			bad: lipgloss.Color("#FF6E8A"), cursorBg: lipgloss.Color("#3B3561"),
			cursorFg: lipgloss.Color("#FFFFFF"),
		}
	}
	return palette{ // light
		accent: lipgloss.Color("#5A3FC0"), muted: lipgloss.Color("#6C6C6C"),
		subtle: lipgloss.Color("#BCBCBC"), text: lipgloss.Color("#1C1C1C"),
		good: lipgloss.Color("#00875F"), warn: lipgloss.Color("#9A6700"),
		bad: lipgloss.Color("#C4003A"), cursorBg: lipgloss.Color("#DCD5FF"),
		cursorFg: lipgloss.Color("#000000"),
	}
}

// NewStyles builds the styles of theme t. Without colour, emphasis is kept
// with bold, underline and reverse video so the cursor stays visible.
func NewStyles(t Theme) *Styles {
	if t.NoColor {
		return plainStyles(t)
	}
	p := paletteFor(t.Dark, t.ANSI16)
	fg := func(c color.Color) lipgloss.Style { return lipgloss.NewStyle().Foreground(c) }
	s := &Styles{
		Theme:  t,
		Header: fg(p.accent).Bold(true), HeaderDim: fg(p.muted), User: fg(p.muted),
		Title: fg(p.accent).Bold(true), Muted: fg(p.muted), Bold: lipgloss.NewStyle().Bold(true),
		Accent: fg(p.accent), Good: fg(p.good), Warn: fg(p.warn), Bad: fg(p.bad),
		TableHeader: fg(p.muted).Bold(true),
		Cursor:      lipgloss.NewStyle().Background(p.cursorBg).Foreground(p.cursorFg).Bold(true),
		Mark:        fg(p.accent).Bold(true),
		Release:     fg(p.good), Beta: fg(p.warn), Alpha: fg(p.bad),
		StatusInfo: fg(p.muted), StatusError: fg(p.bad).Bold(true), Spinner: fg(p.accent),
		Panel:      lipgloss.NewStyle().Border(lipgloss.RoundedBorder()).BorderForeground(p.bad).Padding(0, 1),
		PanelTitle: fg(p.bad).Bold(true),
		Label:      fg(p.muted), Value: fg(p.text), Section: fg(p.accent).Bold(true),
		Prompt: fg(p.accent).Bold(true), Input: fg(p.text), Placeholder: fg(p.subtle),
		Help: help.DefaultStyles(t.Dark),
	}
	if t.ANSI16 {
		// help's own colours round to 37 and 97 on a light background,
		// and its separator to 30 on a dark one.
		s.Help = help.Styles{
			Ellipsis: fg(p.subtle), ShortKey: fg(p.muted).Bold(true), ShortDesc: fg(p.muted), ShortSeparator: fg(p.subtle),
			FullKey: fg(p.muted).Bold(true), FullDesc: fg(p.muted), FullSeparator: fg(p.subtle),
		}
	}
	return s
}

func plainStyles(t Theme) *Styles {
	n := lipgloss.NewStyle()
	b := n.Bold(true)
	return &Styles{
		Theme:  t,
		Header: b, HeaderDim: n, User: n,
		Title: b, Muted: n, Bold: b,
		Accent: n, Good: n, Warn: n, Bad: b,
		TableHeader: b, Cursor: n.Reverse(true), Mark: b,
		Release: n, Beta: n, Alpha: n,
		StatusInfo: n, StatusError: b, Spinner: n,
		Panel:      n.Border(lipgloss.NormalBorder()).Padding(0, 1),
		PanelTitle: b,
		Label:      n, Value: n, Section: b.Underline(true),
		Prompt: b, Input: n, Placeholder: n,
		Help: help.Styles{
			Ellipsis: n, ShortKey: b, ShortDesc: n, ShortSeparator: n,
			FullKey: b, FullDesc: n, FullSeparator: n,
		},
	}
}

// Pointer is the gutter before a list's row under the cursor: "> "
// without colour, where reverse video alone may not show (TERM=dumb),
// else blank, the cursor's colours saying it.
func (s *Styles) Pointer() string {
	if s.Theme.NoColor {
		return "> "
	}
	return "  "
}

// Channel is the style of a release channel, by its slug.
func (s *Styles) Channel(slug string) lipgloss.Style {
	switch strings.ToLower(slug) {
	case "release", "stable":
		return s.Release
	case "beta", "snapshot":
		return s.Beta
	case "alpha":
		return s.Alpha
	}
	return s.Accent
}
