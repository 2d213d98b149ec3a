package auth

import (
	"fmt"
	"net/http"
	"net/url"

	"rdash/api"
	"rdash/config"
)

// InsecureHTTPError is a request rdash refused to send because it would
// carry a token, a code or the client secret over plain http to a host
// that is not this machine, where anyone on the way could read it. It
// matches api.ErrNotSent: nothing was sent.
type InsecureHTTPError struct {
	What string // "the access token", "the token request"
	URL  string // scheme, host and path of the request
}

// Error names the address, why, and the three ways to allow it.
func (e *InsecureHTTPError) Error() string {
	return fmt.Sprintf("refusing to send %s to %s: it is plain http to another machine, so it would cross the network unencrypted. "+
		"Use https, or allow it with allow_insecure_http: true in the config (RDASH_ALLOW_INSECURE_HTTP=true) "+
		"or --allow-insecure-http", e.What, e.URL)
}

// Is matches api.ErrNotSent.
func (e *InsecureHTTPError) Is(target error) bool { return target == api.ErrNotSent }

// checkPlainHTTP refuses to send what over plain http to another machine,
// unless the settings allow it.
func (s Settings) checkPlainHTTP(u *url.URL, what string) error {
	if s.AllowInsecureHTTP || !config.PlainHTTPElsewhere(u) {
		return nil
	}
	p := url.URL{Scheme: u.Scheme, Host: u.Host, Path: u.Path}
	return &InsecureHTTPError{What: what, URL: p.String()}
}

// plainHTTPGuard refuses token requests (a code, a refresh token and the
// client secret) over plain http to another machine.
type plainHTTPGuard struct {
	next http.RoundTripper
	s    Settings
}

func (g plainHTTPGuard) RoundTrip(req *http.Request) (*http.Response, error) {
	if err := g.s.checkPlainHTTP(req.URL, "the token request (a code or refresh token, and the client secret)"); err != nil {
		closeBody(req)
		return nil, err
	}
	return g.next.RoundTrip(req)
}
