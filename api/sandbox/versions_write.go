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
	s.respond(w, s.prof.createdStatus, func() (envelope, error) {
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
// of a file in existing keeps it; a new URL adds an external file.
func (s *Server) buildFiles(form *versionForm, existing []*file) ([]*file, error) {
	now := s.now()
	out := make([]*file, 0, len(form.data.Files))
	for i, item := range form.data.Files {
		content, uploaded := form.uploads[item]
		keep := slices.IndexFunc(existing, func(f *file) bool { return f.name == item })
		switch {
		case uploaded:
			out = append(out, uploadedFile(s.st.freshID(rand.IntN), item, content, now))
		case keep >= 0:
			out = append(out, existing[keep])
		case isURLItem(item):
			out = append(out, externalFile(s.st.freshID(rand.IntN), item, now))
		case existing == nil:
			return nil, badRequestf(fmt.Sprintf("data.files[%d]", i), "no uploaded part named %q", item)
		default:
			return nil, badRequestf(fmt.Sprintf("data.files[%d]", i), "no uploaded part or file of this version named %q", item)
		}
	}
	return out, nil
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
	p, err := s.mayChange(r, perm)
	if err != nil {
		return nil, err
	}
	return s.pathVersion(r, p)
}
