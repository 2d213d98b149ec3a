package publish

import (
	"fmt"
	"slices"
	"strings"

	"rdash/api"
	"rdash/internal/safe"
	"rdash/ui/applyflow"
	"rdash/ui/common"
)

// editPreview shows each field changed, before → after, the changelog as
// the lines it adds and removes, and what happens to each file.
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
	label := func(l string) string { return "  " + s.Label.Render(common.Fit(l, 15)) }
	row := func(l, before, after string) []string {
		return applyflow.Hang(label(l), s.Muted.Render(safe.Line(before))+" → "+s.Value.Render(safe.Line(after)), width)
	}
	var lines []string
	if u.Channel != nil {
		lines = append(lines, row("Channel", b.Channel.Slug, *u.Channel)...)
	}
	if u.Version != nil {
		lines = append(lines, row("Version", b.Version, *u.Version)...)
	}
	if u.Name != nil {
		lines = append(lines, row("Name", b.Name, *u.Name)...)
	}
	if u.Changelog != nil {
		lines = append(lines, label("Changelog")+s.Muted.Render(t.logDiff.Summary()))
		lines = append(lines, t.logDiff.Lines(s, 4, width)...)
	}
	list := func(l []string) string {
		if len(l) == 0 {
			return "none"
		}
		return strings.Join(l, ", ")
	}
	if u.MinecraftVersions != nil {
		lines = append(lines, row("Game versions", list(b.MinecraftVersions), list(u.MinecraftVersions))...)
	}
	if u.Platforms != nil {
		lines = append(lines, row("Platforms", list(b.Platforms), list(u.Platforms))...)
	}
	if u.Dependencies != nil {
		lines = append(lines, row("Dependencies", list(specs(b.Dependencies)), list(specs(u.Dependencies)))...)
	}
	if u.Files != nil {
		lines = append(lines, t.fileChanges(width)...)
	}
	lines = append(lines, "", common.Cut("  "+s.Muted.Render(common.Bytes(t.uploadBytes())+" to upload"), width))
	return applyflow.Preview{Header: head, Lines: lines, Enter: "enter saves the edit · esc back to the form"}
}

// specs are dependencies as the form types them.
func specs(ds []api.Dependency) []string {
	out := make([]string, len(ds))
	for i, d := range ds {
		out[i] = api.DependencySpec(d)
	}
	return out
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
		out = append(out, applyflow.Hang("  "+s.Label.Render(common.Fit(label, 15)), s.Value.Render(safe.Line(e.name))+" "+s.Muted.Render(what), width)...)
	}
	for _, name := range had {
		if !slices.ContainsFunc(t.files, func(e entry) bool { return e.name == name }) {
			out = append(out, common.Cut("  "+strings.Repeat(" ", 15)+s.Bad.Render(safe.Line(name)+" removed"), width))
		}
	}
	return out
}
