package api

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
)

// maxDownloadHops bounds the redirects Download follows, as net/http does.
const maxDownloadHops = 10

// DownloadURL returns where a file is served, without fetching it: the
// redirect's Location resolved against the request URL (or the endpoint
// itself if the server answers with the file). An empty fileID means the
// primary file. GET /projects/{projectId}/versions/{versionId}/download/{fileId}
func (c *Client) DownloadURL(ctx context.Context, projectID, versionID, fileID string) (*url.URL, *Response, error) {
	u, err := c.downloadEndpoint(projectID, versionID, fileID)
	if err != nil {
		return nil, nil, err
	}
	resp, err := c.hop(ctx, u)
	if err != nil {
		return nil, newResponse(resp, nil), err
	}
	discard(resp.Body)
	if !isRedirect(resp.StatusCode) {
		return resp.Request.URL, newResponse(resp, nil), nil
	}
	loc, err := location(resp)
	return loc, newResponse(resp, nil), err
}

// Download streams a file, following the redirect (301, 302, 303, 307 or
// 308: the document shows no status); the caller closes the reader.
// Redirects are followed one hop at a time so the token, which the HTTP
// client adds to every request it sends, never goes to another origin
// such as an external download site; a failure there is an
// *ExternalHostError, naming that host. The body is not capped.
// GET /projects/{projectId}/versions/{versionId}/download/{fileId}
func (c *Client) Download(ctx context.Context, projectID, versionID, fileID string) (io.ReadCloser, *Response, error) {
	u, err := c.downloadEndpoint(projectID, versionID, fileID)
	if err != nil {
		return nil, nil, err
	}
	for hops := 0; ; hops++ {
		resp, err := c.hop(ctx, u)
		if err != nil {
			return nil, newResponse(resp, nil), c.elsewhere(u, err)
		}
		if !isRedirect(resp.StatusCode) {
			return resp.Body, newResponse(resp, nil), nil
		}
		discard(resp.Body)
		if hops == maxDownloadHops {
			return nil, newResponse(resp, nil), fmt.Errorf("GET %s: stopped after %d redirects", resp.Request.URL.EscapedPath(), hops)
		}
		if u, err = location(resp); err != nil {
			return nil, newResponse(resp, nil), err
		}
	}
}

func (c *Client) downloadEndpoint(projectID, versionID, fileID string) (*url.URL, error) {
	if err := validatePathID("projectId", projectID); err != nil {
		return nil, err
	}
	if err := validatePathID("versionId", versionID); err != nil {
		return nil, err
	}
	if fileID == "" {
		return c.endpoint("projects", projectID, "versions", versionID, "download"), nil
	}
	if err := validatePathID("fileId", fileID); err != nil {
		return nil, err
	}
	return c.endpoint("projects", projectID, "versions", versionID, "download", fileID), nil
}

// hop GETs u without following redirects, through the caller's HTTP client
// on the API's origin and through a plain one elsewhere. The body of a
// success is left open.
func (c *Client) hop(ctx context.Context, u *url.URL) (*http.Response, error) {
	hc := c.anon
	if strings.EqualFold(u.Scheme, c.base.Scheme) && strings.EqualFold(u.Host, c.base.Host) {
		hc = c.noRedirect
	}
	req, err := c.newRequest(asDownload(ctx), http.MethodGet, u, nil, "")
	if err != nil {
		return nil, err
	}
	req.Header.Set("Accept", "*/*")
	return c.do(ctx, hc, req, func(resp *http.Response) error {
		if resp.StatusCode >= 300 && !isRedirect(resp.StatusCode) {
			discard(resp.Body)
			return &Error{StatusCode: resp.StatusCode, Method: req.Method, Path: req.URL.EscapedPath()}
		}
		return nil
	})
}

func isRedirect(status int) bool {
	switch status {
	case http.StatusMovedPermanently, http.StatusFound, http.StatusSeeOther,
		http.StatusTemporaryRedirect, http.StatusPermanentRedirect:
		return true
	}
	return false
}

// location returns a redirect's target. Errors name only the request's
// path: a signed download URL carries credentials in its query.
func location(resp *http.Response) (*url.URL, error) {
	loc, err := resp.Location()
	if err != nil {
		return nil, fmt.Errorf("GET %s: %w: redirect without a usable Location", resp.Request.URL.EscapedPath(), ErrMalformedResponse)
	}
	if loc.Scheme != "http" && loc.Scheme != "https" {
		return nil, fmt.Errorf("GET %s: %w: redirect to a non-http(s) URL", resp.Request.URL.EscapedPath(), ErrMalformedResponse)
	}
	return loc, nil
}

// discard drains a little of a body we do not need, for connection reuse,
// and closes it.
func discard(body io.ReadCloser) {
	_, _ = io.CopyN(io.Discard, body, maxErrorBody)
	_ = body.Close()
}

func notHex(r rune) bool { return (r < '0' || r > '9') && (r < 'a' || r > 'f') }
