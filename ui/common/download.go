package common

import (
	"context"
	"net/url"
	"slices"

	tea "charm.land/bubbletea/v2"

	"rdash/api"
	"rdash/internal/safe"
)

// DownloadURLMsg is where a version's primary file downloads from, as
// found by FetchDownloadURL for request Seq, or the Err that stopped it.
// It reaches only the screen that asked.
type DownloadURLMsg struct {
	Seq     int
	Version string // the version string, safe for the terminal
	URL     string // safe for the terminal
	Err     error
}

// DownloadURLer is the part of the API client FetchDownloadURL needs;
// *api.Client satisfies it.
type DownloadURLer interface {
	DownloadURL(ctx context.Context, projectID, versionID, fileID string) (*url.URL, *api.Response, error)
}

// FetchDownloadURL resolves where v's primary file downloads from, in a
// command (api DownloadURL); seq is the asking screen's request id.
func FetchDownloadURL(ctx context.Context, c DownloadURLer, project string, v api.Version, seq int) tea.Cmd {
	return func() tea.Msg {
		d := DownloadURLMsg{Seq: seq, Version: safe.Line(v.Version)}
		u, _, err := c.DownloadURL(ctx, project, v.ID, "")
		if err != nil {
			d.Err = err
		} else {
			d.URL = safe.Line(u.String())
		}
		return d
	}
}

// PrimaryFirst is a copy of files with the primary one first, the others
// in their order, as the screens list a version's files.
func PrimaryFirst(files []api.File) []api.File {
	out := slices.Clone(files)
	slices.SortStableFunc(out, func(a, b api.File) int {
		switch {
		case a.IsPrimary == b.IsPrimary:
			return 0
		case a.IsPrimary:
			return -1
		}
		return 1
	})
	return out
}
