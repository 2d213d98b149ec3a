package bulkedit

import (
	"context"
	"errors"
	"slices"

	tea "charm.land/bubbletea/v2"

	"rdash/api"
	"rdash/internal/bulk"
	"rdash/internal/safe"
	"rdash/ui/common"
)

// sampleLoadedMsg carries a page of the project: the channels and game
// versions it shows are offered as choices.
type sampleLoadedMsg struct{ versions []api.Version }

// sampleSize is how many versions are read for the choices.
const sampleSize = 100

// sampleProject reads a page of the project's versions, in the server's
// order. A failure only means
// fewer choices, so it is not reported: the reply is then empty.
func sampleProject(ctx context.Context, c bulk.Reader, project string) tea.Cmd {
	return func() tea.Msg {
		vs, _, _ := c.ListVersions(ctx, project, &api.ListVersionsOptions{Page: 1, PageSize: sampleSize})
		return sampleLoadedMsg{versions: vs}
	}
}

// sampleLoaded offers the channels and game versions of the sample too.
// New channels go after the ones offered, so a choice made stays put.
func (m *Model) sampleLoaded(msg sampleLoadedMsg) {
	m.sampling = false
	if m.form == nil {
		return
	}
	seen := append(slices.Clone(m.selection), msg.versions...)
	for _, c := range bulk.Channels(seen) {
		if !slices.ContainsFunc(m.form.channels, func(o api.Channel) bool { return o.ID == c.ID }) {
			m.form.channels = append(m.form.channels, c)
		}
	}
	m.form.game.seen = gameVersions(seen)
}

// journalReadMsg carries the edit an undo would restore.
type journalReadMsg struct {
	entries []*bulk.Entry
	err     error
}

// readJournal finds the project's last edit to undo. Entries name the
// project as it was addressed, by slug or by ID.
func readJournal(j bulk.Journal, err error, p common.ProjectRef) tea.Cmd {
	return func() tea.Msg {
		if err != nil {
			return journalReadMsg{err: err}
		}
		keys := []string{p.Key()}
		if p.ID != "" && p.ID != p.Key() {
			keys = append(keys, p.ID)
		}
		e, err := j.LastUndoable(keys...)
		if err != nil {
			return journalReadMsg{err: err}
		}
		return journalReadMsg{entries: []*bulk.Entry{e}}
	}
}

// errNoStateDir stops a run that could not be journaled, and so not undone.
var errNoStateDir = errors.New("rdash has no state directory to keep the journal in, so nothing was sent; set RDASH_STATE_DIR")

// journal is the journal under the state directory.
func (m *Model) journal() (bulk.Journal, error) {
	dir := ""
	if m.common.Config != nil {
		dir = m.common.Config.Env.StateDir
	}
	if dir == "" {
		return bulk.Journal{}, errNoStateDir
	}
	return bulk.Journal{Dir: bulk.JournalDir(dir)}, nil
}

func versionIDs(vs []api.Version) []string {
	out := make([]string, len(vs))
	for i, v := range vs {
		out[i] = v.ID
	}
	return out
}

// gameVersions are the distinct game versions of vs, newest first.
func gameVersions(vs []api.Version) []string {
	var out []string
	for _, v := range vs {
		for _, g := range v.MinecraftVersions {
			if g = safe.Line(g); g != "" && !slices.Contains(out, g) {
				out = append(out, g)
			}
		}
	}
	slices.SortFunc(out, func(a, b string) int { return common.NaturalCompare(b, a) })
	return out
}
