package sandbox

import (
	"crypto/rand"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"time"
)

// app is an OAuth application registered with the account service.
type app struct {
	clientID, secret, name string
	domains                []string // allowed redirect hosts, any port
}

// grantKey names what a user has granted an app, so a repeat authorization
// can add to it.
type grantKey struct {
	app  *app
	user *user
}

type authCode struct {
	app         *app
	user        *user
	scopes      []string
	redirectURI string // as given at authorize; empty when omitted
	challenge   string // PKCE code_challenge (S256); empty when none was given
	expires     time.Time
}

// authRequest is a checked authorization request.
type authRequest struct {
	app         *app
	redirectURI string   // as given; empty when omitted
	callback    *url.URL // where the answer goes
	scope       string
	state       string
	challenge   string // PKCE code_challenge (S256); empty when none was given
	abortState  bool   // the abort redirect carries the state too
}

// authRequest checks client_id and redirect_uri; until both are known good,
// errors are shown on a page, never sent to a redirect.
func (s *Server) authRequest(r *http.Request, form url.Values) (*authRequest, error) {
	a := s.st.appByID[form.Get("client_id")]
	if a == nil {
		return nil, errors.New("client_id: no such application")
	}
	req := &authRequest{app: a, redirectURI: form.Get("redirect_uri"), scope: form.Get("scope"), state: form.Get("state"),
		abortState: s.prof.AbortState}
	if req.redirectURI == "" {
		// The app's configured callback: the page that shows the code.
		req.callback = &url.URL{Scheme: "http", Host: r.Host, Path: AuthPrefix + "/oauth/oob"}
		if r.TLS != nil {
			req.callback.Scheme = "https"
		}
		return req, nil
	}
	u, err := url.Parse(req.redirectURI)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.User != nil || u.Fragment != "" {
		return nil, errors.New("redirect_uri: must be an absolute http(s) URL without user or fragment")
	}
	if !slices.Contains(a.domains, u.Hostname()) {
		return nil, fmt.Errorf("redirect_uri: domain %s is not allowed for %s (allowed: %s)",
			u.Hostname(), a.name, strings.Join(a.domains, ", "))
	}
	req.callback = u
	return req, nil
}

// checkPKCE reads the request's PKCE challenge; a bad or missing one is an
// error of a request whose redirect can be trusted. The strict profile
// ignores PKCE, which the interface does not mention.
func (s *Server) checkPKCE(req *authRequest, form url.Values) error {
	if !s.prof.PKCE {
		return nil
	}
	var err error
	req.challenge, err = s.pkceChallenge(form)
	return err
}

// redirect returns the callback URL with params and, when withState, the
// state.
func (req *authRequest) redirect(params url.Values, withState bool) string {
	u := *req.callback
	q := u.Query()
	for k, v := range params {
		q[k] = v
	}
	if req.state != "" && withState {
		q.Set("state", req.state)
	}
	u.RawQuery = q.Encode()
	return u.String()
}

// refuse sends the abort redirect of the interface: code and message, and
// the state unless the profile keeps to the interface, which names only
// those two.
func (req *authRequest) refuse(w http.ResponseWriter, r *http.Request, status int, code, message string) {
	http.Redirect(w, r, req.redirect(url.Values{"code": {code}, "message": {message}}, req.abortState), status)
}

// parseScopes reads a comma-delimited scope parameter; nil means omitted.
// The strict profile grants any scope name, as the interface does not list
// them all.
func (s *Server) parseScopes(raw string) ([]string, error) {
	var out []string
	for sc := range strings.SplitSeq(raw, ",") {
		sc = strings.TrimSpace(sc)
		switch {
		case sc == "":
		case !isKnownScope(sc) && s.prof.ClosedScopes:
			return nil, fmt.Errorf("unknown scope %q (scopes are comma-delimited; known: %s)", sc, strings.Join(knownScopes(), ","))
		default:
			out = append(out, sc)
		}
	}
	return out, nil
}

