package sandbox

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/json"
	"math"
	"mime"
	"net/http"
	"net/url"
	"strings"
)

// oauthError is an RFC 6749 error answer of the token endpoint.
type oauthError struct {
	status      int
	code        string
	description string
}

func (e *oauthError) wire() wireOAuthError {
	return wireOAuthError{Error: e.code, ErrorDescription: e.description}
}

func invalidGrant(desc string) *oauthError {
	return &oauthError{http.StatusBadRequest, "invalid_grant", desc}
}

func invalidRequest(desc string) *oauthError {
	return &oauthError{http.StatusBadRequest, "invalid_request", desc}
}

// token serves POST {auth_url}/oauth/token.
func (s *Server) token(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Pragma", "no-cache")
	form, oerr := s.tokenForm(r)
	if oerr != nil {
		s.writeOAuthError(w, oerr)
		return
	}
	id, secret, basic := s.clientCredentials(r, form)
	s.mu.Lock()
	resp, oerr := s.grant(form, id, secret)
	s.mu.Unlock()
	if oerr != nil {
		if basic && oerr.status == http.StatusUnauthorized {
			w.Header().Set("WWW-Authenticate", `Basic realm="rdash sandbox"`)
		}
		s.writeOAuthError(w, oerr)
		return
	}
	writeJSON(w, http.StatusOK, resp)
}

// writeOAuthError answers a token request's failure: RFC 6749 JSON, or in
// the strict profile, as the interface shows no error format, plain text.
func (s *Server) writeOAuthError(w http.ResponseWriter, oerr *oauthError) {
	if s.prof.OAuthJSONErrors {
		writeJSON(w, oerr.status, oerr.wire())
		return
	}
	writeText(w, oerr.status, oerr.code+": "+oerr.description)
}

// tokenForm reads the parameters from a form or, with a JSON Content-Type
// and a profile that reads JSON, from a JSON object of strings.
func (s *Server) tokenForm(r *http.Request) (url.Values, *oauthError) {
	mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if mt == "application/json" && !s.prof.JSONTokenBody {
		return nil, invalidRequest("body: must be application/x-www-form-urlencoded")
	}
	if mt == "application/json" {
		var m map[string]string
		if err := json.NewDecoder(r.Body).Decode(&m); err != nil {
			return nil, invalidRequest("body: a JSON object of strings is required")
		}
		form := url.Values{}
		for k, v := range m {
			form.Set(k, v)
		}
		return form, nil
	}
	if err := r.ParseForm(); err != nil {
		return nil, invalidRequest("body: malformed form")
	}
	return r.PostForm, nil
}

// clientCredentials takes HTTP Basic credentials when sent, form-decoded as
// RFC 6749 section 2.3.1 asks, else client_id and client_secret from the
// body. The strict profile reads only the body's, the parameters the
// interface lists.
func (s *Server) clientCredentials(r *http.Request, form url.Values) (id, secret string, basic bool) {
	if u, p, ok := r.BasicAuth(); ok && s.prof.BasicClientAuth {
		id, errID := url.QueryUnescape(u)
		secret, errSecret := url.QueryUnescape(p)
		if errID == nil && errSecret == nil {
			return id, secret, true
		}
		return u, p, true
	}
	return form.Get("client_id"), form.Get("client_secret"), false
}

func (s *Server) grant(form url.Values, id, secret string) (*tokenResponse, *oauthError) {
	a := s.st.appByID[id]
	if a == nil || subtle.ConstantTimeCompare([]byte(secret), []byte(a.secret)) != 1 {
		return nil, &oauthError{http.StatusUnauthorized, "invalid_client", "unknown client_id or wrong client_secret"}
	}
	switch gt := form.Get("grant_type"); gt {
	case "", "authorization_code":
		return s.exchangeCode(a, form)
	case "refresh_token":
		if !s.prof.Refresh {
			return nil, &oauthError{http.StatusBadRequest, "unsupported_grant_type", "refresh_token is not supported: sign in again"}
		}
		return s.refresh(a, form)
	default:
		return nil, &oauthError{http.StatusBadRequest, "unsupported_grant_type", "grant_type " + gt + " is not supported"}
	}
}

func (s *Server) exchangeCode(a *app, form url.Values) (*tokenResponse, *oauthError) {
	code := form.Get("code")
	if code == "" {
		return nil, invalidRequest("code is required")
	}
	c := s.st.codes[code]
	delete(s.st.codes, code) // single use, even when the exchange fails
	switch {
	case c == nil:
		return nil, invalidGrant("the code is unknown or was already used")
	case !s.now().Before(c.expires):
		return nil, invalidGrant("the code has expired")
	case c.app != a:
		return nil, invalidGrant("the code was issued to another client")
	case c.redirectURI != "" && form.Get("redirect_uri") != c.redirectURI:
		return nil, invalidGrant("redirect_uri does not match the one of the authorization request")
	}
	if !s.prof.PKCE {
		return s.issueTokens(c.user, a, c.scopes), nil
	}
	if oerr := pkceVerify(c.challenge, form.Get("code_verifier")); oerr != nil {
		return nil, oerr
	}
	return s.issueTokens(c.user, a, c.scopes), nil
}

// refresh rotates a refresh token: the old one is used up.
func (s *Server) refresh(a *app, form url.Values) (*tokenResponse, *oauthError) {
	if s.opts.NoRefresh {
		return nil, invalidGrant("this server does not refresh tokens; sign in again")
	}
	rt := form.Get("refresh_token")
	if rt == "" {
		return nil, invalidRequest("refresh_token is required")
	}
	sess := s.st.refreshes[rt]
	switch {
	case sess == nil:
		return nil, invalidGrant("the refresh token is unknown or was already used")
	case sess.app != a:
		return nil, invalidGrant("the refresh token was issued to another client")
	}
	delete(s.st.refreshes, rt)
	return s.issueTokens(sess.user, a, sess.scopes), nil
}

func (s *Server) issueTokens(u *user, a *app, scopes []string) *tokenResponse {
	rt := prefixRefresh + rand.Text()
	s.st.refreshes[rt] = &session{user: u, app: a, scopes: scopes}
	return &tokenResponse{
		AccessToken:  s.newAccessToken(u, a, scopes),
		TokenType:    "Bearer",
		ExpiresIn:    int64(math.Ceil(s.opts.TokenTTL.Seconds())),
		RefreshToken: rt,
		Scope:        strings.Join(scopes, ","),
	}
}
