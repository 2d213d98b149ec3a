package api

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
)

// Validate checks the query before it is sent: Page and PageSize are 0
// for the server's default or a number from 1; the rest, a largest page
// size included, is the server's to judge (the document shows none).
func (o *ListVersionsOptions) Validate() error {
	switch {
	case o == nil:
		return nil
	case o.Page < 0:
		return invalid("page", "must not be negative")
	case o.PageSize < 0:
		return invalid("page_size", "must not be negative")
	}
	return nil
}

func (o *ListVersionsOptions) query() url.Values {
	q := url.Values{}
	if o == nil {
		return q
	}
	if o.Page > 0 {
		q.Set("page", strconv.Itoa(o.Page))
	}
	if o.PageSize > 0 {
		q.Set("page_size", strconv.Itoa(o.PageSize))
	}
	q["channel"] = o.Channels
	q["minecraft_version"] = o.MinecraftVersions
	if o.Search != "" {
		q.Set("search", o.Search)
	}
	return q
}

// ListVersions lists one page of a project's versions, in the server's
// order (the document states none). Response.NextPage tells whether more
// may follow and Response.Total whether the server said how many there
// are; one page alone shows an end only when it is empty, or by its
// metadata (paging.go). A page asked for at LargePageSize, rdash's own
// choice, or with PageSizeOrDefault, that the server refuses
// (refusedPageSize) is asked for again at the server's default, and so
// is every later one of that size or larger, at once.
// GET /projects/{projectId}/versions
func (c *Client) ListVersions(ctx context.Context, projectID string, opts *ListVersionsOptions) ([]Version, *Response, error) {
	if err := validatePathID("projectId", projectID); err != nil {
		return nil, nil, err
	}
	if err := opts.Validate(); err != nil {
		return nil, nil, err
	}
	own := opts != nil && opts.PageSize > 0 && (opts.PageSize == LargePageSize || opts.PageSizeOrDefault)
	if own && c.pageSize(opts.PageSize) == 0 {
		o := *opts
		o.PageSize = 0 // refused before: the server's default at once
		opts = &o
	}
	u := c.endpoint("projects", projectID, "versions")
	u.RawQuery = opts.query().Encode()
	req, err := c.newRequest(ctx, http.MethodGet, u, nil, "")
	if err != nil {
		return nil, nil, err
	}
	versions, resp, err := getMany[Version](ctx, c, req)
	if err != nil && own && opts.PageSize > 0 && refusedPageSize(err) {
		c.notePageSizeRefused(opts.PageSize)
		o := *opts
		o.PageSize = 0
		return c.ListVersions(ctx, projectID, &o)
	}
	if err == nil {
		var page, size int
		if opts != nil {
			page, size = opts.Page, opts.PageSize
		}
		resp.NextPage = nextPage(resp.Pagination, page, size, len(versions))
	}
	return versions, resp, err
}

// ListAllVersions lists every version from opts.Page on, following pages
// until the list is known to end (paging.go) or 1,000 pages were read;
// the Response is the last page's, its NextPage not 0 only then. Without
// opts.PageSize, a list read from page 1 asks LargePageSize to a page; one
// read from a later page keeps the server's size, so the page numbers
// mean what they meant.
func (c *Client) ListAllVersions(ctx context.Context, projectID string, opts *ListVersionsOptions) ([]Version, *Response, error) {
	o := ListVersionsOptions{}
	if opts != nil {
		o = *opts
	}
	if o.PageSize == 0 && o.Page <= 1 {
		o.PageSize = LargePageSize
	}
	return follow(o.Page, func(page int) ([]Version, *Response, error) {
		o.Page = page
		vs, resp, err := c.ListVersions(ctx, projectID, &o)
		if err == nil && o.PageSize > 0 && !resp.Request.URL.Query().Has("page_size") {
			o.PageSize = 0 // refused: the server's default from now on
		}
		return vs, resp, err
	}, func(v Version) string { return v.ID })
}

// GetVersion returns one version with its files; versionID may also be the
// version string. GET /projects/{projectId}/versions/{versionId}
func (c *Client) GetVersion(ctx context.Context, projectID, versionID string) (*Version, *Response, error) {
	req, err := c.versionRequest(ctx, http.MethodGet, projectID, versionID)
	if err != nil {
		return nil, nil, err
	}
	return getOne[Version](ctx, c, req)
}

// GetVersionByID returns a version, with its files and ProjectID, by ID alone.
// GET /versions/{versionId}
func (c *Client) GetVersionByID(ctx context.Context, versionID string) (*Version, *Response, error) {
	if err := validatePathID("versionId", versionID); err != nil {
		return nil, nil, err
	}
	req, err := c.newRequest(ctx, http.MethodGet, c.endpoint("versions", versionID), nil, "")
	if err != nil {
		return nil, nil, err
	}
	return getOne[Version](ctx, c, req)
}

// DeleteVersion deletes one version. A failure marked ErrMaybeApplied may
// still have deleted it. DELETE /projects/{projectId}/versions/{versionId}
func (c *Client) DeleteVersion(ctx context.Context, projectID, versionID string) (*Response, error) {
	req, err := c.versionRequest(ctx, http.MethodDelete, projectID, versionID)
	if err != nil {
		return nil, err
	}
	return c.doNoContent(ctx, req)
}

// versionRequest validates the IDs of /projects/{projectId}/versions/{versionId}
// and builds a request without a body to it.
func (c *Client) versionRequest(ctx context.Context, method, projectID, versionID string) (*http.Request, error) {
	if err := validatePathID("projectId", projectID); err != nil {
		return nil, err
	}
	if err := validatePathID("versionId", versionID); err != nil {
		return nil, err
	}
	return c.newRequest(ctx, method, c.endpoint("projects", projectID, "versions", versionID), nil, "")
}
