package api

import (
	"context"
	"math"
	"net/http"
	"net/url"
	"strconv"
)

// maxPages bounds getAll, so a server whose pagination never ends cannot
// keep the client busy forever.
const maxPages = 1000

// nextPage is the page after one of n items asked for as page/size (0 for
// the defaults), or 0 when there is none. Without metadata only a page of
// exactly the expected size may have a successor: a longer one means the
// server ignored paging. Metadata naming another page than the one asked
// for is not followed either: asking again could loop for ever. The
// arithmetic cannot overflow, whatever numbers the server sends.
func nextPage(pg *Pagination, page, size, n int) int {
	page = max(page, 1)
	if page == math.MaxInt {
		return 0
	}
	if pg == nil {
		if size <= 0 {
			size = DefaultPageSize
		}
		if n == size {
			return page + 1
		}
		return 0
	}
	if pg.Page != 0 && pg.Page != page {
		return 0
	}
	size = first(max(pg.PageSize, 0), max(size, 0), n)
	// (page-1)*size + n < Total, rearranged so that it cannot overflow.
	if n <= 0 || pg.Total-n <= 0 || page-1 > (pg.Total-n-1)/size {
		return 0
	}
	return page + 1
}

// getAll fetches a list the interface documents as one array. The sandbox
// pages it all the same, so pages are followed while the server's
// pagination says there are more; without pagination, while pages are
// full, page 1 setting what full is (at least DefaultPageSize): a short
// page is the last. It also stops at a page that adds no item it has not
// seen, which is what a server that ignores page sends for ever, and after
// maxPages. id names an item, so items repeated across pages (the list
// shifted while it was read) are kept once.
func getAll[T any](ctx context.Context, c *Client, u *url.URL, id func(T) string) ([]T, *Response, error) {
	var all []T
	seen := map[string]bool{}
	full := DefaultPageSize
	for page := 1; ; page++ {
		items, resp, err := getPage[T](ctx, c, u, page)
		if err != nil {
			return nil, resp, err
		}
		added := 0
		for _, it := range items {
			if k := id(it); !seen[k] {
				seen[k] = true
				all = append(all, it)
				added++
			}
		}
		if page == 1 {
			full = max(full, len(items))
		}
		if added == 0 || page == maxPages || !morePages(resp.Pagination, page, full, len(items)) {
			return all, resp, nil
		}
	}
}

// getPage fetches page of the list at u; page 1 is asked for as the
// server's default, without a page parameter.
func getPage[T any](ctx context.Context, c *Client, u *url.URL, page int) ([]T, *Response, error) {
	pu := *u
	if page > 1 {
		pu.RawQuery = url.Values{"page": {strconv.Itoa(page)}}.Encode()
	}
	req, err := c.newRequest(ctx, http.MethodGet, &pu, nil, "")
	if err != nil {
		return nil, nil, err
	}
	return getMany[T](ctx, c, req)
}

// morePages reports whether a page of n items may have a successor: the
// pagination says so, or, without it, the page is full.
func morePages(pg *Pagination, page, full, n int) bool {
	if pg == nil {
		return n >= full
	}
	return nextPage(pg, page, 0, n) != 0
}
