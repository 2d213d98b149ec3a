package publish

import (
	"context"
	"fmt"
	"slices"
	"strings"

	tea "charm.land/bubbletea/v2"

	"rdash/api"
	"rdash/internal/bulk"
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
		m.form.inputs[i].Placeholder = "none"
	}
	return m
}

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
		return common.ReportError(msg.err, "loading the version to edit", m.load())
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

// editPreview shows each field changed, before → after, and what
// happens to each file.
func (t *task) editPreview(width int) applyflow.Preview {
	s, b, u := t.styles, t.before, t.update
	head := []string{
		s.Title.Render(fmt.Sprintf("Edit %s of %s", safe.Line(b.Version), safe.Line(t.project.Key()))),
		s.Muted.Render("Only what changes is sent, as one multipart request."),
	}
	if undoable(u) {
		head = append(head, s.Muted.Render("Journaled first: u on the versions list undoes it."))
	} else {
		head = append(head, s.Warn.Render("Not undoable: an undo cannot restore a version string or files."))
	}
	row := func(label, before, after string) string {
		return common.Cut("  "+s.Label.Render(common.Fit(label, 15))+s.Muted.Render(safe.Line(before))+" → "+
			s.Value.Render(safe.Line(after)), width)
	}
	var lines []string
	if u.Channel != nil {
		lines = append(lines, row("Channel", b.Channel.Slug, *u.Channel))
	}
	if u.Version != nil {
		lines = append(lines, row("Version", b.Version, *u.Version))
	}
	if u.Name != nil {
		lines = append(lines, row("Name", b.Name, *u.Name))
	}
	if u.Changelog != nil {
		lines = append(lines, common.Cut("  "+s.Label.Render(common.Fit("Changelog", 15))+
			changelogSummary(s, b.Changelog)+" → "+changelogSummary(s, *u.Changelog), width))
	}
	list := func(l []string) string {
		if len(l) == 0 {
			return "none"
		}
		return strings.Join(l, ", ")
	}
	if u.MinecraftVersions != nil {
		lines = append(lines, row("Game versions", list(b.MinecraftVersions), list(u.MinecraftVersions)))
	}
	if u.Platforms != nil {
		lines = append(lines, row("Platforms", list(b.Platforms), list(u.Platforms)))
	}
	if u.Dependencies != nil {
		specs := func(ds []api.Dependency) []string {
			out := make([]string, len(ds))
			for i, d := range ds {
				out[i] = api.DependencySpec(d)
			}
			return out
		}
		lines = append(lines, row("Dependencies", list(specs(b.Dependencies)), list(specs(u.Dependencies))))
	}
	if u.Files != nil {
		lines = append(lines, t.fileChanges(width)...)
	}
	lines = append(lines, "", common.Cut("  "+s.Muted.Render(common.Bytes(t.uploadBytes())+" to upload"), width))
	return applyflow.Preview{Header: head, Lines: lines, Enter: "enter saves the edit · esc back to the form"}
}

// fileChanges say what happens to each file: kept, added, replaced,
// removed; the first listed is primary.
func (t *task) fileChanges(width int) []string {
	s := t.styles
	had := fileNames(t.before)
	var out []string
	for i, e := range t.files {
		label := ""
		if i == 0 {
			label = "Files"
		}
		what := "kept"
		switch {
		case e.isUpload() && slices.Contains(had, e.name):
			what = "replaced by an upload of " + common.Bytes(e.size)
		case e.isUpload():
			what = "added, an upload of " + common.Bytes(e.size)
		case !e.existing:
			what = "added, external URL"
		}
		if i == 0 {
			what += s.Good.Render(" primary")
		}
		out = append(out, common.Cut("  "+s.Label.Render(common.Fit(label, 15))+s.Value.Render(safe.Line(e.name))+" "+s.Muted.Render(what), width))
	}
	for _, name := range had {
		if !slices.ContainsFunc(t.files, func(e entry) bool { return e.name == name }) {
			out = append(out, common.Cut("  "+strings.Repeat(" ", 15)+s.Bad.Render(safe.Line(name)+" removed"), width))
		}
	}
	return out
}

// runEdit journals an undoable edit, then sends the PATCH.
func (t *task) runEdit(ctx context.Context) applyflow.Report {
	name := safe.Line(t.before.Version)
	var entry *bulk.Entry
	if undoable(t.update) {
		if t.journal == nil {
			return notChanged(t.before.ID, name, errNoStateDir.Error())
		}
		entry = journalEntry(t.project.Key(), *t.before, t.update, t.channels, t.now())
		if err := t.journal.Write(entry); err != nil {
			return notChanged(t.before.ID, name, "Nothing was sent: "+safe.Line(err.Error()))
		}
	}
	req := *t.update
	req.Progress = t.up.Set
	v, _, err := t.client.UpdateVersion(ctx, t.project.Key(), t.before.ID, &req)
	switch {
	case err == nil:
		changed := *v
		var j *bulk.Journal
		if entry != nil {
			j = t.journal
		}
		return applyflow.Report{
			Outcomes: []applyflow.Outcome{{ID: changed.ID, Name: safe.Line(changed.Version), Status: "updated"}},
			Record:   []string{recorded(j, entry, changed)},
			Then: func() tea.Cmd {
				return func() tea.Msg {
					return common.VersionsChangedMsg{Project: t.project.Key(), Updated: []api.Version{changed}}
				}
			},
		}
	case isMaybe(err):
		why := common.Describe(err).Text()
		if applyflow.Cancelled(ctx) {
			why = "Cancelled during the upload. " + why
		}
		return applyflow.Report{Outcomes: []applyflow.Outcome{{ID: t.before.ID, Name: name, Status: "unknown", Failed: true,
			Error: why + " Check with r on the versions list before editing again."}},
			Record: []string{"version " + name + " may or may not be changed: reload to check"}}
	}
	why := common.Describe(err).Text()
	if applyflow.Cancelled(ctx) {
		why = "Cancelled before the upload began; nothing was changed."
	}
	return notChanged(t.before.ID, name, why)
}

func notChanged(id, name, why string) applyflow.Report {
	return applyflow.Report{Outcomes: []applyflow.Outcome{{ID: id, Name: name, Status: "not changed", Failed: true,
		Error: why}}, Record: []string{"nothing was changed"}}
}
