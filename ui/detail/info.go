package detail

import (
	"slices"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"rdash/api"
	"rdash/internal/safe"
	"rdash/ui/common"
)

// labelWidth is the width of the labels in the info pane.
const labelWidth = 11

func channelName(v api.Version) string {
	if v.Channel.Slug != "" {
		return safe.Line(v.Channel.Slug)
	}
	return safe.Line(v.Channel.Name)
}

// infoText is the version's metadata, files and dependencies, w wide.
func (m *Model) infoText(w int) string {
	s := m.common.Styles
	v := m.version
	var b strings.Builder
	field := func(label, value string) {
		wrapped := strings.Split(ansi.Wrap(value, max(w-labelWidth, 8), ", "), "\n")
		for i, l := range wrapped {
			lab := ""
			if i == 0 {
				lab = label
			}
			b.WriteString(s.Label.Render(common.Fit(lab, labelWidth)) + strings.TrimRight(l, " ") + "\n")
		}
	}
	field("Version", safe.Line(v.Version))
	field("Name", safe.Line(v.Name))
	field("Channel", channelName(v))
	field("Platforms", listOrNone(v.Platforms))
	field("Game", listOrNone(v.MinecraftVersions))
	field("Downloads", common.Count(v.Downloads))
	field("Created", common.Date(v.CreatedAt)+" ("+common.Ago(v.CreatedAt, m.common.Now())+")")
	field("ID", safe.Reveal(v.ID))
	b.WriteString("\n" + s.Section.Render("FILES") + "\n")
	b.WriteString(m.filesText(w))
	b.WriteString("\n" + s.Section.Render("DEPENDENCIES") + "\n")
	b.WriteString(m.depsText(w))
	return strings.TrimRight(b.String(), "\n")
}

func listOrNone(vs []string) string {
	if len(vs) == 0 {
		return "none"
	}
	return strings.Join(safe.Lines(vs), ", ")
}

// filesText lists the files, the primary one first and starred.
func (m *Model) filesText(w int) string {
	s := m.common.Styles
	switch {
	case !m.full && m.loading:
		return s.Muted.Render("loading…") + "\n"
	case !m.full:
		return s.Muted.Render("not loaded (r retries)") + "\n"
	case len(m.version.Files) == 0:
		return s.Muted.Render("none") + "\n"
	}
	var b strings.Builder
	for _, f := range common.PrimaryFirst(m.version.Files) {
		b.WriteString(m.fileText(f, w))
	}
	return b.String()
}

// fileText is one file: its name, then size, primary and external, then
// the external URL when the name is not already it.
func (m *Model) fileText(f api.File, w int) string {
	s := m.common.Styles
	mark := "  "
	if f.IsPrimary {
		mark = s.Accent.Render("★ ")
	}
	name := hardWrap(safe.Reveal(f.Name), w-2, "  ")
	if f.ExternalURL != "" && f.Name == f.ExternalURL { // an external file is named by its URL
		name = common.ShortURL(safe.Reveal(f.Name), w-2)
	}
	out := mark + name + "\n"
	var facts []string
	if f.Size > 0 {
		facts = append(facts, common.Bytes(f.Size))
	}
	if f.IsPrimary {
		facts = append(facts, "primary")
	}
	if f.ExternalURL != "" {
		facts = append(facts, "external URL")
	}
	if len(facts) > 0 {
		out += "  " + s.Muted.Render(strings.Join(facts, " · ")) + "\n"
	}
	if f.ExternalURL != "" && f.ExternalURL != f.Name {
		out += "  " + s.Muted.Render(common.ShortURL(safe.Reveal(f.ExternalURL), w-2)) + "\n"
	}
	return out
}

// depsText lists the dependencies: type, then what they point at.
func (m *Model) depsText(w int) string {
	s := m.common.Styles
	deps := m.version.Dependencies
	switch {
	case len(deps) == 0 && !m.full && m.loading:
		return s.Muted.Render("loading…") + "\n"
	case len(deps) == 0:
		return s.Muted.Render("none") + "\n"
	}
	var b strings.Builder
	for _, d := range deps {
		kind, id := d.Target()
		line := common.Fit(safe.Line(d.Type), 13) + s.Muted.Render(kind+" ") + safe.Reveal(id)
		b.WriteString(hardWrap(line, w, "  ") + "\n")
		if d.URL != "" {
			b.WriteString("  " + s.Muted.Render(common.ShortURL(safe.Reveal(d.URL), w-2)) + "\n")
		}
	}
	return b.String()
}

// links are the addresses the info shows (files' external URLs, then
// dependencies'), whole, each once: u copies them.
func (m *Model) links() []string {
	var out []string
	add := func(u string) {
		if u = safe.Line(u); u != "" && !slices.Contains(out, u) {
			out = append(out, u)
		}
	}
	if m.full {
		for _, f := range common.PrimaryFirst(m.version.Files) {
			add(f.ExternalURL)
		}
	}
	for _, d := range m.version.Dependencies {
		add(d.URL)
	}
	return out
}

// hardWrap wraps s at w cells, breaking long words (URLs, file names),
// and indents continuation lines.
func hardWrap(s string, w int, indent string) string {
	lines := strings.Split(ansi.Wrap(s, max(w, 8), ""), "\n")
	return strings.Join(lines, "\n"+indent)
}
