package publish

import (
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"charm.land/bubbles/v2/filepicker"
	tea "charm.land/bubbletea/v2"

	"rdash/internal/safe"
	"rdash/ui/common"
)

// openFile opens a file to upload when the request is sent: it is
// streamed from disk, never read whole.
func openFile(path string) func() (io.ReadCloser, error) {
	return func() (io.ReadCloser, error) { return os.Open(path) }
}

// fileCheckedMsg is a path typed or picked, looked at on disk.
type fileCheckedMsg struct {
	seq  int
	path string
	size int64
	err  error
}

// checkFile looks at path in a command, a leading ~ read as the home
// directory there (common.ExpandHome): it must be a regular file.
func checkFile(seq int, path string) tea.Cmd {
	return func() tea.Msg {
		path := common.ExpandHome(path)
		fi, err := os.Stat(path)
		switch {
		case err != nil:
			return fileCheckedMsg{seq: seq, path: path, err: err}
		case !fi.Mode().IsRegular():
			return fileCheckedMsg{seq: seq, path: path, err: errNotRegular}
		}
		return fileCheckedMsg{seq: seq, path: path, size: fi.Size()}
	}
}

type notRegular struct{}

func (notRegular) Error() string { return "is not a regular file" }

var errNotRegular error = notRegular{}

// add takes what the add field holds: an external URL is listed at once
// (never fetched), a path is looked at first.
func (m *Model) add() tea.Cmd {
	f := m.form
	v := strings.TrimSpace(f.inputs[fAdd].Value())
	f.addErr = ""
	switch {
	case v == "":
		return nil
	case strings.Contains(v, "://"):
		f.addEntry(entry{name: v, url: true})
		f.inputs[fAdd].SetValue("")
		return nil
	}
	m.fileSeq++
	return checkFile(m.fileSeq, v)
}

// fileChecked lists a file found on disk, and reads the form's jars again.
func (m *Model) fileChecked(msg fileCheckedMsg) tea.Cmd {
	f := m.form
	if msg.seq != m.fileSeq {
		return nil
	}
	if msg.err != nil {
		f.addErr = safe.Line(msg.path) + ": " + safe.Line(describePathErr(msg.err))
		return nil
	}
	f.addEntry(entry{name: filepath.Base(msg.path), path: msg.path, size: msg.size})
	f.inputs[fAdd].SetValue("")
	return m.read()
}

func describePathErr(err error) string {
	switch {
	case os.IsNotExist(err):
		return "no such file"
	case os.IsPermission(err):
		return "permission denied"
	case err == errNotRegular:
		return err.Error()
	}
	return err.Error()
}

// addEntry lists e, the first file being primary; a repeat of a listed
// name replaces it.
func (f *form) addEntry(e entry) {
	if i := slices.IndexFunc(f.files, func(o entry) bool { return o.name == e.name }); i >= 0 {
		f.files[i] = e
		return
	}
	f.files = append(f.files, e)
}

// makePrimary moves the chosen file to the front: the first is primary.
func (f *form) makePrimary() {
	if f.chosen <= 0 || f.chosen >= len(f.files) {
		return
	}
	e := f.files[f.chosen]
	f.files = slices.Insert(slices.Delete(f.files, f.chosen, f.chosen+1), 0, e)
	f.chosen = 0
}

func (f *form) removeChosen() {
	if f.chosen < 0 || f.chosen >= len(f.files) {
		return
	}
	f.files = slices.Delete(f.files, f.chosen, f.chosen+1)
	f.chosen = max(0, min(f.chosen, len(f.files)-1))
}

// fileLines list the files, the chosen one marked when the list has focus.
func (f *form) fileLines(s *common.Styles, width int) []string {
	if len(f.files) == 0 {
		return []string{s.Placeholder.Render("none yet: add a path or URL above")}
	}
	out := make([]string, len(f.files))
	for i, e := range f.files {
		mark := "  "
		if f.focus == fFiles && i == f.chosen {
			mark = s.Accent.Render("> ")
		}
		what := s.Muted.Render(common.Bytes(e.size))
		switch {
		case e.existing && e.isURL():
			what = s.Muted.Render("external URL, kept")
		case e.existing:
			what = s.Muted.Render(common.Bytes(e.size) + ", kept")
		case e.isURL():
			what = s.Muted.Render("external URL, not uploaded")
		}
		prim := ""
		if i == 0 {
			prim = s.Good.Render(" primary")
		}
		out[i] = common.Cut(mark+s.Value.Render(safe.Line(e.name))+"  "+what+prim, width)
	}
	return out
}

// newPicker is a file picker that starts in the current directory.
func newPicker(height int) filepicker.Model {
	p := filepicker.New()
	p.CurrentDirectory = "."
	if wd, err := os.Getwd(); err == nil {
		p.CurrentDirectory = wd
	}
	p.ShowPermissions = false
	p.AutoHeight = false
	p.SetHeight(max(height, 3))
	return p
}
