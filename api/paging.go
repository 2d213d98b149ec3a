package api

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
)

// maxPages bounds getAll, so a server whose pagination never ends cannot
// keep the client busy forever.
const maxPages = 1000

// nextPage is the page after one of n items asked for as page/size (0 for
// the defaults). Without metadata only a page of exactly the expected size
// may have a successor: a longer one means the server ignored paging.
func nextPage(pg *Pagination, page, size, n int) int {
	page = max(page, 1)
	if pg == nil {
		if size == 0 {
			size = DefaultPageSize
		}
		if n == size {
			return page + 1
		}
		return 0
	}
	page = first(pg.Page, page)
	size = first(pg.PageSize, size, n)
	if n > 0 && (page-1)*size+n < pg.Total {
		return page + 1
	}
	return 0
}

// getAll fetches a list the interface documents as one array. The sandbox
// pages it all the same, so pages are followed while the server's
// pagination says there are more; without pagination there is one page.
func getAll[T any](ctx context.Context, c *Client, u *url.URL) ([]T, *Response, error) {
	var all []T
	for page := 1; ; page++ {
		pu := *u
		if page > 1 {
			pu.RawQuery = url.Values{"page": {strconv.Itoa(page)}}.Encode()
		}
		req, err := c.newRequest(ctx, http.MethodGet, &pu, nil, "")
		if err != nil {
			return nil, nil, err
		}
		items, resp, err := getMany[T](ctx, c, req)
		if err != nil {
			return nil, resp, err
		}
		all = append(all, items...)
		if resp.Pagination == nil || page == maxPages || nextPage(resp.Pagination, page, 0, len(items)) == 0 {
			return all, resp, nil
		}
	}
}
