package sandbox

import (
	"io"
	"mime"
	"net/http"
	"strings"
	"time"
)

// APIPrefix and AuthPrefix are the paths of the API base and the account
// service on the sandbox's origin (docs/wire.md, Addresses).
const (
	APIPrefix  = "/api/v1"
	AuthPrefix = "/auth"
)

func (s *Server) routes() http.Handler {
	mux := http.NewServeMux()
	api := func(pattern string, h http.HandlerFunc) {
		method, path, _ := strings.Cut(pattern, " ")
		mux.Handle(method+" "+APIPrefix+path, s.withFaults(h))
	}
	api("GET /projects/{projectId}/versions", s.listVersions)
	api("POST /projects/{projectId}/versions", s.createVersion)
	api("PATCH /projects/{projectId}/versions", s.patchVersions)
	api("DELETE /projects/{projectId}/versions", s.deleteVersions)
	api("GET /projects/{projectId}/versions/{versionId}", s.getVersion)
	api("PATCH /projects/{projectId}/versions/{versionId}", s.updateVersion)
	api("DELETE /projects/{projectId}/versions/{versionId}", s.deleteVersion)
	api("GET /projects/{projectId}/versions/{versionId}/download", s.download)
	api("GET /projects/{projectId}/versions/{versionId}/download/{fileId}", s.download)
	api("GET /versions/{versionId}", s.getVersionByID)
	api("GET /orgs/{orgId}/invitations", s.listInvitations)
	api("POST /orgs/{orgId}/invitations", s.invite)
	api("PATCH /orgs/{orgId}/invitations/{userId}", s.acceptInvitation)
	api("DELETE /orgs/{orgId}/invitations/{userId}", s.deleteInvitation)
	if s.prof.Users != UsersNone {
		api("GET /users/{userId}", s.getUser)
	}
	if s.prof.Users == UsersAll {
		api("GET /users/{userId}/projects", s.userProjects)
	}

	mux.HandleFunc("GET "+AuthPrefix+"/oauth/authorize", s.authorizePage)
	mux.HandleFunc("POST "+AuthPrefix+"/oauth/authorize", s.authorizeDecision)
	mux.HandleFunc("POST "+AuthPrefix+"/oauth/token", s.token)
	mux.HandleFunc("GET "+AuthPrefix+"/oauth/oob", s.oobPage)
	mux.HandleFunc("GET /files/{fileId}/{name}", s.serveFile)
	mux.Handle("/", s.noRoute(mux))
	return s.logged(s.counted(mux, s.delayed(s.limitBody(mux))))
}

// noRoute answers what no pattern matches: 405 with Allow when the path
// exists for other methods, else 404, both in the JSON error shape.
func (s *Server) noRoute(mux *http.ServeMux) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		var allow []string
		for _, m := range []string{http.MethodGet, http.MethodPost, http.MethodPatch, http.MethodDelete} {
			probe := &http.Request{Method: m, URL: r.URL, Host: r.Host}
			if _, pattern := mux.Handler(probe); pattern != "/" {
				allow = append(allow, m)
			}
		}
		if len(allow) == 0 && !underPrefix(r.URL.Path) {
			webPage404(w) // what the web server in front of a real service shows
			return
		}
		if len(allow) == 0 {
			s.writeError(w, notFound("no route for %s", r.URL.Path))
			return
		}
		w.Header().Set("Allow", strings.Join(allow, ", "))
		s.writeError(w, &httpError{http.StatusMethodNotAllowed, "method_not_allowed",
			r.Method + " is not allowed here; allowed: " + strings.Join(allow, ", ")})
	}
}

// underPrefix reports whether path is the API's or the account service's.
func underPrefix(path string) bool {
	for _, p := range []string{APIPrefix, AuthPrefix} {
		if path == p || strings.HasPrefix(path, p+"/") {
			return true
		}
	}
	return false
}

// webPage404 answers a path outside the API and the account service as a
// web server does: an HTML page, not the service's JSON. A client given a
// wrong base_url (…/wrong) meets this, as it would in front of a real
// service, and must say so rather than read it as "no such project".
func webPage404(w http.ResponseWriter) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(http.StatusNotFound)
	_, _ = io.WriteString(w, "<!doctype html>\n<html><head><title>404 Not Found</title></head>\n"+
		"<body><h1>Not Found</h1><p>The requested URL was not found on this server.</p></body></html>\n")
}

// limitBody caps every body at the profile's body cap, and a multipart one
// at the upload limit plus the body cap for the data part and the framing;
// the multipart reader also checks each file and the data part on the way.
func (s *Server) limitBody(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		limit := s.prof.MaxBody
		if mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); mt == "multipart/form-data" {
			limit += s.opts.MaxUploadBytes + s.prof.MaxBody
		}
		if r.ContentLength > limit {
			s.writeError(w, &http.MaxBytesError{Limit: limit})
			return
		}
		r.Body = http.MaxBytesReader(w, r.Body, limit)
		next.ServeHTTP(w, r)
	})
}

func (s *Server) delayed(next http.Handler) http.Handler {
	if s.opts.Latency <= 0 {
		return next
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		t := time.NewTimer(s.opts.Latency)
		defer t.Stop()
		select {
		case <-t.C:
			next.ServeHTTP(w, r)
		case <-r.Context().Done():
		}
	})
}

// logged logs each request's method, path, status and duration. The query is
// left out: on /auth it carries codes.
func (s *Server) logged(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		sw := &statusWriter{ResponseWriter: w}
		next.ServeHTTP(sw, r)
		s.log.Info("request", "method", r.Method, "path", r.URL.Path, "status", sw.status,
			"duration", time.Since(start).Round(time.Microsecond))
	})
}

// statusWriter records the status; Unwrap lets http.ResponseController reach
// the connection beneath, for dropped-connection faults.
type statusWriter struct {
	http.ResponseWriter
	status int
}

func (w *statusWriter) WriteHeader(code int) {
	if w.status == 0 {
		w.status = code
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	return w.ResponseWriter.Write(b)
}

func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }
