package sandbox

import (
	"net/http"
	"strings"
	"sync"
)

// RouteClass groups the sandbox's routes for counting requests in flight.
type RouteClass string

// The route classes. A request is counted in the class of the route it
// matches, from the moment it reaches the handler (before Options.Latency)
// until its answer is written.
const (
	ClassBulk  RouteClass = "bulk"  // PATCH and DELETE /projects/{projectId}/versions
	ClassWrite RouteClass = "write" // every other API POST, PATCH and DELETE
	ClassRead  RouteClass = "read"  // API GETs, downloads included
	ClassAuth  RouteClass = "auth"  // the account service under /auth
	ClassOther RouteClass = "other" // /files and what matches no route
)

// InFlight is what the sandbox counted for one route class.
type InFlight struct {
	Now   int // requests being served at this moment
	Max   int // the most served at once since New or ResetInFlight
	Total int // requests served or being served since New or ResetInFlight
}

// inFlight counts requests per route class.
type inFlight struct {
	mu sync.Mutex
	by map[RouteClass]*InFlight
}

func (c *inFlight) enter(class RouteClass) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.by == nil {
		c.by = map[RouteClass]*InFlight{}
	}
	n := c.by[class]
	if n == nil {
		n = &InFlight{}
		c.by[class] = n
	}
	n.Now++
	n.Total++
	n.Max = max(n.Max, n.Now)
}

func (c *inFlight) leave(class RouteClass) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.by[class].Now--
}

// InFlight returns the counts of class. To see requests overlap, give the
// Server some Options.Latency: without it a request is usually answered
// before the next one arrives.
func (s *Server) InFlight(class RouteClass) InFlight {
	s.inflight.mu.Lock()
	defer s.inflight.mu.Unlock()
	if n := s.inflight.by[class]; n != nil {
		return *n
	}
	return InFlight{}
}

// MaxInFlight is the most requests of class served at once since New or
// ResetInFlight: for example, how many bulk PATCH and DELETE requests a
// client had open together.
func (s *Server) MaxInFlight(class RouteClass) int { return s.InFlight(class).Max }

// ResetInFlight sets every Max and Total back to the requests in flight now.
func (s *Server) ResetInFlight() {
	s.inflight.mu.Lock()
	defer s.inflight.mu.Unlock()
	for _, n := range s.inflight.by {
		n.Max, n.Total = n.Now, n.Now
	}
}

// counted counts each request in the class of the route mux gives it.
func (s *Server) counted(mux *http.ServeMux, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, pattern := mux.Handler(r)
		class := classOf(pattern)
		s.inflight.enter(class)
		defer s.inflight.leave(class)
		next.ServeHTTP(w, r)
	})
}

// classOf maps a ServeMux pattern ("PATCH /api/v1/projects/{projectId}/versions")
// to its route class.
func classOf(pattern string) RouteClass {
	method, path, ok := strings.Cut(pattern, " ")
	switch {
	case !ok:
		return ClassOther
	case strings.HasPrefix(path, AuthPrefix+"/"):
		return ClassAuth
	case !strings.HasPrefix(path, APIPrefix+"/"):
		return ClassOther
	case method == http.MethodGet:
		return ClassRead
	case path == APIPrefix+"/projects/{projectId}/versions" && method != http.MethodPost:
		return ClassBulk
	}
	return ClassWrite
}
