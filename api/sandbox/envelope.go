package sandbox

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
)

// dress puts beside "data" what the choices add (Envelope), and moves a
// list's metadata where they put it (Pagination): the body's
// "pagination", "meta", the headers, or nowhere. The default profile's
// envelope is left as it is.
func (s *Server) dress(w http.ResponseWriter, body *envelope) {
	c := s.prof
	if c.Envelope == EnvelopeData && c.Pagination == PaginationBody {
		return
	}
	switch c.Envelope {
	case EnvelopeMeta:
		body.Meta = &wireMeta{RequestID: fmt.Sprintf("req-%08d", s.requests.Add(1))}
	case EnvelopeStatus:
		body.Status, body.Error = "success", json.RawMessage("null")
	}
	pg := body.Pagination
	if pg == nil {
		return
	}
	switch c.Pagination {
	case PaginationNone:
		body.Pagination = nil
	case PaginationMeta:
		if body.Meta == nil {
			body.Meta = &wireMeta{}
		}
		total := pg.Total
		body.Meta.CurrentPage, body.Meta.PerPage, body.Meta.TotalCount = pg.Page, pg.PageSize, &total
		body.Pagination = nil
	case PaginationHeaders:
		w.Header().Set("X-Total-Count", strconv.Itoa(pg.Total))
		if body.self != nil {
			w.Header().Set("Link", links(body.self, pg))
		}
		body.Pagination = nil
	}
}

// links is the Link header (RFC 8288) of a page: first, prev, next and
// last, as GitHub's API sends them.
func links(self *url.URL, pg *wirePagination) string {
	last := max(1, (pg.Total+pg.PageSize-1)/pg.PageSize)
	var out []string
	add := func(page int, rel string) {
		u := *self
		q := u.Query()
		q.Set("page", strconv.Itoa(page))
		q.Set("page_size", strconv.Itoa(pg.PageSize))
		u.RawQuery = q.Encode()
		out = append(out, fmt.Sprintf(`<%s>; rel="%s"`, u.String(), rel))
	}
	add(1, "first")
	if pg.Page > 1 {
		add(min(pg.Page-1, last), "prev")
	}
	if pg.Page < last {
		add(pg.Page+1, "next")
	}
	add(last, "last")
	return strings.Join(out, ", ")
}

// linkTo gives a list's envelope the absolute URL of r, for the Link
// header, where the choices send one.
func (s *Server) linkTo(env *envelope, r *http.Request) {
	if s.prof.Pagination != PaginationHeaders {
		return
	}
	u := *r.URL
	u.Scheme, u.Host = "http", r.Host
	if r.TLS != nil {
		u.Scheme = "https"
	}
	env.self = &u
}
