package sandbox

import (
	"math"
	"net/url"
	"strconv"
)

type paging struct{ page, size int }

// parsePaging reads page and page_size with the choices' default and
// largest page size (docs/wire.md, Versions; README.md, Profiles): beyond
// the largest, a 400, or a page of the largest size (SilentCap).
func (s *Server) parsePaging(q url.Values) (paging, error) {
	pg := paging{page: 1, size: s.prof.DefaultPageSize}
	var ok bool
	if q.Has("page") {
		if pg.page, ok = intIn(q.Get("page"), 1, math.MaxInt32); !ok {
			return pg, badRequest("page", "must be a whole number of at least 1")
		}
	}
	if !q.Has("page_size") {
		return pg, nil
	}
	max := s.prof.MaxPageSize
	switch {
	case max > 0 && !s.prof.SilentCap:
		if pg.size, ok = intIn(q.Get("page_size"), 1, max); !ok {
			return pg, badRequestf("page_size", "must be a whole number from 1 to %d", max)
		}
	default:
		if pg.size, ok = intIn(q.Get("page_size"), 1, math.MaxInt32); !ok {
			return pg, badRequest("page_size", "must be a whole number of at least 1")
		}
		if max > 0 {
			pg.size = min(pg.size, max) // cut without a word
		}
	}
	return pg, nil
}

func intIn(s string, lo, hi int) (int, bool) {
	n, err := strconv.Atoi(s)
	return n, err == nil && n >= lo && n <= hi
}

// pager collects the items of one page while counting all of them.
type pager[T any] struct {
	paging
	items []T
	total int
}

// add counts an item and, when it falls on the page, keeps what make
// returns; make runs only for kept items.
func (p *pager[T]) add(make func() T) {
	first := (p.page - 1) * p.size
	if p.total >= first && len(p.items) < p.size {
		p.items = append(p.items, make())
	}
	p.total++
}

// envelope is the page, with its pagination when withPagination; dress
// puts that where the choices want it.
func (p *pager[T]) envelope(withPagination bool) envelope {
	items := p.items
	if items == nil {
		items = []T{}
	}
	if !withPagination {
		return envelope{Data: items}
	}
	return envelope{Data: items, Pagination: &wirePagination{Page: p.page, PageSize: p.size, Total: p.total}}
}
