package publish

import (
	"errors"
	"io"
	"slices"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/textinput"

	"rdash/api"
	"rdash/internal/safe"
	"rdash/ui/common"
)

// field is a stop of the form's focus, in the order shown.
type field int

const (
	fChannel field = iota
	fVersion
	fName
	fChangelog
	fGame
	fPlatforms
	fDeps
	fAdd
	fFiles
	fButton
	fieldCount
)

// labels name the fields on screen; wire names them as the interface
// does, which is how the API's validation errors name them.
var labels = [fieldCount]string{"Channel", "Version", "Name", "Changelog", "Game versions", "Platforms",
	"Dependencies", "Add a file", "Files", ""}

// entry is one of the version's files: a local file to upload or an
// external URL.
type entry struct {
	name     string // the upload's file name, or the URL
	path     string // where the upload is read from; empty for a URL or a kept file
	size     int64
	url      bool // an external URL
	existing bool // a file the version has (edit): listed by name, kept
}

func (e entry) isURL() bool { return e.url }

// isUpload reports that e is read from disk and sent.
func (e entry) isUpload() bool { return e.path != "" }

// form is the new version's fields as typed.
type form struct {
	inputs    [fieldCount]textinput.Model // the one-line fields; others are unused
	changelog string
	files     []entry // the first is primary
	chosen    int     // the file under the cursor in the list
	focus     field
	touched   [fieldCount]bool // left once, so "is required" may show
	complete  common.Completion
	cycling   bool   // tab has just completed a value
	addErr    string // why the last file could not be added
	tried     bool   // enter on the button: every error shows
	editing   bool   // the form edits a version: its files may be kept by name
	// placeholders are the fields' hints whole; each field shows as much
	// of its hint as its width holds, cut at a word (common.SizeInput).
	placeholders [fieldCount]string
	// filled is each field's text as the screen filled it: from the
	// edited version (drawn with safe.Line, so not always the server's),
	// the project's default channel, or the files read. A field still
	// holding it is unchanged, whatever its text; one that does not is the
	// user's, which nothing the screen reads later overwrites.
	filled [fieldCount]string
	// source says where a field's filled text was read from (`plugin.yml:
	// api-version "1.21"`), shown under it while it holds that text.
	source [fieldCount]string
	// filledLog and filledFiles are the changelog and files as filled:
	// a form that still holds all of them has nothing to lose on esc.
	filledLog   string
	filledFiles []entry
	// rejected is the field the server refused, and why; refusal is a
	// refusal that names no field, for the form's head.
	rejected *rejection
	refusal  string
}

// dirty reports that the user changed something in the form: esc asks
// again before dropping it.
func (f *form) dirty() bool {
	for i := range fieldCount {
		if isInput(i) && f.inputs[i].Value() != f.filled[i] {
			return true
		}
	}
	return f.changelog != f.filledLog || !slices.Equal(f.files, f.filledFiles)
}

// users reports that field i holds text the user typed, not text the
// screen filled.
func (f *form) users(i field) bool { return f.inputs[i].Value() != f.filled[i] }

// put fills field i with v, read from source ("" for a value no file
// gave), unless the field is the user's.
func (f *form) put(i field, v, source string) {
	if f.users(i) {
		return
	}
	f.inputs[i].SetValue(safe.Line(v))
	f.inputs[i].CursorStart() // a long list shows from its start
	f.filled[i], f.source[i] = f.inputs[i].Value(), source
}

// mark is where field i's text was read from, while it holds that text.
func (f *form) mark(i field) string {
	if f.users(i) {
		return ""
	}
	return f.source[i]
}

func newForm(s *common.Styles) *form {
	f := &form{}
	placeholders := [fieldCount]string{
		fChannel: "slug or ID (←/→ or tab chooses)", fVersion: "e.g. 2.5.0", fName: "e.g. Lumen 2.5.0",
		fGame:      "e.g. 1.21.4, 1.21.5 (empty: the channel's)",
		fPlatforms: "e.g. paper, folia (empty: the channel's)",
		fDeps:      "TYPE:KIND:TARGET, e.g. required:project:AbCd1234 (empty: the channel's; none: none)",
		fAdd:       "a path or an http(s) URL; a jar fills the form",
	}
	f.placeholders = placeholders
	for _, i := range []field{fChannel, fVersion, fName, fGame, fPlatforms, fDeps, fAdd} {
		f.inputs[i] = common.NewInput(s, "", placeholders[i], 1024)
		f.inputs[i].KeyMap.AcceptSuggestion.SetEnabled(false)
	}
	return f
}

