package publish

import (
	"path/filepath"
	"reflect"
	"slices"
	"strings"

	tea "charm.land/bubbletea/v2"

	"rdash/internal/artifact"
	"rdash/ui/common"
)

// The new-version form reads what its build artifacts say about
// themselves (internal/artifact), as versions create --from does: the
// form's jars and zips are the files given, its first file the primary,
// and a field the user typed is a flag, which always wins. A field the
// screen filled from the files follows them: each read (a second jar, a
// file removed or made primary, a version typed) fills it again, or
// empties it when no file gives it any more. A field the user typed is
// never filled again, even emptied.

// proposer reads files as artifact.Propose does; a test holds it on a gate.
type proposer func(artifact.Input) (*artifact.Proposal, error)

// prefill is the reading of the form's files.
type prefill struct {
	propose proposer
	// dir is where rdash.yml is looked for: "" is the working directory,
	// the user's own (served sessions never show this screen).
	dir     string
	seq     int
	reading []string       // the paths being read; nil when no read is under way
	given   artifact.Given // what the user had typed when the last read began
	report  *readReport    // what the last read found besides the values
	// thenPreview: enter on the button came while a read was under way;
	// the preview follows the read, with its values.
	thenPreview bool
}

// filesReadMsg carries what the form's files say, for read seq.
type filesReadMsg struct {
	seq    int
	p      *artifact.Proposal
	err    error // nothing was proposed: why, naming the file
	cfgErr error // rdash.yml could not be read
}

// readFiles reads rdash.yml and the files' metadata in a command: the
// metadata files are small, but an archive's directory need not be.
func readFiles(seq int, in artifact.Input, dir string, propose proposer) tea.Cmd {
	return func() tea.Msg {
		cfg, cfgErr := artifact.LoadConfig(dir)
		in.Config = cfg
		p, err := propose(in)
		return filesReadMsg{seq: seq, p: p, err: err, cfgErr: cfgErr}
	}
}

// readable reports that e is read for metadata: a jar or zip on disk.
func readable(e entry) bool {
	ext := strings.ToLower(filepath.Ext(e.name))
	return e.isUpload() && (ext == ".jar" || ext == ".zip")
}

// archives are the paths of the form's files to read, in the form's
// order, and the primary's when it is one of them.
func (m *Model) archives() (paths []string, primary string) {
	for i, e := range m.form.files {
		if !readable(e) {
			continue
		}
		paths = append(paths, e.path)
		if i == 0 {
			primary = e.path
		}
	}
	return paths, primary
}

// read reads the form's files again, after they changed; a read under way
// is superseded. With none left to read, what earlier reads filled is
// taken back. An edit keeps the version's values: it reads nothing.
func (m *Model) read() tea.Cmd {
	if m.editID != "" {
		return nil
	}
	p := &m.pre
	p.seq++
	paths, primary := m.archives()
	if len(paths) == 0 {
		p.reading, p.report = nil, nil
		m.fillFrom(&artifact.Proposal{}, nil, &readReport{})
		return nil
	}
	in := artifact.Input{Paths: paths, Given: m.given(), Project: artifact.Project{
		Channels: slices.Clone(m.channels), GameVersions: slices.Clone(m.game)}}
	p.given, p.reading = in.Given, paths
	in.Given.Primary = primary
	return readFiles(p.seq, in, p.dir, p.propose)
}

// rereadIfTyped reads the files again when what the user typed changed
// since the last read: a version typed sets the channel from its suffix,
// the name after it, and settles files that disagree on the version.
func (m *Model) rereadIfTyped() tea.Cmd {
	if paths, _ := m.archives(); len(paths) == 0 || reflect.DeepEqual(m.given(), m.pre.given) {
		return nil
	}
	return m.read()
}

// given is what the user typed, as the flags of a read: the fields the
// screen did not fill.
func (m *Model) given() artifact.Given {
	f := m.form
	typed := func(i field) string {
		if f.users(i) {
			return f.value(i)
		}
		return ""
	}
	g := artifact.Given{Version: typed(fVersion), Name: typed(fName), Channel: typed(fChannel),
		GameVersions: listOrNil(typed(fGame)), Platforms: listOrNil(typed(fPlatforms))}
	if d, err := parseDeps(typed(fDeps)); err == nil {
		g.Dependencies = d
	}
	return g
}

// listOrNil splits a list field; nil when it is empty, which is "not given".
func listOrNil(s string) []string {
	if l := common.SplitList(s); len(l) > 0 {
		return l
	}
	return nil
}

// filesRead fills the form from a read, unless a later one superseded it,
// and the preview follows when enter asked for it during the read.
func (m *Model) filesRead(msg filesReadMsg) tea.Cmd {
	p := &m.pre
	if msg.seq != p.seq {
		return nil
	}
	names := baseNames(p.reading)
	p.reading = nil
	r := &readReport{}
	if msg.err != nil {
		// Several bad files are joined, one a line.
		r.errs = strings.Split(names.Replace(msg.err.Error()), "\n")
	} else {
		m.fillFrom(msg.p, msg.cfgErr, r)
		r.describe(msg.p, names)
		m.takeLog(false) // a version read from the jar takes its own section
	}
	p.report = r
	if p.thenPreview && m.stage == stageForm && m.form.focus == fButton {
		p.thenPreview = false
		return m.preview()
	}
	return nil
}

// baseNames writes each path as its base name, the form's name for it:
// the longest first, so a path never loses part of a longer one.
func baseNames(paths []string) *strings.Replacer {
	sorted := slices.Clone(paths)
	slices.SortFunc(sorted, func(a, b string) int { return len(b) - len(a) })
	var pairs []string
	for _, path := range sorted {
		pairs = append(pairs, path, filepath.Base(path))
	}
	return strings.NewReplacer(pairs...)
}

// readingWhat names the files being read, for the status and the form.
func (m *Model) readingWhat() string {
	names := make([]string, len(m.pre.reading))
	for i, path := range m.pre.reading {
		names[i] = filepath.Base(path)
	}
	return "reading " + strings.Join(names, ", ")
}
