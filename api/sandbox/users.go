package sandbox

import (
	"net/http"
)

// pathUser resolves the user in the path: an ID, a username, or @me (which
// needs scope user:read). Every user route needs a token.
func (s *Server) pathUser(r *http.Request) (*user, error) {
	key := r.PathValue("userId")
	scope := ""
	if key == "@me" {
		scope = scopeUserRead
	} else if err := s.lookUpFirst(func() error { return s.knownUser(key) }); err != nil {
		return nil, err
	}
	sess, err := s.signedIn(r, scope)
	switch {
	case err != nil:
		return nil, err
	case key == "@me":
		return sess.user, nil
	}
	if err := s.knownUser(key); err != nil {
		return nil, err
	}
	return s.st.userBy[key], nil
}

func (s *Server) knownUser(key string) error {
	if s.st.userBy[key] == nil {
		return notFound("no user %q", key)
	}
	return nil
}

// getUser serves GET /users/{userId}.
func (s *Server) getUser(w http.ResponseWriter, r *http.Request) {
	s.respond(w, http.StatusOK, func() (envelope, error) {
		u, err := s.pathUser(r)
		if err != nil {
			return envelope{}, err
		}
		return envelope{Data: u.toWire()}, nil
	})
}

// userProjects serves GET /users/{userId}/projects: the projects the user
// owns or whose organization they belong to.
func (s *Server) userProjects(w http.ResponseWriter, r *http.Request) {
	pg, err := s.parsePaging(r.URL.Query())
	if err != nil {
		s.writeError(w, err)
		return
	}
	s.respond(w, http.StatusOK, func() (envelope, error) {
		u, err := s.pathUser(r)
		if err != nil {
			return envelope{}, err
		}
		p := pager[wireProject]{paging: pg}
		for _, pr := range s.st.projects {
			if pr.owner == u || (pr.org != nil && pr.org.hasMember(u)) {
				p.add(pr.toWire)
			}
		}
		env := p.envelope(true)
		s.linkTo(&env, r)
		return env, nil
	})
}
