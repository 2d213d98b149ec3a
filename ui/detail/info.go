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

// infoText is the version's metadata, files and dependencies, w wide,
// one after the other: the narrow layout's info, under the changelog.
func (m *Model) infoText(w int) string {
	lines := slices.Concat(m.metaLines(w), []string{""}, m.filesSection(w), []string{""}, m.depsSection(w))
	return strings.Join(lines, "\n")
}

// metaLines are the version's fields, a label and a value a line; a long
// value wraps under itself.
func (m *Model) metaLines(w int) []string {
	s := m.common.Styles
	v := m.version
	var out []string
	field := func(label, value string) {
		for i, l := range strings.Split(ansi.Wrap(value, max(w-labelWidth, 8), ", "), "\n") {
			lab := ""
			if i == 0 {
				lab = label
			}
			out = append(out, s.Label.Render(common.Fit(lab, labelWidth))+strings.TrimRight(l, " "))
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
	return out
}

// filesSection is FILES and its lines, w wide.
func (m *Model) filesSection(w int) []string {
	return append([]string{m.common.Styles.Section.Render("FILES")}, lines(m.filesText(w))...)
}

// depsSection is DEPENDENCIES and its lines, w wide.
func (m *Model) depsSection(w int) []string {
	return append([]string{m.common.Styles.Section.Render("DEPENDENCIES")}, lines(m.depsText(w))...)
}

func lines(text string) []string { return strings.Split(strings.TrimRight(text, "\n"), "\n") }

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
		name = m.link(f.Name, w-2, "  ")
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
		out += "  " + s.Muted.Render(m.link(f.ExternalURL, w-2, "  ")) + "\n"
	}
	return out
}

// link is the address u in w cells: whole when it fits; else shortened
// to one line (common.ShortURL), or, with the links whole (w), broken
// into lines of w cells, indented, only where it must. A shortened one
// is recorded, so that w is offered.
func (m *Model) link(u string, w int, indent string) string {
	u = safe.Reveal(u)
	switch {
	case ansi.StringWidth(u) <= w:
		return u
	case m.wholeLinks: // full lines: a break at a hyphen would cut it sooner than it must
		return strings.Join(strings.Split(ansi.Hardwrap(u, max(w, 8), false), "\n"), "\n"+indent)
	}
	m.shortened = true
	return common.ShortURL(u, w)
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
		kind, target := m.depTarget(d)
		line := common.Fit(safe.Line(d.Type), 13) + s.Muted.Render(kind+" ") + target
		b.WriteString(hardWrap(line, w, "  ") + "\n")
		if d.URL != "" {
			b.WriteString("  " + s.Muted.Render(m.link(d.URL, w-2, "  ")) + "\n")
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