// isInput reports that field i is a one-line text field.
func isInput(i field) bool {
	switch i {
	case fChangelog, fFiles, fButton:
		return false
	}
	return true
}

func (f *form) value(i field) string { return strings.TrimSpace(f.inputs[i].Value()) }

// request is the version the form describes, as it would be sent.
func (f *form) request() *api.CreateVersionRequest {
	r := &api.CreateVersionRequest{
		Channel: f.value(fChannel), Version: f.value(fVersion), Name: f.value(fName),
		Changelog: f.changelog,
	}
	if g := common.SplitList(f.inputs[fGame].Value()); len(g) > 0 {
		r.MinecraftVersions = g
	}
	if p := common.SplitList(f.inputs[fPlatforms].Value()); len(p) > 0 {
		r.Platforms = p
	}
	r.Dependencies, _ = parseDeps(f.inputs[fDeps].Value())
	for _, e := range f.files {
		r.Files = append(r.Files, e.name)
		if e.isUpload() {
			r.Uploads = append(r.Uploads, api.Upload{Name: e.name, Open: openFile(e.path)})
		}
	}
	return r
}

// errorOf is why field i cannot be sent as it is, in the API's words
// ("data.version: must be at most 32 characters (has 33)"). Each field
// is checked alone, by the API's own rules, in a request otherwise valid.
func (f *form) errorOf(i field) error {
	full := f.request()
	r := validBase()
	switch i {
	case fChannel:
		r.Channel = full.Channel
	case fVersion:
		r.Version = full.Version
	case fName:
		r.Name = full.Name
	case fGame:
		r.MinecraftVersions = full.MinecraftVersions
	case fPlatforms:
		r.Platforms = full.Platforms
	case fDeps:
		if _, err := parseDeps(f.inputs[fDeps].Value()); err != nil {
			return err
		}
		r.Dependencies = full.Dependencies
	case fAdd:
		if f.addErr != "" {
			return errors.New(f.addErr)
		}
		return nil
	case fFiles:
		if f.editing {
			files := full.Files
			if files == nil {
				files = []string{}
			}
			return (&api.UpdateVersionRequest{Files: files, Uploads: full.Uploads}).Validate()
		}
		r.Files, r.Uploads = full.Files, full.Uploads
	default:
		return nil
	}
	return r.Validate()
}

// shown is the error to show beside field i: errors of a field not yet
// visited wait until it is left or the form is sent, except those of
// something typed.
func (f *form) shown(i field) error {
	err := f.errorOf(i)
	if err == nil {
		return nil
	}
	typed := isInput(i) && f.inputs[i].Value() != "" || i == fFiles && len(f.files) > 0
	if f.tried || f.touched[i] || typed {
		return err
	}
	return nil
}

// firstError is the first field that cannot be sent, and why.
func (f *form) firstError() (field, error) {
	for i := range fieldCount {
		if err := f.errorOf(i); err != nil {
			return i, err
		}
	}
	return 0, nil
}

var errNotOpened = errors.New("not opened")

// depsNone is the dependencies field's word for none.
const depsNone = "none"

// validBase is a request every rule accepts, for checking one field.
func validBase() *api.CreateVersionRequest {
	return &api.CreateVersionRequest{Channel: "release", Version: "1", Name: "n", Files: []string{"f"},
		Uploads: []api.Upload{{Name: "f", Open: func() (io.ReadCloser, error) { return nil, errNotOpened }}}}
}

// parseDeps reads TYPE:KIND:TARGET[=URL] specs, as the command line
// does; the API's rules check what they say. "none" alone is no
// dependency at all (sent as []), where an empty field leaves the
// channel's: a plugin that declares none is published with none.
func parseDeps(s string) ([]api.Dependency, error) {
	specs := common.SplitList(s)
	switch {
	case len(specs) == 0:
		return nil, nil
	case len(specs) == 1 && strings.EqualFold(specs[0], depsNone):
		return []api.Dependency{}, nil
	}
	out := make([]api.Dependency, 0, len(specs))
	for i, spec := range specs {
		d, err := api.ParseDependency(spec)
		if err != nil {
			return nil, &api.ValidationError{Field: "data.dependencies[" + strconv.Itoa(i) + "]", Rule: err.Error()}
		}
		out = append(out, d)
	}
	return out, nil
}
