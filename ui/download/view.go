package download

import (
	"path/filepath"
	"strings"

	"charm.land/bubbles/v2/key"
	"github.com/charmbracelet/x/ansi"

	"rdash/internal/safe"
	"rdash/ui/common"
)

// View renders the screen at its size.
func (m *Model) View() string {
	s := m.common.Styles
	title := s.Title.Render(common.Cut("Download "+safe.Line(m.version.Version)+" of "+safe.Line(m.project.Key()), m.width))
	var body []string
	switch m.stage {
	case stageRunning:
		body = m.runningLines()
	case stageExists:
		body = m.existsLines()
	case stageDone:
		body = m.doneLines()
	default:
		body = m.chooseLines()
	}
	return common.Clip(title+"\n\n"+strings.Join(body, "\n"), m.width, m.height)
}

func (m *Model) chooseLines() []string {
	s := m.common.Styles
	var out []string
	switch {
	case m.loading:
		return []string{s.Muted.Render("Loading the files…")}
	case m.loadErr != nil:
		return []string{s.Bad.Render(common.Cut(common.Describe(m.loadErr).Text(), m.width)), s.Muted.Render("r tries again · esc back")}
	case len(m.version.Files) == 0:
		return []string{s.Muted.Render("This version has no files."), s.Muted.Render("esc back")}
	}
	for i, f := range m.version.Files {
		mark := "  "
		if i == m.chosen && !m.dirFocus {
			mark = s.Accent.Render("> ")
		} else if i == m.chosen {
			mark = s.Muted.Render("> ")
		}
		what := s.Muted.Render(common.Bytes(f.Size))
		if f.ExternalURL != "" {
			what = s.Warn.Render("external, not fetched")
			if f.Name != f.ExternalURL {
				what += s.Muted.Render(": " + safe.Line(f.ExternalURL))
			}
		} else if c, ok := f.StrongestChecksum(); ok {
			what += s.Muted.Render(" · " + c.Algorithm)
		}
		prim := ""
		if f.IsPrimary {
			prim = s.Good.Render(" primary")
		}
		out = append(out, common.Cut(mark+s.Value.Render(safe.Line(f.Name))+prim+"  "+what, m.width))
	}
	label := s.Label.Render("  Into          ")
	if m.dirFocus {
		label = s.Accent.Render("› ") + s.Prompt.Render("Into          ")
	}
	out = append(out, "", common.Cut(label+m.dir.View(), m.width), "")
	hint := "↑/↓ choose · enter downloads · tab the directory · esc back"
	if m.chosen < len(m.version.Files) && m.version.Files[m.chosen].ExternalURL != "" {
		hint = "↑/↓ choose · enter copies the external URL (it is not fetched) · esc back"
	}
	if m.dirFocus {
		hint = "type a directory · enter downloads · tab or esc back to the files"
	}
	return append(out, s.Muted.Render(common.Cut(hint, m.width)))
}

func (m *Model) runningLines() []string {
	s := m.common.Styles
	done, total, elapsed := m.run.Snapshot()
	frac := 0.0
	if total > 0 {
		frac = min(float64(done)/float64(total), 1)
	}
	return []string{
		common.Cut("Downloading "+m.run.name, m.width), "",
		"  " + m.bar.ViewAs(frac),
		"  " + s.Muted.Render(common.Cut(common.Transfer(done, total, elapsed), m.width-2)),
		"",
		s.Muted.Render(common.Cut("esc cancels; the partial .part file is removed", m.width)),
	}
}

func (m *Model) doneLines() []string {
	s := m.common.Styles
	st := s.Good
	if m.failed {
		st = s.Bad
	}
	var out []string
	for _, l := range strings.Split(m.outcome, "\n") {
		out = append(out, st.Render(common.Cut(l, m.width)))
	}
	return append(out, "", s.Muted.Render(common.Cut("enter chooses another file · esc back", m.width)))
}

// existsLines ask what to do with the file already there: the question
// wraps, and each answer is whole on its line.
func (m *Model) existsLines() []string {
	s := m.common.Styles
	var out []string
	for _, l := range []string{safe.Line(filepath.Base(m.exists)) + " is already in", "  " + safe.Line(filepath.Dir(m.exists))} {
		for _, w := range strings.Split(ansi.Wrap(l, max(m.width, 10), " "), "\n") {
			out = append(out, s.Warn.Render(w))
		}
	}
	out = append(out, "")
	for _, l := range []string{
		"o  overwrite it",
		"k  keep both: save this one as " + safe.Line(filepath.Base(m.free)),
		"esc  download nothing",
	} {
		for _, w := range strings.Split(ansi.Wrap(l, max(m.width-2, 10), " "), "\n") {
			out = append(out, "  "+w)
		}
	}
	return out
}

// ShortHelp is the footer's keys. esc is listed only while the screen
// keeps it; otherwise the root lists it, once.
func (m *Model) ShortHelp() []key.Binding {
	k := m.keys
	switch m.stage {
	case stageRunning:
		return []key.Binding{common.WithHelp(k.Back, "esc", "cancel")}
	case stageExists:
		return []key.Binding{k.Overwrite, k.KeepBoth, common.WithHelp(k.Back, "esc", "cancel")}
	case stageDone:
		return []key.Binding{k.Again}
	}
	if m.dirFocus {
		return []key.Binding{k.Download, common.WithHelp(k.Switch, "tab/esc", "files")}
	}
	if m.chosen < len(m.version.Files) && m.version.Files[m.chosen].ExternalURL != "" {
		return []key.Binding{common.WithHelp(k.Download, "enter", "copy the URL"), k.Switch}
	}
	return []key.Binding{k.Download, k.Switch}
}

// FullHelp is the ? overlay's keys.
func (m *Model) FullHelp() [][]key.Binding {
	k := m.keys
	return [][]key.Binding{{k.Download, k.Switch, k.Reload}, {k.Overwrite, k.KeepBoth, k.Again, k.Back}}
}
