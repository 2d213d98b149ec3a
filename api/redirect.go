package api

import (
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
)

// maxAPIHops bounds the redirects an API call follows on its origin.
const maxAPIHops = 10

// ErrRedirected matches an API call that was redirected where the client
// does not follow: to another origin, or in a way that would change its
// method. Its *RedirectError says where to.
var ErrRedirected = errors.New("redirected")

// RedirectError is an API call the server redirected where the client does
// not follow (see ErrRedirected). Nothing was sent to Target.
type RedirectError struct {
	Method string
	Path   string // the request's path, escaped
	Status int    // the redirect's status
	Base   string // the client's base URL, as base_url sets it
	Target string // where the redirect pointed, without query or user information
	// MethodChange is a redirect on the API's origin that would have sent
	// the call on as a GET (301, 302 or 303 after a change).
	MethodChange bool
}

// Error names both servers and the setting to check.
func (e *RedirectError) Error() string {
	if e.MethodChange {
		return fmt.Sprintf("%s %s: the server at %s answered %d to %s, which would turn the %s into a GET; not followed: check base_url",
			e.Method, e.Path, e.Base, e.Status, e.Target, e.Method)
	}
	return fmt.Sprintf("%s %s: the server at %s redirected to %s (%d); not followed: check base_url",
		e.Method, e.Path, e.Base, e.Target, e.Status)
}

// Is matches ErrRedirected.
func (e *RedirectError) Is(target error) bool { return target == ErrRedirected }

// withRedirectRules copies hc (sharing its transport, so the token and the
// connection pool come along) to follow a redirect of an API call only on
// the API's origin and only without a change of method: a 307 or 308 keeps
// it, and a GET stays a GET. A write that a 301, 302 or 303 would turn
// into a GET, or a redirect to another host, is a *RedirectError: another
// host's answer must not be taken for the service's.
func (c *Client) withRedirectRules(hc *http.Client) *http.Client {
	cp := *hc
	cp.CheckRedirect = func(req *http.Request, via []*http.Request) error {
		first := via[0]
		status := 0
		if req.Response != nil {
			status = req.Response.StatusCode
		}
		e := &RedirectError{Method: first.Method, Path: first.URL.EscapedPath(), Status: status,
			Base: plainURL(c.base), Target: plainURL(req.URL)}
		switch {
		case !sameOrigin(req.URL, c.base):
			return e
		case req.Method != first.Method:
			e.MethodChange = true
			return e
		case len(via) > maxAPIHops:
			return fmt.Errorf("%s %s: stopped after %d redirects", first.Method, e.Path, maxAPIHops)
		}
		return nil
	}
	return &cp
}

// sameOrigin reports whether u has the scheme and host (with port) of base.
func sameOrigin(u, base *url.URL) bool {
	return strings.EqualFold(u.Scheme, base.Scheme) && strings.EqualFold(u.Host, base.Host)
}

// unfollowed is the RedirectError of a 3xx answer the HTTP client handed
// back instead of following: a 307 or 308 of a request whose body cannot
// be sent again (a streamed upload), or a 300 or 304.
func (c *Client) unfollowed(req *http.Request, resp *http.Response) error {
	discard(resp.Body)
	target := "no Location"
	if loc, err := resp.Location(); err == nil {
		target = plainURL(loc)
	}
	return &RedirectError{Method: req.Method, Path: req.URL.EscapedPath(), Status: resp.StatusCode,
		Base: plainURL(c.base), Target: target}
}
