package publish

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"rdash/internal/artifact"
	"rdash/internal/safe"
	"rdash/ui/common"
	"rdash/ui/markdown"
)

// The changelog field takes its text from a changelog file (ctrl+o on
// the field): the section of the form's version when the file follows
// Keep a Changelog ("## [2.7.0]"), else the whole file, as versions
// create --changelog-file does (artifact.ChangelogSection). The file is
// read once, in a command; while the changelog holds what the file gave,
// it follows the version: a version typed or read from a jar takes its
// own section, or none. Served sessions never show this screen (their
// files would be the server's).

// maxLogFile bounds the changelog file read: a changelog is text, and a
// larger file is more likely a mistake than notes.
const maxLogFile = 1 << 20

// logFile is the changelog file chosen, and what was taken from it.
type logFile struct {
	input   textinput.Model // the path, on the prompt
	seq     int
	reading bool
	err     string             // why the last file could not be read
	doc     *artifact.Document // the file read; nil before one is
	version string             // the version the section was taken for
	taken   string             // the changelog as the file gave it
	source  string             // where taken came from: "CHANGELOG.md: section [2.7.0]"
	gap     string             // why nothing was taken for version
}

func newLogFile(s *common.Styles) logFile {
	in := common.NewInput(s, "", "CHANGELOG.md", 1024)
	in.KeyMap.AcceptSuggestion.SetEnabled(false)
	in.SetValue("CHANGELOG.md")
	return logFile{input: in}
}

// logFileReadMsg carries the changelog file read, or why not.
type logFileReadMsg struct {
	seq  int
	path string
	doc  *artifact.Document
	err  error
}

// readLogFile reads path in a command, a leading ~ read as the home
// directory.
func readLogFile(seq int, path string) tea.Cmd {
	return func() tea.Msg {
		path := common.ExpandHome(path)
		doc, err := loadLogFile(path)
		return logFileReadMsg{seq: seq, path: path, doc: doc, err: err}
	}
}

// loadLogFile reads a regular file of at most maxLogFile bytes of UTF-8.
func loadLogFile(path string) (*artifact.Document, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	switch {
	case err != nil:
		return nil, err
	case !fi.Mode().IsRegular():
		return nil, errNotRegular
	}
	b, err := io.ReadAll(io.LimitReader(f, maxLogFile+1))
	switch {
	case err != nil:
		return nil, err
	case len(b) > maxLogFile:
		return nil, fmt.Errorf("is larger than %s, the most read as a changelog", common.Bytes(maxLogFile))
	case !utf8.Valid(b):
		return nil, fmt.Errorf("is not UTF-8 text")
	}
	return &artifact.Document{Name: filepath.Base(path), Text: string(b)}, nil
}

// openLogFile shows the prompt for the changelog file's path.
func (m *Model) openLogFile() tea.Cmd {
	m.stage, m.log.err = stageLogFile, ""
	m.log.input.CursorEnd()
	return m.log.input.Focus()
}

// logFileKey handles a key on the prompt: enter reads the file, esc goes
// back to the form.
func (m *Model) logFileKey(msg tea.KeyPressMsg) tea.Cmd {
	l := &m.log
	switch {
	case key.Matches(msg, m.keys.Back):
		l.seq++ // a read under way is dropped
		l.reading, l.err = false, ""
		m.stage = stageForm
		return m.form.focusCmd()
	case key.Matches(msg, m.keys.Submit):
		path := strings.TrimSpace(l.input.Value())
		if path == "" {
			l.err = "type the path of a changelog file"
			return nil
		}
		l.seq++
		l.reading, l.err = true, ""
		return readLogFile(l.seq, path)
	}
	l.err = ""
	var cmd tea.Cmd
	l.input, cmd = l.input.Update(msg)
	return cmd
}

// logFileRead takes the changelog from the file read, and goes back to
// the form's changelog field; a file that could not be read stays on
// the prompt, with why.
func (m *Model) logFileRead(msg logFileReadMsg) tea.Cmd {
	l := &m.log
	if msg.seq != l.seq || m.stage != stageLogFile {
		return nil
	}
	l.reading = false
	if msg.err != nil {
		l.err = safe.Line(msg.path) + ": " + safe.Line(describePathErr(msg.err))
		return nil
	}
	l.doc = msg.doc
	m.takeLog(true)
	m.stage = stageForm
	m.form.blur()
	m.form.focus = fChangelog
	return m.form.focusCmd()
}

// takeLog takes the section of the form's version from the file read:
// at once when the file was just chosen (force), else when the version
// changed and the changelog still holds what the file gave. A version
// the file has no section for takes nothing: what the file gave for
// another version goes, and the field says why.
func (m *Model) takeLog(force bool) {
	l, f := &m.log, m.form
	version := f.value(fVersion)
	if l.doc == nil || !force && (version == l.version || f.changelog != l.taken) {
		return
	}
	l.version = version
	taken, gap := artifact.ChangelogSection(*l.doc, version)
	l.gap = gap
	if gap != "" {
		if !force {
			f.changelog = ""
		}
		l.taken, l.source = f.changelog, ""
		return
	}
	f.changelog, l.taken, l.source = taken.Value, taken.Value, taken.Source
}

// logMarks are the lines under the changelog field: where its text came
// from while it holds it, or why the file gave nothing.
func (m *Model) logMarks() []string {
	s, l := m.common.Styles, m.log
	switch {
	case l.doc == nil:
		return nil
	case l.gap != "" && m.form.changelog == l.taken:
		return m.under(s.Warn, "? ", "not taken: "+safe.Line(l.gap))
	case l.source != "" && m.form.changelog == l.taken:
		return m.under(s.Muted, "", "from "+safe.Line(l.source))
	}
	return nil
}

// logFileView is the prompt for the changelog file's path.
func (m *Model) logFileView() string {
	s, l := m.common.Styles, m.log
	what := "the section of the version typed"
	if v := m.form.value(fVersion); v != "" {
		what = "the section ## [" + safe.Line(v) + "]"
	}
	lines := []string{s.Title.Render(common.Cut("Take the changelog from a file", m.width)), ""}
	lines = append(lines, m.wrapped(s.Muted, "The changelog becomes "+what+" when the file follows Keep a Changelog, else the whole file.")...)
	lines = append(lines, "", common.Cut(s.Accent.Render("› ")+s.Prompt.Render(common.Fit("File", labelWidth-2))+l.input.View(), m.width))
	switch {
	case l.reading:
		lines = append(lines, m.under(s.Muted, "", "reading…")...)
	case l.err != "":
		lines = append(lines, m.under(s.Bad, "✗ ", l.err)...)
	}
	return strings.Join(lines, "\n")
}

// wrapped is text wrapped to the width, in style.
func (m *Model) wrapped(style lipgloss.Style, text string) []string {
	var out []string
	for _, l := range strings.Split(markdown.Wrap(text, max(m.width, 10)), "\n") {
		out = append(out, style.Render(l))
	}
	return out
}
