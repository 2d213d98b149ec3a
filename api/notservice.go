package api

import (
	"bytes"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
)

// ErrNotService matches an answer that is not the service's JSON: an HTML
// page (a web site's 404, a proxy's or a portal's page) or a success body
// that is not JSON, or empty where data is required. The usual cause is a
// base_url that points somewhere else, so the error names both addresses.
// It matches ErrMalformedResponse too, and never ErrNotFound or another
// status sentinel: a 404 page is not the service saying "no such version".
var ErrNotService = errors.New("the answer is not the service's JSON")

// NotServiceError is an answer that is not the service's JSON (see
// ErrNotService).
type NotServiceError struct {
	Method string
	URL    string // the request's URL without its query or user information
	Base   string // the client's base URL, as base_url sets it
	Status int
	What   string // what came instead: "an HTML page", "an empty body", …
}

// Error names the request, what came back and the setting to check.
func (e *NotServiceError) Error() string {
	return fmt.Sprintf("%s %s answered %d with %s, not the service's JSON: is base_url (%s) the service's API address?",
		e.Method, e.URL, e.Status, e.What, e.Base)
}

// Is matches ErrNotService and ErrMalformedResponse.
func (e *NotServiceError) Is(target error) bool {
	return target == ErrNotService || target == ErrMalformedResponse
}

// notService returns the NotServiceError of req's answer.
func (c *Client) notService(req *http.Request, status int, what string) error {
	return &NotServiceError{Method: req.Method, URL: plainURL(req.URL), Base: plainURL(c.base), Status: status, What: what}
}

// plainURL is u without query, fragment or user information, which may
// hold secrets, and with its host and path filtered like server text.
func plainURL(u *url.URL) string {
	p := url.URL{Scheme: u.Scheme, Host: u.Host, Path: u.Path, RawPath: u.RawPath}
	return printable(p.String())
}

// checkJSON refuses a success body that cannot be the service's answer:
// one that is not a JSON object or array, or an empty one to a GET, which
// must carry data.
func (c *Client) checkJSON(req *http.Request, resp *http.Response, body []byte) error {
	body = bytes.TrimSpace(body)
	switch {
	case len(body) == 0 && req.Method != http.MethodGet:
		return nil
	case len(body) == 0:
		return c.notService(req, resp.StatusCode, "an empty body")
	case body[0] == '{' || body[0] == '[':
		return nil
	case isHTML(resp.Header.Get("Content-Type"), body):
		return c.notService(req, resp.StatusCode, "an HTML page")
	}
	return c.notService(req, resp.StatusCode, "a body that is not JSON ("+contentType(resp)+")")
}

// isHTML reports a page rather than an API answer.
func isHTML(contentType string, body []byte) bool {
	return strings.Contains(strings.ToLower(contentType), "html") || len(body) > 0 && body[0] == '<'
}

func contentType(resp *http.Response) string {
	if ct := resp.Header.Get("Content-Type"); ct != "" {
		return printable(clip(ct))
	}
	return "no Content-Type"
}

// errorPage returns a NotServiceError for a 4xx answer that is an HTML
// page, which no API sends: a web site's or a proxy's page. A 429 and
// 5xx pages stay *Errors, as a proxy's overload or gateway page is worth
// retrying and base_url may well be right.
func (c *Client) errorPage(req *http.Request, resp *http.Response, body []byte) error {
	if resp.StatusCode >= 500 || resp.StatusCode == http.StatusTooManyRequests ||
		!isHTML(resp.Header.Get("Content-Type"), bytes.TrimSpace(body)) {
		return nil
	}
	return c.notService(req, resp.StatusCode, "an HTML page")
}
