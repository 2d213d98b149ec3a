package common

import (
	"context"

	tea "charm.land/bubbletea/v2"

	"rdash/api"
	"rdash/internal/safe"
)

// DownloadURL is where a version's primary file downloads from, as found
// by FetchDownloadURL, or the Err that stopped it.
type DownloadURL struct {
	Version string // the version string, safe for the terminal
	URL     string // safe for the terminal
	Err     error
}

// FetchDownloadURL resolves where v's primary file downloads from, in a
// command (api DownloadURL). done wraps the answer in the asking screen's
// own message type: the versions screen and a detail above it both ask,
// each with its own request ids, and every screen on the stack sees every
// message.
func FetchDownloadURL(ctx context.Context, c Client, project string, v api.Version, done func(DownloadURL) tea.Msg) tea.Cmd {
	return func() tea.Msg {
		d := DownloadURL{Version: safe.Line(v.Version)}
		u, _, err := c.DownloadURL(ctx, project, v.ID, "")
		if err != nil {
			d.Err = err
		} else {
			d.URL = safe.Line(u.String())
		}
		return done(d)
	}
}

// Copy puts the URL on the clipboard and says so, or reports why there is
// no URL to copy.
func (d DownloadURL) Copy() tea.Cmd {
	if d.Err != nil {
		return ReportError(d.Err, "finding the download URL of "+d.Version, nil)
	}
	return tea.Batch(tea.SetClipboard(d.URL), Status("copied the download URL of "+d.Version))
}
