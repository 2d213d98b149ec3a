package sandbox

import (
	"crypto/rand"
	"net/http"
	"slices"
	"strings"
	"time"
)

// Scopes of the account service (docs/wire.md, OAuth).
const (
	scopeUserRead      = "user:read"
	scopeProjectRead   = "project:read"
	scopeVersionCreate = "project:version:create"
	scopeVersionUpdate = "project:version:update"
	scopeVersionDelete = "project:version:delete"
	scopeMemberCreate  = "org:member:create"
)

// permMemberCreate is the organization permission to invite. The version
// permissions are named like the scopes.
const permMemberCreate = "MEMBER_CREATE"

func knownScopes() []string {
	return []string{scopeUserRead, scopeProjectRead, scopeVersionCreate, scopeVersionUpdate, scopeVersionDelete, scopeMemberCreate}
}

func isKnownScope(s string) bool { return slices.Contains(knownScopes(), s) }

func knownPermissions() []string {
	return []string{permMemberCreate, scopeVersionCreate, scopeVersionUpdate, scopeVersionDelete}
}

// sortScopes returns the distinct scopes in the order of knownScopes, then
// the unknown ones (which only the strict profile grants) in lexical order,
// so a granted scope string is the same however it was asked for.
func sortScopes(scopes []string) []string {
	var out, unknown []string
	for _, k := range knownScopes() {
		if slices.Contains(scopes, k) {
			out = append(out, k)
		}
	}
	for _, sc := range scopes {
		if !isKnownScope(sc) && !slices.Contains(unknown, sc) {
			unknown = append(unknown, sc)
		}
	}
	slices.Sort(unknown)
	return append(out, unknown...)
}

// session is what a token stands for: an access token (expires set) or a
// refresh token (no expiry; it is used up when used).
type session struct {
	user    *user
	app     *app // nil for tokens from MintToken
	scopes  []string
	expires time.Time
}

func (sess *session) require(scope string) error {
	if scope != "" && !slices.Contains(sess.scopes, scope) {
		return forbidden("the token lacks scope %s", scope)
	}
	return nil
}

// Token prefixes make a leaked token easy to spot, and to test for in logs.
const (
	prefixAccess  = "sbx_at_"
	prefixRefresh = "sbx_rt_"
	prefixCode    = "sbx_ac_"
)

func (s *Server) newAccessToken(u *user, a *app, scopes []string) string {
	tok := prefixAccess + rand.Text()
	s.st.tokens[tok] = &session{user: u, app: a, scopes: scopes, expires: s.now().Add(s.opts.TokenTTL)}
	return tok
}

// caller returns the session of the request's bearer token, or nil when the
// request has none. A token that is sent must be valid even where none is
// needed, as on the real service.
func (s *Server) caller(r *http.Request) (*session, error) {
	h := r.Header.Get("Authorization")
	if h == "" {
		return nil, nil
	}
	scheme, tok, _ := strings.Cut(h, " ")
	if !strings.EqualFold(scheme, "Bearer") || tok == "" {
		return nil, unauthorized("Authorization: must be Bearer and a token")
	}
	sess := s.st.tokens[tok]
	switch {
	case sess == nil:
		return nil, unauthorized("the token is unknown")
	case !s.now().Before(sess.expires):
		return nil, unauthorized("the token has expired")
	}
	return sess, nil
}

// signedIn returns the caller's session, requiring a token and, unless scope
// is empty, that scope.
func (s *Server) signedIn(r *http.Request, scope string) (*session, error) {
	sess, err := s.caller(r)
	switch {
	case err != nil:
		return nil, err
	case sess == nil:
		return nil, unauthorized("a bearer token is required")
	}
	return sess, sess.require(scope)
}

// mayChange checks that the caller may change the versions of the project in
// the path: the scope perm, and the organization permission of the same name
// or, for a user's project, being its owner.
func (s *Server) mayChange(r *http.Request, perm string) (*project, error) {
	if err := s.lookUpFirst(func() error { _, err := s.project(r); return err }); err != nil {
		return nil, err
	}
	sess, err := s.signedIn(r, perm)
	if err != nil {
		return nil, err
	}
	p, err := s.project(r)
	if err != nil {
		return nil, err
	}
	if p.can(sess.user, perm) {
		return p, nil
	}
	if p.org != nil {
		return nil, forbidden("%s lacks organization permission %s in %s", sess.user.username, perm, p.org.slug)
	}
	return nil, forbidden("%s may not change versions of %s: only its owner %s may", sess.user.username, p.slug, p.owner.username)
}

func (s *Server) project(r *http.Request) (*project, error) {
	key := r.PathValue("projectId")
	if p := s.st.projBy[key]; p != nil {
		return p, nil
	}
	return nil, notFound("no project %q", key)
}

// lookUpFirst runs lookup, which finds what the path names, when the
// choices look resources up before checking the token (LookupFirst): a
// request without a token for something missing is then a 404. Either
// order is the document's: it states none.
func (s *Server) lookUpFirst(lookup func() error) error {
	if !s.prof.LookupFirst {
		return nil
	}
	return lookup()
}
