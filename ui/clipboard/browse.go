package clipboard

import (
	"context"

	tea "charm.land/bubbletea/v2"

	"rdash/internal/safe"
	"rdash/ui/common"
)

// CanBrowse reports that a browser can open for the user: a session to
// open it with, no SSH and a display (as auth.ChooseMode decides for the
// sign-in).
func CanBrowse(c common.Common) bool {
	return c.Session != nil && c.Config != nil && !c.Config.Env.SSH && c.Config.Env.Display
}

// OpenURL opens url, named by what ("the primary file of 2.4.0"), in the
// browser, in a command; where none opens, or opening fails, it copies
// url and says why, with url on the status line.
func OpenURL(ctx context.Context, c common.Common, url, what string) tea.Cmd {
	url = safe.Line(url)
	if !CanBrowse(c) {
		why := "no browser opens here"
		switch {
		case c.Config != nil && c.Config.Env.SSH:
			why += " (over SSH)"
		case c.Config != nil && !c.Config.Env.Display:
			why += " (no display)"
		}
		return CopySaying(c.Config, url, what, why+": "+url)
	}
	s, cfg := c.Session, c.Config
	return func() tea.Msg {
		if err := s.OpenBrowser(context.WithoutCancel(ctx), url); err != nil {
			return tea.BatchMsg{CopySaying(cfg, url, what,
				"could not open a browser ("+safe.Line(err.Error())+"): "+url)}
		}
		return common.StatusMsg{Text: "opened " + what + " in the browser: " + url}
	}
}
