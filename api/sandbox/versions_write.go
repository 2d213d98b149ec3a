package sandbox

import (
	"fmt"
	"math/rand/v2"
	"net/http"
	"slices"
)

// createVersion serves POST /projects/{projectId}/versions.
func (s *Server) createVersion(w http.ResponseWriter, r *http.Request) {
	form, ok := s.readChange(w, r, scopeVersionCreate, true)
	if !ok {
		return
	}
	defer form.release()
	d := form.data
	s.respond(w, s.prof.CreatedStatus, func() (envelope, error) {
		p, err := s.mayChange(r, scopeVersionCreate)
		if err != nil {
			return envelope{}, err
		}
		ch := p.channel(*d.Channel)
		if ch == nil {
			return envelope{}, badRequestf("data.channel", "no channel %q in project %s", *d.Channel, p.slug)
		}
		if p.withVersion(*d.Version) != nil {
			return envelope{}, conflict("data.version: %s already has version %s", p.slug, *d.Version)
		}
		files, err := s.buildFiles(form, nil)
		if err != nil {
			return envelope{}, err
		}
		v := &version{
			id: s.st.freshID(rand.IntN), version: *d.Version, name: *d.Name, channel: ch,
			createdAt: s.now(), files: files, project: p,
			lists: replaceLists(ch.defaults.clone(), d.MinecraftVersions, d.Platforms, d.Dependencies),
		}
		if d.Changelog != nil {
			v.changelog = *d.Changelog
		}
		s.st.add(v)
		form.kept = true
		return envelope{Data: v.toWire(viewFull)}, nil
	})
}

// readChange checks that the caller may change the project's versions, then
// reads and checks the multipart body, in that order so a stranger learns
// nothing from validation. It writes the error and reports false on failure.
func (s *Server) readChange(w http.ResponseWriter, r *http.Request, perm string, create bool) (*versionForm, bool) {
	if !s.locked(w, func() error { _, err := s.mayChange(r, perm); return err }) {
		return nil, false
	}
	form, err := s.readVersionForm(r)
	if err == nil {
		err = form.check(s.prof, create)
	}
	if err != nil {
		if form != nil {
			form.discard()
		}
		s.writeError(w, err)
		return nil, false
	}
	return form, true
}

func replaceLists(l lists, games, platforms []string, deps []wireDependency) lists {
	if games != nil {
		l.minecraftVersions = slices.Clone(games)
	}
	if platforms != nil {
		l.platforms = slices.Clone(platforms)
	}
	if deps != nil {
		l.dependencies = slices.Clone(deps)
	}
	return l
}

// buildFiles makes a version's file list from data.files (docs/wire.md): an
// uploaded part's name adds it, replacing a file of that name; a name or URL
// of a file in existing keeps it; a new URL adds an external file. On an
// update, the list is the whole list afterwards or, as the choices may
// read it, only what to add (UpdateFiles); the choices also say which
// file is primary (Primary), which is put first.
func (s *Server) buildFiles(form *versionForm, existing []*file) ([]*file, error) {
	now := s.now()
	listed := make([]*file, 0, len(form.data.Files))
	for i, item := range form.data.Files {
		content, uploaded := form.uploads[item]
		keep := slices.IndexFunc(existing, func(f *file) bool { return f.name == item })
		switch {
		case uploaded:
			listed = append(listed, uploadedFile(s.st.freshID(rand.IntN), item, content, now))
		case keep >= 0:
			listed = append(listed, existing[keep])
		case isURLItem(item):
			listed = append(listed, externalFile(s.st.freshID(rand.IntN), item, now))
		case existing == nil:
			return nil, badRequestf(fmt.Sprintf("data.files[%d]", i), "no uploaded part named %q", item)
		default:
			return nil, badRequestf(fmt.Sprintf("data.files[%d]", i), "no uploaded part or file of this version named %q", item)
		}
	}
	out := listed
	if existing != nil && s.prof.UpdateFiles == FilesAdditions {
		out = added(existing, listed)
	}
	return primaryFirst(out, s.primary(listed, existing)), nil
}

