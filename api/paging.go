package api

import (
	"context"
	"errors"
	"math"
	"net/http"
	"net/url"
	"slices"
	"strconv"
)

// How a list ends. The document shows no pagination metadata, no default
// and no maximum page_size, so a server may send pages of its own size,
// or cap the size asked for, and say nothing. A page shorter than the
// size asked for is then no proof of the end: it may be the server's
// cap. Without metadata rdash holds a list ended only on what the pages
// themselves show: an empty page, a page shorter than the first (the
// first shows what a full page is), or a page that repeats the one
// before (a server that ignores page). Anything else means more may
// follow, and is said as "may", never as a count.

// MaxPages bounds the lists read whole (ListAllVersions and the lists the
// interface documents as one array), so a server whose pagination never
// ends cannot keep the client busy forever. A list cut there has a
// Response whose NextPage is the page that would follow.
const MaxPages = 1000

// Total is the list's length as the server said beside this page, and
// whether it said one: pagination with a total that a list holding this
// page's items can have.
func (r *Response) Total() (int, bool) {
	if r == nil {
		return 0, false
	}
	return r.Pagination.total(r.items)
}

// total is pg's total when it is usable beside a page of n items.
func (pg *Pagination) total(n int) (int, bool) {
	if pg == nil || pg.Total < n {
		return 0, false
	}
	return pg.Total, true
}

// nextPage is the page after one of n items asked for as page/size (0
// for the defaults), or 0 when it is known to be the last. With a usable
// total, the metadata says; metadata naming another page than the one
// asked for is not followed, as asking again could loop for ever. Without
// one, a page on its own shows an end only when it is empty (Paging tells
// more from the pages before it). The arithmetic cannot overflow,
// whatever numbers the server sends.
func nextPage(pg *Pagination, page, size, n int) int {
	page = max(page, 1)
	switch total, ok := pg.total(n); {
	case page == math.MaxInt || n <= 0:
		return 0
	case !ok:
		return page + 1
	case pg.Page != 0 && pg.Page != page:
		return 0
	default:
		size = first(max(pg.PageSize, 0), max(size, 0), n)
		// (page-1)*size + n < total, rearranged so that it cannot overflow.
		if total-n <= 0 || page-1 > (total-n-1)/size {
			return 0
		}
		return page + 1
	}
}

// Paging follows a list the server sends without a total, page after
// page in order, and says after each whether more may follow. The zero
// value is ready; a reader starting over (another filter, another page
// size) starts a new one.
type Paging struct {
	full int      // a full page's length: the first page's; 0 before it
	last []string // the IDs of the page before
}

// Next is the page to ask for after page, whose items had ids in order,
// or 0 when the list is known to end there: the page is empty, shorter
// than the first, or the one before again. After the first page it is
// always the next one, which alone tells whether the first was full or
// the whole list.
func (g *Paging) Next(page int, ids []string) int {
	n, again := len(ids), g.repeats(ids)
	g.last = slices.Clone(ids)
	switch {
	case n == 0 || again || page == math.MaxInt || (g.full > 0 && n < g.full):
		return 0
	}
	g.full = max(g.full, n)
	return max(page, 1) + 1
}

// repeats reports that every one of ids was on the page before.
func (g *Paging) repeats(ids []string) bool {
	if g.last == nil {
		return false
	}
	for _, id := range ids {
		if !slices.Contains(g.last, id) {
			return false
		}
	}
	return true
}

// follow reads pages from page first on with fetch, which sets each
// Response's NextPage as one page shows it, until the list is known to end, or MaxPages were read. Items repeated across pages (the
// list shifted while it was read) are kept once, by id. The Response is
// the last page's, its NextPage 0 at a known end, else the page that
// would follow.
func follow[T any](first int, fetch func(page int) ([]T, *Response, error), id func(T) string) ([]T, *Response, error) {
	var (
		all  []T
		seen = map[string]bool{}
		g    Paging
	)
	for page, read := max(first, 1), 1; ; page, read = page+1, read+1 {
		items, resp, err := fetch(page)
		if err != nil {
			return nil, resp, err
		}
		ids := make([]string, len(items))
		added := 0
		for i, it := range items {
			ids[i] = id(it)
			if !seen[ids[i]] {
				seen[ids[i]] = true
				all = append(all, it)
				added++
			}
		}
		next := resp.NextPage
		if _, ok := resp.Total(); !ok {
			next = g.Next(page, ids)
		}
		if added == 0 {
			next = 0 // nothing new: what a server that ignores page sends for ever
		}
		resp.NextPage = next
		if next == 0 || read == MaxPages {
			return all, resp, nil
		}
	}
}

// getAll fetches a list the interface documents as one array. The
// sandbox pages it all the same, and a server may too without saying so,
// so pages are read at LargePageSize (or, when the server refuses that,
// at its default) until the list is known to end (follow).
func getAll[T any](ctx context.Context, c *Client, u *url.URL, id func(T) string) ([]T, *Response, error) {
	return follow(1, func(page int) ([]T, *Response, error) {
		size := c.pageSize(LargePageSize)
		items, resp, err := getPage[T](ctx, c, u, page, size)
		if err != nil && size > 0 && refusedPageSize(err) {
			c.notePageSizeRefused(size)
			items, resp, err = getPage[T](ctx, c, u, page, 0)
		}
		return items, resp, err
	}, id)
}

// pageSize is size, a page size of rdash's own choosing, or 0 (the
// server's default) when the server refused it or a smaller one before.
func (c *Client) pageSize(size int) int {
	if refused := c.pageSizeRefused.Load(); refused > 0 && int64(size) >= refused {
		return 0
	}
	return size
}

// notePageSizeRefused remembers that the server refused size.
func (c *Client) notePageSizeRefused(size int) {
	for {
		old := c.pageSizeRefused.Load()
		if old > 0 && old <= int64(size) || c.pageSizeRefused.CompareAndSwap(old, int64(size)) {
			return
		}
	}
}

// getPage fetches page of the list at u, size items to a page (0: the
// server's default).
func getPage[T any](ctx context.Context, c *Client, u *url.URL, page, size int) ([]T, *Response, error) {
	pu := *u
	q := url.Values{}
	if size > 0 {
		q.Set("page_size", strconv.Itoa(size))
	}
	if page > 1 {
		q.Set("page", strconv.Itoa(page))
	}
	pu.RawQuery = q.Encode()
	req, err := c.newRequest(ctx, http.MethodGet, &pu, nil, "")
	if err != nil {
		return nil, nil, err
	}
	items, resp, err := getMany[T](ctx, c, req)
	if err == nil {
		resp.NextPage = nextPage(resp.Pagination, page, size, len(items))
	}
	return items, resp, err
}

// refusedPageSize reports a list request the server refused as a request
// (a 4xx other than 401, 403, 404, 409 or 429): what a server with a
// largest page_size below LargePageSize answers, in whatever status and
// words it chose (the document shows neither). Asked again without
// page_size, a refusal for another reason comes back as it was.
func refusedPageSize(err error) bool {
	var se *Error
	if !errors.As(err, &se) || se.StatusCode < 400 || se.StatusCode >= 500 {
		return false
	}
	switch se.StatusCode {
	case http.StatusUnauthorized, http.StatusForbidden, http.StatusNotFound, http.StatusConflict, http.StatusTooManyRequests:
		return false
	}
	return true
}
