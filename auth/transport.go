package auth

import (
	"bytes"
	"io"
	"net/http"
	"net/url"
)

// NewHTTPClient returns the client to give api.New: it sends src's access
// token to the API's host only (never along a redirect to another host),
// and not over plain http to another machine unless the settings allow it
// (an *InsecureHTTPError, nothing sent); it renews the token once when the
// API answers 401, and turns a 401 that renewing cannot fix into a
// *SignInError. base nil means http.DefaultTransport.
func NewHTTPClient(src *Source, base http.RoundTripper) *http.Client {
	if base == nil {
		base = http.DefaultTransport
	}
	origin, _ := url.Parse(src.opts.Settings.BaseURL)
	return &http.Client{Transport: &transport{src: src, base: base, origin: origin}}
}

type transport struct {
	src    *Source
	base   http.RoundTripper
	origin *url.URL
}

func (t *transport) RoundTrip(req *http.Request) (*http.Response, error) {
	if !t.ours(req.URL) {
		return t.base.RoundTrip(req)
	}
	if err := t.src.opts.Settings.checkPlainHTTP(req.URL, "the access token"); err != nil {
		closeBody(req)
		return nil, err
	}
	tok, err := t.src.TokenContext(req.Context())
	if err != nil {
		closeBody(req)
		return nil, err
	}
	resp, err := t.send(req, tok.AccessToken)
	if err != nil || resp.StatusCode != http.StatusUnauthorized {
		return resp, err
	}
	// Keep the 401 whole, in case the request cannot be sent again.
	body, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	resp.Body.Close()
	resp.Body = io.NopCloser(bytes.NewReader(body))
	fresh, err := t.src.refused(req.Context(), tok)
	if err != nil {
		return nil, err
	}
	retry, ok := replay(req)
	if !ok {
		return resp, nil
	}
	resp, err = t.send(retry, fresh.AccessToken)
	if err != nil || resp.StatusCode != http.StatusUnauthorized {
		return resp, err
	}
	resp.Body.Close()
	return nil, &SignInError{Reason: "the server refused the renewed access token"}
}

// ours reports whether u is on the API's origin, the only place the token
// may go.
func (t *transport) ours(u *url.URL) bool {
	return t.origin != nil && u.Scheme == t.origin.Scheme && u.Host == t.origin.Host
}

// send sends a copy of req with the token: a RoundTripper must not change
// the caller's request.
func (t *transport) send(req *http.Request, token string) (*http.Response, error) {
	r := req.Clone(req.Context())
	r.Header.Set("Authorization", "Bearer "+token)
	return t.base.RoundTrip(r)
}

// replay returns req with a fresh body, when it has none or can make one.
func replay(req *http.Request) (*http.Request, bool) {
	if req.Body == nil || req.Body == http.NoBody {
		return req, true
	}
	if req.GetBody == nil {
		return nil, false
	}
	body, err := req.GetBody()
	if err != nil {
		return nil, false
	}
	r := req.Clone(req.Context())
	r.Body = body
	return r, true
}

func closeBody(req *http.Request) {
	if req.Body != nil {
		req.Body.Close()
	}
}
