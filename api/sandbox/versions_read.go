package sandbox

import (
	"iter"
	"mime"
	"net/http"
	"net/url"
	"slices"
	"strings"
)

// listQuery is the query of GET /projects/{projectId}/versions.
type listQuery struct {
	paging
	channels []string
	games    []string
	search   string // lower case
}

func (s *Server) parseListQuery(q url.Values) (listQuery, error) {
	pg, err := s.parsePaging(q)
	lq := listQuery{paging: pg, channels: q["channel"], games: q["minecraft_version"], search: strings.ToLower(q.Get("search"))}
	if err == nil && slices.Contains(lq.games, "") && s.prof.OwnRules {
		err = badRequest("minecraft_version", "must not be empty")
	}
	return lq, err
}

// matcher resolves the channels of the query in p and returns the filter:
// filters combine with AND, the values of one filter with OR. A channel
// the project lacks is a 400 by the default profile's own rules; in the
// strict profile it matches nothing.
func (q listQuery) matcher(prof *Choices, p *project) (func(*version) bool, error) {
	chans := []*channel{}
	for _, key := range q.channels {
		c := p.channel(key)
		if c == nil && prof.OwnRules {
			return nil, badRequestf("channel", "no channel %q in project %s", key, p.slug)
		}
		if c != nil {
			chans = append(chans, c)
		}
	}
	return func(v *version) bool {
		return (len(q.channels) == 0 || slices.Contains(chans, v.channel)) &&
			(len(q.games) == 0 || slices.ContainsFunc(v.minecraftVersions, func(g string) bool { return slices.Contains(q.games, g) })) &&
			(q.search == "" || containsFold(v.version, q.search) || containsFold(v.name, q.search))
	}, nil
}

func containsFold(s, lowerSub string) bool { return strings.Contains(strings.ToLower(s), lowerSub) }

// listVersions serves GET /projects/{projectId}/versions.
func (s *Server) listVersions(w http.ResponseWriter, r *http.Request) {
	q, err := s.parseListQuery(r.URL.Query())
	if err != nil {
		s.writeError(w, err)
		return
	}
	s.respond(w, http.StatusOK, func() (envelope, error) {
		p, err := s.readProject(r)
		if err != nil {
			return envelope{}, err
		}
		match, err := q.matcher(s.prof, p)
		if err != nil {
			return envelope{}, err
		}
		pg := pager[wireVersion]{paging: q.paging}
		for _, v := range s.listOrder(p.versions) {
			if match(v) {
				pg.add(func() wireVersion { return v.toWire(viewList) })
			}
		}
		env := pg.envelope(true)
		s.linkTo(&env, r)
		return env, nil
	})
}

// listOrder yields a project's versions in the profile's list order:
// newest first, or oldest first.
func (s *Server) listOrder(vs []*version) iter.Seq2[int, *version] {
	if s.prof.NewestFirst {
		return slices.All(vs)
	}
	return slices.Backward(vs)
}

// readProject resolves the project of a read, which needs a token in the
// strict profile and otherwise none, but rejects a bad one.
func (s *Server) readProject(r *http.Request) (*project, error) {
	if err := s.lookUpFirst(func() error { _, err := s.project(r); return err }); err != nil {
		return nil, err
	}
	if err := s.reader(r); err != nil {
		return nil, err
	}
	return s.project(r)
}

// reader checks the token of a read: the strict profile requires one,
// since the interface does not say reads may go without.
func (s *Server) reader(r *http.Request) error {
	if s.prof.ReadsNeedToken {
		_, err := s.signedIn(r, "")
		return err
	}
	_, err := s.caller(r)
	return err
}

// projectVersion looks up the project and the version in the path.
func (s *Server) projectVersion(r *http.Request) (*version, error) {
	p, err := s.project(r)
	if err != nil {
		return nil, err
	}
	return s.pathVersion(r, p)
}

func (s *Server) pathVersion(r *http.Request, p *project) (*version, error) {
	key := r.PathValue("versionId")
	if v := p.version(s.st, key); v != nil {
		return v, nil
	}
	return nil, notFound("no version %q in project %s", key, p.slug)
}

func (s *Server) readVersion(r *http.Request) (*version, error) {
	if err := s.lookUpFirst(func() error { _, err := s.projectVersion(r); return err }); err != nil {
		return nil, err
	}
	p, err := s.readProject(r)
	if err != nil {
		return nil, err
	}
	return s.pathVersion(r, p)
}

// getVersion serves GET /projects/{projectId}/versions/{versionId}.
func (s *Server) getVersion(w http.ResponseWriter, r *http.Request) {
	s.respond(w, http.StatusOK, func() (envelope, error) {
		v, err := s.readVersion(r)
		if err != nil {
			return envelope{}, err
		}
		return envelope{Data: v.toWire(viewFull)}, nil
	})
}

// getVersionByID serves GET /versions/{versionId}.
func (s *Server) getVersionByID(w http.ResponseWriter, r *http.Request) {
	s.respond(w, http.StatusOK, func() (envelope, error) {
		id := r.PathValue("versionId")
		v := s.st.versions[id]
		missing := func() error {
			if v == nil {
				return notFound("no version with ID %q", id)
			}
			return nil
		}
		err := s.lookUpFirst(missing)
		if err == nil {
			err = s.reader(r)
		}
		if err == nil {
			err = missing()
		}
		if err != nil {
			return envelope{}, err
		}
		return envelope{Data: v.toWire(viewProject)}, nil
	})
}

// download serves GET /projects/{projectId}/versions/{versionId}/download[/{fileId}]:
// a redirect to the file, the primary one when fileId is omitted.
func (s *Server) download(w http.ResponseWriter, r *http.Request) {
	var loc string
	ok := s.locked(w, func() error {
		v, err := s.readVersion(r)
		if err != nil {
			return err
		}
		f := v.files[0]
		if id := r.PathValue("fileId"); id != "" {
			i := slices.IndexFunc(v.files, func(f *file) bool { return f.id == id })
			if i < 0 {
				return notFound("no file %q in version %s", id, v.version)
			}
			f = v.files[i]
		}
		v.downloads++
		loc = f.location(origin(r))
		return nil
	})
	if ok {
		http.Redirect(w, r, loc, s.prof.RedirectStatus)
	}
}

func origin(r *http.Request) string {
	if r.TLS != nil {
		return "https://" + r.Host
	}
	return "http://" + r.Host
}

// serveFile serves GET /files/{fileId}/{name}, the content of an uploaded file.
func (s *Server) serveFile(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	f := s.st.files[r.PathValue("fileId")]
	s.mu.Unlock()
	// A file's content never changes once made, so it is read without the lock.
	if f == nil || f.externalURL != "" || f.name != r.PathValue("name") {
		s.writeError(w, notFound("no such file"))
		return
	}
	h := w.Header()
	h.Set("Content-Type", "application/octet-stream")
	h.Set("Content-Disposition", mime.FormatMediaType("attachment", map[string]string{"filename": f.name}))
	h.Set("ETag", `"`+f.content.sha256+`"`)
	body, done, err := f.content.open()
	if err != nil {
		s.writeError(w, err)
		return
	}
	defer done()
	http.ServeContent(w, r, f.name, f.createdAt, body)
}
