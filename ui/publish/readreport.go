package publish

import (
	"fmt"
	"path/filepath"
	"strings"

	"rdash/api"
	"rdash/internal/artifact"
)

// readReport is what a read found besides the values: the files read,
// what could not be read, what was assumed, or why nothing was read. Its
// text is the files' and rdash.yml's; the view makes it safe.
type readReport struct {
	read     []string // "lumen.jar (plugin.yml)"
	errs     []string // nothing was filled: why, each naming its file
	unread   []string // "Game versions: …"
	warnings []string
	notes    []string
	// choice is set when the channel must be chosen: rdash does not
	// choose it for a pre-release with no less-stable channel to go to.
	choice *artifact.ChannelChoice
}

// gapLabels name the fields of an artifact.Gap as the form does.
var gapLabels = map[string]string{
	"version": "Version", "name": "Name", "channel": "Channel", "game_versions": "Game versions",
	"platforms": "Platforms", "dependencies": "Dependencies", "changelog": "Changelog",
}

// describe keeps what p says besides its values, each file by the
// form's name for it.
func (r *readReport) describe(p *artifact.Proposal, names *strings.Replacer) {
	for _, f := range p.Files {
		if len(f.Metadata) > 0 {
			r.read = append(r.read, fmt.Sprintf("%s (%s)", filepath.Base(f.Path), strings.Join(f.Metadata, ", ")))
		}
	}
	for _, g := range p.Unread {
		r.unread = append(r.unread, gapLabels[g.Field]+": "+names.Replace(g.Reason))
	}
	for _, w := range p.Warnings {
		r.warnings = append(r.warnings, names.Replace(w))
	}
	for _, n := range p.Notes {
		r.notes = append(r.notes, names.Replace(n))
	}
	r.choice = p.ChannelChoice
}

// fillFrom puts p's values in the fields the user did not type, with
// where each came from; a field an earlier read filled and p leaves unset
// is emptied (the channel goes back to the default). A value the user
// gave comes back as a flag and is theirs already.
func (m *Model) fillFrom(p *artifact.Proposal, cfgErr error, r *readReport) {
	m.fillText(fVersion, p.Version)
	m.fillText(fName, p.Name)
	if p.ChannelChoice != nil {
		// Not the default channel: a pre-release is not put in a release
		// channel unasked. The field is emptied, and marked (readMarks).
		m.form.put(fChannel, "", "")
	} else {
		m.fillText(fChannel, p.Channel)
	}
	m.fillList(fGame, p.GameVersions)
	m.fillList(fPlatforms, p.Platforms)
	deps, src, ok := depsText(p.Dependencies, r)
	switch {
	case cfgErr != nil:
		r.unread = append(r.unread, "Dependencies: "+cfgErr.Error()+"; add a file again to read them again")
		m.unfill(fDeps)
	case p.Dependencies.Source == sourceFlag:
	case ok:
		m.form.put(fDeps, deps, src)
	default:
		m.unfill(fDeps)
	}
}

// sourceFlag is artifact's source of a value the user gave.
const sourceFlag = "flag"

func (m *Model) fillText(i field, v artifact.Field[string]) {
	switch {
	case v.Source == sourceFlag:
	case v.Set():
		m.form.put(i, v.Value, v.Source)
	default:
		m.unfill(i)
	}
}

func (m *Model) fillList(i field, v artifact.Field[[]string]) {
	m.fillText(i, artifact.Field[string]{Value: strings.Join(v.Value, ", "), Source: v.Source})
}

// unfill takes back what a read filled in field i: the field is emptied,
// or for the channel, set to the project's default.
func (m *Model) unfill(i field) {
	f := m.form
	if f.source[i] == "" {
		return
	}
	v := ""
	if i == fChannel && len(m.channels) > 0 {
		v = m.defaultChannel().Slug
	}
	f.put(i, v, "")
}

// depsText writes dependencies as the field holds them, "none" for none,
// with their sources; ok is false when there are none to fill, or one
// that the field's list cannot hold (a name with a space or a comma),
// which r then says.
func depsText(d artifact.Field[[]artifact.Dependency], r *readReport) (text, source string, ok bool) {
	if !d.Set() {
		return "", "", false
	}
	if len(d.Value) == 0 {
		return depsNone, d.Source, true
	}
	specs := make([]string, len(d.Value))
	srcs := make([]string, len(d.Value))
	ok = true
	for i, dep := range d.Value {
		specs[i], srcs[i] = api.DependencySpec(dep.Dependency), dep.Source
		if strings.ContainsAny(specs[i], " ,") {
			r.unread = append(r.unread, "Dependencies: "+dep.Source+": the form's list cannot hold a name with a space or a comma; type the others yourself, or publish it from the command line")
			ok = false
		}
	}
	return strings.Join(specs, " "), joinSources(srcs), ok
}

// joinSources joins the dependencies' sources, one " · " apart, each
// metadata file named once in a row: `plugin.yml: depend "A" · softdepend "B"`.
func joinSources(srcs []string) string {
	var b strings.Builder
	last := ""
	for i, src := range srcs {
		file, rest, ok := strings.Cut(src, ": ")
		if i > 0 {
			b.WriteString(" · ")
			if ok && file == last {
				src = rest
			}
		}
		b.WriteString(src)
		last = file
	}
	return b.String()
}
