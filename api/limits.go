package api

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"
)

// Limits bound how long a request may keep the client waiting, so a server
// that answers slowly or not at all cannot hold a command or a screen for
// ever. A zero limit is off. Each is named in errors by the setting that
// sets it (config key, and environment variable), so the user can raise it.
type Limits struct {
	// Response bounds the wait for an answer's headers once the request
	// is sent (and before, for connecting): response_timeout.
	Response time.Duration
	// Stall bounds a pause in a body on the move, an upload or any
	// answer: no byte for this long is a stalled transfer. Transfers run
	// as long as bytes move: stall_timeout.
	Stall time.Duration
	// Total bounds a JSON answer, from the request sent to its last byte;
	// downloads have none: request_timeout.
	Total time.Duration
}

// DefaultLimits are the limits of a client made without WithLimits.
var DefaultLimits = Limits{Response: 30 * time.Second, Stall: 30 * time.Second, Total: 60 * time.Second}

// WithLimits sets the client's limits (default DefaultLimits).
func WithLimits(l Limits) Option { return func(c *Client) { c.limits = l } }

// The settings that set Limits, as errors name them.
const (
	SettingResponse = "response_timeout (RDASH_RESPONSE_TIMEOUT)"
	SettingStall    = "stall_timeout (RDASH_STALL_TIMEOUT)"
	SettingTotal    = "request_timeout (RDASH_REQUEST_TIMEOUT)"
)

// ErrTimeout matches a request that ran into one of the client's Limits;
// errors.As finds its *TimeoutError. It implies ErrNoResponse.
var ErrTimeout = errors.New("the server took too long")

// TimeoutError is a request stopped by one of the client's Limits.
type TimeoutError struct {
	Method, Path string // Path is escaped, without query
	Server       string // host and port of the server
	Setting      string // SettingResponse, SettingStall or SettingTotal
	Limit        time.Duration
	// Transfer is what stalled, for SettingStall: "upload", "download" or
	// "answer".
	Transfer string
}

// Error names the request, the server, what happened and the setting.
func (e *TimeoutError) Error() string {
	what := fmt.Sprintf("no answer from %s within %s", e.Server, e.Limit)
	switch e.Setting {
	case SettingStall:
		what = fmt.Sprintf("the %s stalled: no data from %s for %s", e.Transfer, e.Server, e.Limit)
		if e.Transfer == "upload" {
			what = fmt.Sprintf("the upload stalled: %s took no data for %s", e.Server, e.Limit)
		}
	case SettingTotal:
		what = fmt.Sprintf("the answer from %s took longer than %s", e.Server, e.Limit)
	}
	return fmt.Sprintf("%s %s: %s (limit set by %s)", e.Method, e.Path, what, e.Setting)
}

// Is matches ErrTimeout and ErrNoResponse.
func (e *TimeoutError) Is(target error) bool { return target == ErrTimeout || target == ErrNoResponse }

// downloadKey marks, in a request's context, a download: it has no total
// limit, only the stall limit, however long it runs.
type downloadKey struct{}

func asDownload(ctx context.Context) context.Context {
	return context.WithValue(ctx, downloadKey{}, true)
}

func isDownload(ctx context.Context) bool { d, _ := ctx.Value(downloadKey{}).(bool); return d }

// LimitTransport returns next (nil for http.DefaultTransport) with l
// enforced on every request it carries, each treated as a JSON answer.
// It is for HTTP clients outside this package, such as the token
// endpoint's; a Client applies its own limits.
func LimitTransport(next http.RoundTripper, l Limits) http.RoundTripper {
	if next == nil {
		next = http.DefaultTransport
	}
	if l == (Limits{}) {
		return next
	}
	return &limitTransport{next: next, limits: l}
}

// withLimits copies hc (its redirect policy and timeout too) with l
// enforced on every request.
func withLimits(hc *http.Client, l Limits) *http.Client {
	cp := *hc
	cp.Transport = LimitTransport(hc.Transport, l)
	return &cp
}

type limitTransport struct {
	next   http.RoundTripper
	limits Limits
}

// RoundTrip sends req under a watchdog that ends it, with a TimeoutError
// as the cause, when a limit passes; the answer's body keeps the watchdog
// until it is read to the end or closed.
func (t *limitTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	ctx, cancel := context.WithCancelCause(req.Context())
	w := startWatchdog(t.limits, cancel, req, !isDownload(req.Context()))
	r := req.WithContext(ctx)
	if req.Body != nil && req.Body != http.NoBody {
		r.Body = &sentBody{ReadCloser: req.Body, w: w}
	}
	resp, err := t.next.RoundTrip(r)
	if err != nil {
		w.stop()
		if te := w.timedOut(); te != nil {
			return nil, te
		}
		cancel(nil)
		return nil, err
	}
	w.answered()
	resp.Body = &receivedBody{resp.Body, w, cancel}
	return resp, nil
}