// authorizePage serves GET {auth_url}/oauth/authorize: the consent page, or
// with Options.ApproveAs an immediate approval.
func (s *Server) authorizePage(w http.ResponseWriter, r *http.Request) {
	req, err := s.authRequest(r, r.URL.Query())
	if err != nil {
		s.page(w, http.StatusBadRequest, "message", pageData{Title: "Authorization failed", Message: err.Error()})
		return
	}
	if err := s.checkPKCE(req, r.URL.Query()); err != nil {
		req.refuse(w, r, http.StatusFound, "invalid_request", err.Error())
		return
	}
	scopes, err := s.parseScopes(req.scope)
	if err != nil {
		req.refuse(w, r, http.StatusFound, "invalid_scope", err.Error())
		return
	}
	if s.opts.ApproveAs != "" {
		s.approve(w, r, req, s.st.userBy[s.opts.ApproveAs], scopes, http.StatusFound)
		return
	}
	s.page(w, http.StatusOK, "consent", consentData(req, scopes, s.st.users))
}

// authorizeDecision serves POST {auth_url}/oauth/authorize, the consent
// page's answer. Redirects use 303 so the browser follows with a GET.
func (s *Server) authorizeDecision(w http.ResponseWriter, r *http.Request) {
	if err := r.ParseForm(); err != nil {
		s.page(w, http.StatusBadRequest, "message", pageData{Title: "Authorization failed", Message: "malformed form"})
		return
	}
	req, err := s.authRequest(r, r.PostForm)
	if err != nil {
		s.page(w, http.StatusBadRequest, "message", pageData{Title: "Authorization failed", Message: err.Error()})
		return
	}
	pkceErr := s.checkPKCE(req, r.PostForm)
	scopes, err := s.parseScopes(req.scope)
	u := s.st.userBy[r.PostForm.Get("user")]
	switch {
	case pkceErr != nil:
		req.refuse(w, r, http.StatusSeeOther, "invalid_request", pkceErr.Error())
	case err != nil:
		req.refuse(w, r, http.StatusSeeOther, "invalid_scope", err.Error())
	case r.PostForm.Get("decision") == "deny":
		req.refuse(w, r, http.StatusSeeOther, "access_denied", "the user denied access")
	case r.PostForm.Get("decision") != "approve" || u == nil:
		s.page(w, http.StatusBadRequest, "message", pageData{Title: "Authorization failed", Message: "choose a user, then Authorize or Deny"})
	default:
		s.approve(w, r, req, u, scopes, http.StatusSeeOther)
	}
}

func (s *Server) approve(w http.ResponseWriter, r *http.Request, req *authRequest, u *user, requested []string, status int) {
	s.mu.Lock()
	code := s.issueCode(req, u, requested)
	s.mu.Unlock()
	http.Redirect(w, r, req.redirect(url.Values{"code": {code}}, true), status)
}

// issueCode records the grant and returns a new code for it. The grant is
// the union of the earlier one and the requested scopes; an omitted scope
// keeps the earlier grant, or on a first authorization is the profile's
// (user:read, or nothing in the strict profile).
func (s *Server) issueCode(req *authRequest, u *user, requested []string) string {
	key := grantKey{req.app, u}
	granted := s.st.grants[key]
	switch {
	case requested != nil:
		granted = sortScopes(append(slices.Clone(granted), requested...))
	case granted == nil:
		granted = slices.Clone(s.prof.FirstScope)
	}
	s.st.grants[key] = granted
	code := prefixCode + rand.Text()
	s.st.codes[code] = &authCode{app: req.app, user: u, scopes: granted, redirectURI: req.redirectURI, challenge: req.challenge, expires: s.now().Add(s.opts.CodeTTL)}
	return code
}

// oobPage serves GET {auth_url}/oauth/oob, the configured callback: it shows
// the code so a user on another machine can copy it.
func (s *Server) oobPage(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	if msg := q.Get("message"); msg != "" {
		s.page(w, http.StatusOK, "message", pageData{Title: "Authorization refused", Message: q.Get("code") + ": " + msg})
		return
	}
	s.page(w, http.StatusOK, "oob", pageData{Title: "Your authorization code", Code: q.Get("code"), State: q.Get("state")})
}
