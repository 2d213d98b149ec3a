package publish

import (
	"slices"
	"strings"

	tea "charm.land/bubbletea/v2"

	"rdash/api"
	"rdash/internal/safe"
	"rdash/ui/applyflow"
	"rdash/ui/common"
	"rdash/ui/route"
)

// EditFactory returns what builds the edit screen of one version
// (route.EditVersion): the same form, filled from the version, sending a
// PATCH of the fields changed, its files kept, added, replaced (an
// upload of a listed name) or removed.
func EditFactory(cl Client) func(common.Common, route.DetailArgs) (common.Screen, error) {
	return func(c common.Common, a route.DetailArgs) (common.Screen, error) {
		return NewEdit(c, cl, a), nil
	}
}

// NewEdit returns the edit screen of a.Version; its form fills once GET
// answers with the files.
func NewEdit(c common.Common, cl Client, a route.DetailArgs) *Model {
	m := New(c, cl, a.Project)
	m.editID, m.form.editing = a.Version.ID, true
	for _, i := range []field{fGame, fPlatforms, fDeps} {
		m.form.placeholders[i] = "none"
		m.form.inputs[i].Placeholder = "none"
	}
	m.form.placeholders[fAdd] = "a path or an http(s) URL; enter adds it, ctrl+o picks a file"
	m.form.inputs[fAdd].Placeholder = m.form.placeholders[fAdd]
	return m
}

// reloadMsg asks the screen to read the version edited again: the retry
// of the error panel. The retry is this message, not load's command,
// which would start a read (and hide the error) the moment it was made.
type reloadMsg struct{}

func reload() tea.Msg { return reloadMsg{} }

// versionLoadedMsg carries the version edited, with its files.
type versionLoadedMsg struct {
	seq int
	v   *api.Version
	err error
}

// load reads the version edited; nil for a new one.
func (m *Model) load() tea.Cmd {
	if m.editID == "" {
		return nil
	}
	m.seq++
	m.loading, m.loadErr = true, nil
	ctx, c, p, id, seq := m.ctx, m.client, m.project.Key(), m.editID, m.seq
	return func() tea.Msg {
		v, _, err := c.GetVersion(ctx, p, id)
		return versionLoadedMsg{seq: seq, v: v, err: err}
	}
}

func (m *Model) versionLoaded(msg versionLoadedMsg) tea.Cmd {
	if msg.seq != m.seq {
		return nil
	}
	m.loading = false
	if msg.err != nil {
		m.loadErr = msg.err
		return common.ReportError(msg.err, "loading the version to edit", reload)
	}
	m.before = msg.v
	m.fill(*msg.v)
	return m.form.focusCmd()
}

// fill puts v's values in the form; its files are listed primary first.
func (m *Model) fill(v api.Version) {
	f := m.form
	set := func(i field, s string) {
		f.inputs[i].SetValue(safe.Line(s))
		f.inputs[i].CursorStart() // a long list shows from its start
		f.filled[i] = f.inputs[i].Value()
	}
	set(fChannel, v.Channel.Slug)
	set(fVersion, v.Version)
	set(fName, v.Name)
	set(fGame, strings.Join(v.MinecraftVersions, ", "))
	set(fPlatforms, strings.Join(v.Platforms, ", "))
	specs := make([]string, len(v.Dependencies))
	for i, d := range v.Dependencies {
		specs[i] = api.DependencySpec(d)
	}
	set(fDeps, strings.Join(specs, " "))
	f.changelog = v.Changelog
	f.files = nil
	for _, fl := range common.PrimaryFirst(v.Files) {
		e := entry{name: fl.Name, size: fl.Size, existing: true}
		if fl.ExternalURL != "" {
			e.name, e.url = fl.ExternalURL, true
		}
		f.files = append(f.files, e)
	}
	f.filledLog, f.filledFiles = f.changelog, slices.Clone(f.files)
}

// fileNames are the data.files items that keep v's files as they are.
func fileNames(v *api.Version) []string {
	var out []string
	for _, fl := range common.PrimaryFirst(v.Files) {
		if fl.ExternalURL != "" {
			out = append(out, fl.ExternalURL)
		} else {
			out = append(out, fl.Name)
		}
	}
	return out
}

// updateRequest is the PATCH of the fields the form changed.
func (m *Model) updateRequest() *api.UpdateVersionRequest {
	b, full := m.before, m.form.request()
	r := &api.UpdateVersionRequest{}
	// kept: field i still holds what fill put there, which is the server's
	// value through safe.Line; comparing its text with the raw value would
	// send a name safe.Line changed (U+FFFD for a conjunct) untouched.
	kept := func(i field) bool { return m.form.inputs[i].Value() == m.form.filled[i] }
	text := func(i field, now, was string) *string {
		if kept(i) || now == was {
			return nil
		}
		return &now
	}
	if !kept(fChannel) && full.Channel != b.Channel.Slug && full.Channel != b.Channel.ID {
		r.Channel = &full.Channel
	}
	r.Version, r.Name = text(fVersion, full.Version, b.Version), text(fName, full.Name, b.Name)
	if full.Changelog != b.Changelog {
		r.Changelog = &full.Changelog
	}
	if !kept(fGame) && !slices.Equal(full.MinecraftVersions, b.MinecraftVersions) {
		r.MinecraftVersions = orEmpty(full.MinecraftVersions)
	}
	if !kept(fPlatforms) && !slices.Equal(full.Platforms, b.Platforms) {
		r.Platforms = orEmpty(full.Platforms)
	}
	if !kept(fDeps) && !slices.Equal(full.Dependencies, b.Dependencies) {
		r.Dependencies = full.Dependencies
		if r.Dependencies == nil {
			r.Dependencies = []api.Dependency{}
		}
	}
	if len(full.Uploads) > 0 || !slices.Equal(full.Files, fileNames(b)) {
		r.Files, r.Uploads = orEmpty(full.Files), full.Uploads
	}
	return r
}

func orEmpty(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// notChanged is an edit that could not be sent: the journal, which must
// hold the old values first, could not be written. Sending again may mend
// a failed write; without a state directory only a setting will.
func notChanged(id, name, why string, retry bool) applyflow.Report {
	o := applyflow.Outcome{ID: id, Name: name, Status: "not changed", Failed: true, Retry: retry, Error: why}
	if !retry {
		o.Fix = "set RDASH_STATE_DIR to a writable directory and start rdash again"
	}
	return applyflow.Report{Outcomes: []applyflow.Outcome{o}, Record: []string{"nothing was changed"}}
}
