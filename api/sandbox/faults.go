package sandbox

import (
	"math/rand/v2"
	"net/http"
	"strconv"
	"sync"
	"time"
)

type faultKind int

const (
	faultRateLimit faultKind = iota // 429 with Retry-After (Options.FaultRetryAfter)
	faultServer                     // 500
	faultDrop                       // the connection closes with no answer
	faultKinds
)

func (k faultKind) String() string {
	return [...]string{"429", "500", "drop"}[k]
}

// fault is one injected failure; after means the handler ran first, so the
// change happened although the client sees a failure.
type fault struct {
	kind  faultKind
	after bool
}

// faults draws the failures of Options.FaultRate from a seeded source, so a
// sequence of requests meets the same faults on every run.
type faults struct {
	rate       float64
	retryAfter string // the Retry-After header of a 429
	mu         sync.Mutex
	rng        *rand.Rand
}

func newFaults(rate float64, seed int64, retryAfter time.Duration) *faults {
	return &faults{rate: rate, retryAfter: retryAfterHeader(retryAfter), rng: rand.New(rand.NewPCG(uint64(seed), 0))}
}

// retryAfterHeader is Options.FaultRetryAfter as a Retry-After value.
func retryAfterHeader(d time.Duration) string {
	switch {
	case d == 0:
		return "1"
	case d < 0:
		return "0"
	}
	return strconv.FormatInt(int64((d+time.Second-1)/time.Second), 10)
}

func (f *faults) next() (fault, bool) {
	if f.rate <= 0 {
		return fault{}, false
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.rng.Float64() >= f.rate {
		return fault{}, false
	}
	n := f.rng.IntN(2 * int(faultKinds))
	return fault{kind: faultKind(n) % faultKinds, after: n >= int(faultKinds)}, true
}

func (s *Server) withFaults(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ft, ok := s.faults.next()
		if !ok {
			h.ServeHTTP(w, r)
			return
		}
		if ft.after {
			h.ServeHTTP(discard{http.Header{}}, r)
		}
		s.log.Info("injected fault", "kind", ft.kind.String(), "after", ft.after, "method", r.Method, "path", r.URL.Path)
		s.strike(w, ft)
	})
}

func (s *Server) strike(w http.ResponseWriter, ft fault) {
	switch ft.kind {
	case faultRateLimit:
		w.Header().Set("Retry-After", s.faults.retryAfter)
		s.writeError(w, &httpError{http.StatusTooManyRequests, "rate_limited", "too many requests (injected fault)"})
	case faultServer:
		s.writeError(w, &httpError{http.StatusInternalServerError, "internal", "internal error (injected fault)"})
	case faultDrop:
		conn, _, err := http.NewResponseController(w).Hijack()
		if err != nil {
			// Not HTTP/1 (or a recorder): abort the response instead.
			panic(http.ErrAbortHandler)
		}
		conn.Close()
	}
}

// discard is where a handler writes when an after-fault replaces its answer.
type discard struct{ header http.Header }

func (d discard) Header() http.Header       { return d.header }
func (discard) Write(b []byte) (int, error) { return len(b), nil }
func (discard) WriteHeader(int)             {}
