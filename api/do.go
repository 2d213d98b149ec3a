package api

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"time"
)

// transportError is a request that got no complete response: the dial
// failed, the connection dropped, or the context ended. Its text names the
// method and path but never the URL, whose query or host could hold secrets.
type transportError struct {
	method, path string
	err          error
	sent         bool // false when the request certainly never left
}

// Error names the request and the cause, filtered like Error.Error: a
// cause may quote bytes the server sent.
func (e *transportError) Error() string {
	return e.method + " " + e.path + ": " + printable(e.err.Error())
}
func (e *transportError) Unwrap() error { return e.err }

// Is matches ErrNoResponse always, and ErrUnreachable when the dial failed.
func (e *transportError) Is(target error) bool {
	return target == ErrNoResponse || target == ErrUnreachable && dialFailed(e.err)
}

// dialFailed reports whether err is a failure to connect: the name did not
// resolve, or the connection was refused or timed out.
func dialFailed(err error) bool {
	var op *net.OpError
	return errors.As(err, &op) && op.Op == "dial"
}

// newRequest builds a request with the headers every call carries.
func (c *Client) newRequest(ctx context.Context, method string, u *url.URL, body io.Reader, contentType string) (*http.Request, error) {
	req, err := http.NewRequestWithContext(ctx, method, u.String(), body)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Accept", "application/json")
	req.Header.Set("User-Agent", c.userAgent)
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	return req, nil
}

// do sends req through hc and passes a 2xx or 3xx response to handle, which
// owns its body. Only GET and HEAD are retried: a change may have been
// applied before it failed, so its failure is marked ErrMaybeApplied instead.
func (c *Client) do(ctx context.Context, hc *http.Client, req *http.Request, handle func(*http.Response) error) (*http.Response, error) {
	safe := req.Method == http.MethodGet || req.Method == http.MethodHead
	for attempt := 0; ; attempt++ {
		resp, err := c.once(ctx, hc, req, handle)
		if err == nil {
			return resp, nil
		}
		wait, again := c.retryWait(ctx, err, attempt)
		if !safe || !again {
			return resp, outcome(err, safe)
		}
		if err := sleep(ctx, wait); err != nil {
			return resp, &transportError{req.Method, req.URL.EscapedPath(), err, false}
		}
	}
}

// once makes one attempt.
func (c *Client) once(ctx context.Context, hc *http.Client, req *http.Request, handle func(*http.Response) error) (*http.Response, error) {
	if err := ctx.Err(); err != nil {
		if req.Body != nil {
			req.Body.Close() // Do would have; a streaming upload waits on it
		}
		return nil, &transportError{req.Method, req.URL.EscapedPath(), err, false}
	}
	resp, err := hc.Do(req)
	var re *RedirectError
	var te *TimeoutError
	switch {
	case errors.As(err, &re):
		return resp, re
	case errors.As(err, &te): // not retried: the user has waited long enough
		return nil, te
	case errors.Is(err, ErrNotSent):
		return nil, unwrapURLError(err)
	case err != nil:
		return nil, newTransportError(req, err)
	}
	if resp.StatusCode >= 400 {
		return resp, c.errorFromResponse(req, resp)
	}
	return resp, handle(resp)
}

// unwrapURLError drops the url.Error around an error of the HTTP client's
// transport, whose text repeats the URL (and so its query).
func unwrapURLError(err error) error {
	var ue *url.Error
	if errors.As(err, &ue) {
		return ue.Err
	}
	return err
}

func newTransportError(req *http.Request, err error) *transportError {
	var ue *url.Error
	if errors.As(err, &ue) {
		err = ue.Err
	}
	return &transportError{req.Method, req.URL.EscapedPath(), err, !dialFailed(err)}
}

// retryWait says whether err is worth another attempt, and after how long.
func (c *Client) retryWait(ctx context.Context, err error, attempt int) (time.Duration, bool) {
	// A refused sign-in (from the server, or from the HTTP client's token
	// source before anything was sent) does not get better by retrying.
	if attempt >= c.maxRetries || ctx.Err() != nil || errors.Is(err, ErrUnauthorized) {
		return 0, false
	}
	var rl *RateLimitError
	var se *Error
	var te *transportError
	switch {
	case errors.As(err, &rl):
		if rl.RetryAfter > c.maxRetryWait {
			return 0, false
		}
		if rl.RetryAfter > 0 {
			return rl.RetryAfter, true
		}
	case errors.As(err, &se):
		switch {
		case se.StatusCode < 500 || se.StatusCode == http.StatusNotImplemented, se.retryAfter > c.maxRetryWait:
			return 0, false
		case se.retryAfter > 0: // RFC 9110 lets a 503 say when to come back
			return se.retryAfter, true
		}
	case !errors.As(err, &te):
		return 0, false
	}
	return c.backoff(attempt), true
}

// backoff is a random wait between half and all of base·2^attempt, capped,
// so clients that failed together do not retry together.
func (c *Client) backoff(attempt int) time.Duration {
	d := c.backoffBase << min(attempt, 20)
	if d > c.backoffMax || d <= 0 {
		d = c.backoffMax
	}
	if d <= 1 {
		return d
	}
	return d/2 + rand.N(d/2+1)
}

// outcome marks the failure of a change whose effect is unknown: no
// complete answer, a 429 or 5xx, a redirect the client did not follow, or
// a success whose body could not be read as the service's answer (the
// server said it applied the change).
func outcome(err error, safe bool) error {
	if safe {
		return err
	}
	var te *transportError
	var se *Error
	switch {
	case errors.As(err, &te) && !te.sent, errors.Is(err, ErrUnauthorized), errors.Is(err, ErrMaybeApplied):
		return err
	case errors.As(err, &te), answeredSuccess(err), errors.Is(err, ErrRedirected), errors.Is(err, ErrTimeout),
		errors.As(err, &se) && (se.StatusCode == http.StatusTooManyRequests || se.StatusCode >= 500):
		return fmt.Errorf("%w (%w)", err, ErrMaybeApplied)
	}
	return err
}

// answeredSuccess reports an error about a 2xx answer: its body was too
// large, malformed or not the service's.
func answeredSuccess(err error) bool {
	var ns *NotServiceError
	if errors.As(err, &ns) {
		return ns.Status < 300
	}
	return errors.Is(err, ErrMalformedResponse) || errors.Is(err, ErrResponseTooLarge)
}

func sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// parseRetryAfter reads Retry-After as seconds or an HTTP date.
func parseRetryAfter(v string, now time.Time) time.Duration {
	if v == "" {
		return 0
	}
	if s, err := strconv.Atoi(v); err == nil {
		// Clamped so a huge value cannot overflow into a short wait.
		return time.Duration(min(max(s, 0), 1<<30)) * time.Second
	}
	if t, err := http.ParseTime(v); err == nil {
		return max(t.Sub(now), 0)
	}
	return 0
}
