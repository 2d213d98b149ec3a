package download

import (
	"path/filepath"
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"rdash/internal/safe"
	"rdash/ui/common"
	"rdash/ui/markdown"
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
		return wrap(s.Bad, common.Describe(m.loadErr).Text(), m.width)
	case len(m.version.Files) == 0:
		return []string{s.Muted.Render("This version has no files.")}
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
		name := safe.Line(f.Name)
		if f.ExternalURL == f.Name { // the URL gives way, so that "not fetched" is read
			room := m.width - 4 - ansi.StringWidth(prim+what)
			name = common.ShortURL(name, max(room, 16))
		}
		out = append(out, common.Cut(mark+s.Value.Render(name)+prim+"  "+what, m.width))
	}
	label := s.Label.Render("  Into          ")
	if m.dirFocus {
		label = s.Accent.Render("› ") + s.Prompt.Render("Into          ")
	}
	out = append(out, "", common.Cut(label+m.dir.View(), m.width))
	return out
}

// wrap is text wrapped at spaces to width, each line in style.
func wrap(style lipgloss.Style, text string, width int) []string {
	var out []string
	for _, l := range strings.Split(markdown.Wrap(text, max(width, 10)), "\n") {
		out = append(out, style.Render(l))
	}
	return out
}

func (m *Model) runningLines() []string {
	s := m.common.Styles
	done, total, elapsed := m.run.Snapshot()
	frac := 0.0
	if total > 0 {
		frac = min(float64(done)/float64(total), 1)
	}
	says := "esc cancels; the partial .part file is removed"
	if m.cancelling {
		says = "Cancelling; the partial .part file is being removed…"
	}
	return append([]string{
		common.Cut("Downloading "+m.run.name, m.width), "",
		"  " + m.bar.ViewAs(frac),
		"  " + s.Muted.Render(common.Cut(common.Transfer(done, total, elapsed), m.width-2)),
		"",
	}, wrap(s.Muted, says, m.width)...)
}

func (m *Model) doneLines() []string {
	s := m.common.Styles
	st := s.Good
	if m.failed {
		st = s.Bad
	}
	var out []string
	for _, l := range strings.Split(m.outcome, "\n") {
		out = append(out, wrap(st, l, m.width)...)
	}
	return out
}

// existsLines ask what to do with the file already there: the question
// wraps, and each answer is whole on its line.
func (m *Model) existsLines() []string {
	s := m.common.Styles
	var out []string
	for _, l := range []string{safe.Line(filepath.Base(m.exists)) + " is already in", "  " + safe.Line(filepath.Dir(m.exists))} {
		for _, w := range strings.Split(markdown.Wrap(l, max(m.width, 10)), "\n") {
			out = append(out, s.Warn.Render(w))
		}
	}
	out = append(out, "")
	for _, l := range []string{
		"o  overwrite it",
		"k  keep both: save this one as " + safe.Line(filepath.Base(m.free)),
		"esc  download nothing",
	} {
		for _, w := range strings.Split(markdown.Wrap(l, max(m.width-2, 10)), "\n") {
			out = append(out, "  "+w)
		}
	}
	return out
}

// hints are the keys that work where the screen is, the most used
// first.
func (m *Model) hints() []key.Binding {
	k := m.keys
	switch {
	case m.stage == stageRunning && m.cancelling:
		return nil
	case m.stage == stageRunning:
		return []key.Binding{common.WithHelp(k.Back, "esc", "cancel")}
	case m.stage == stageExists:
		return []key.Binding{k.Overwrite, k.KeepBoth, common.WithHelp(k.Back, "esc", "cancel")}
	case m.stage == stageDone:
		return []key.Binding{k.Again, k.Back}
	case m.loadErr != nil:
		return []key.Binding{k.Reload, k.Back}
	case m.loading || len(m.version.Files) == 0:
		return []key.Binding{k.Back}
	case m.dirFocus:
		return []key.Binding{k.Download, k.Files}
	}
	var out []key.Binding
	if len(m.version.Files) > 1 {
		out = append(out, m.chooseHint())
	}
	download := k.Download
	if m.version.Files[m.chosen].ExternalURL != "" {
		download = common.WithHelp(k.Download, "enter", "copy the URL (not fetched)")
	}
	return append(out, download, k.Switch, k.Back)
}

// ShortHelp is the footer's keys. esc is listed only while the screen
// keeps it; otherwise the root lists it, once.
func (m *Model) ShortHelp() []key.Binding {
	out := m.hints()
	if !m.Capturing() {
		out = slices.DeleteFunc(out, func(b key.Binding) bool { return slices.Contains(b.Keys(), "esc") })
	}
	return out
}

// FullHelp is the ? overlay's keys: those of the step the screen is
// at, and the list's moves while a file is chosen among several.
func (m *Model) FullHelp() [][]key.Binding {
	choose := m.chooseHint().Help()
	out := [][]key.Binding{slices.DeleteFunc(m.hints(), func(b key.Binding) bool { return b.Help() == choose })}
	if m.stage == stageChoose && !m.dirFocus && !m.loading && len(m.version.Files) > 1 {
		c := m.common.Keys
		out = append(out, []key.Binding{common.WithHelp(c.Up, "↑/k", "previous file"),
			common.WithHelp(c.Down, "↓/j", "next file"), c.PageUp, c.PageDown, c.Top, c.Bottom})
	}
	return out
}

// chooseHint stands for the list's moves in the footer, in one hint; the
// ? overlay lists them one by one.
func (m *Model) chooseHint() key.Binding {
	return common.WithHelp(m.common.Keys.Down, "↑/↓", "choose")
}

// HelpKey implements common.FieldHelp: ? opens the help while a download
// runs or the question is asked, and from the directory field while it is
// empty (a path may hold a ?); f1 from any.
func (m *Model) HelpKey() key.Binding {
	if m.dirFocus && m.stage == stageChoose {
		return common.HelpInField(m.dir.Value(), true)
	}
	return common.HelpInField("", false)
}