// added is existing with each of listed in the place of the file of its
// name, or after them when none has it.
func added(existing, listed []*file) []*file {
	out := slices.Clone(existing)
	for _, f := range listed {
		if i := slices.IndexFunc(out, func(g *file) bool { return g.name == f.name }); i >= 0 {
			out[i] = f
		} else {
			out = append(out, f)
		}
	}
	return out
}

// primary is the name of the file the choices make primary: the first or
// the last listed, or the primary before (existing's first) while a file
// of its name stays.
func (s *Server) primary(listed, existing []*file) string {
	switch {
	case len(listed) == 0:
		return ""
	case s.prof.Primary == PrimaryLast:
		return listed[len(listed)-1].name
	case s.prof.Primary == PrimaryKept && len(existing) > 0 &&
		(s.prof.UpdateFiles == FilesAdditions || slices.ContainsFunc(listed, func(f *file) bool { return f.name == existing[0].name })):
		return existing[0].name
	}
	return listed[0].name
}

// primaryFirst moves the file named primary to the front, where the
// version keeps its primary file; the rest keep their order.
func primaryFirst(files []*file, primary string) []*file {
	i := slices.IndexFunc(files, func(f *file) bool { return f.name == primary })
	if i <= 0 {
		return files
	}
	return slices.Concat(files[i:i+1], files[:i], files[i+1:])
}

// updateVersion serves PATCH /projects/{projectId}/versions/{versionId}.
func (s *Server) updateVersion(w http.ResponseWriter, r *http.Request) {
	form, ok := s.readChange(w, r, scopeVersionUpdate, false)
	if !ok {
		return
	}
	defer form.release()
	s.respond(w, http.StatusOK, func() (envelope, error) {
		v, err := s.versionToChange(r, scopeVersionUpdate)
		if err != nil {
			return envelope{}, err
		}
		if err := s.update(v, form); err != nil {
			return envelope{}, err
		}
		return envelope{Data: v.toWire(viewFull)}, nil
	})
}

// update applies form to v, all or nothing.
func (s *Server) update(v *version, form *versionForm) error {
	d := form.data
	next := *v
	if d.Channel != nil {
		if next.channel = v.project.channel(*d.Channel); next.channel == nil {
			return badRequestf("data.channel", "no channel %q in project %s", *d.Channel, v.project.slug)
		}
	}
	if d.Version != nil {
		if other := v.project.withVersion(*d.Version); other != nil && other != v {
			return conflict("data.version: %s already has version %s", v.project.slug, *d.Version)
		}
		next.version = *d.Version
	}
	if d.Name != nil {
		next.name = *d.Name
	}
	if d.Changelog != nil {
		next.changelog = *d.Changelog
	}
	next.lists = replaceLists(v.lists, d.MinecraftVersions, d.Platforms, d.Dependencies)
	if d.Files != nil {
		files, err := s.buildFiles(form, v.files)
		if err != nil {
			return err
		}
		next.files = files
	}
	s.st.forgetFiles(v.files)
	*v = next
	form.kept = true
	s.st.rememberFiles(v.files)
	return nil
}

// deleteVersion serves DELETE /projects/{projectId}/versions/{versionId}.
func (s *Server) deleteVersion(w http.ResponseWriter, r *http.Request) {
	s.respondBare(w, http.StatusNoContent, func() (envelope, error) {
		v, err := s.versionToChange(r, scopeVersionDelete)
		if err != nil {
			return envelope{}, err
		}
		s.st.remove(v.project, map[*version]bool{v: true})
		return envelope{}, nil
	})
}

// versionToChange checks that the caller may change versions with perm and
// resolves the version in the path.
func (s *Server) versionToChange(r *http.Request, perm string) (*version, error) {
	if err := s.lookUpFirst(func() error { _, err := s.projectVersion(r); return err }); err != nil {
		return nil, err
	}
	p, err := s.mayChange(r, perm)
	if err != nil {
		return nil, err
	}
	return s.pathVersion(r, p)
}
