package api

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strings"
)

// ExternalHostError is a download that failed at a host the service's
// redirect sent it to, away from base_url's origin: the file's external
// host, or the service's file host. Its text names that host, never
// base_url, which answered as it should: "could not reach
// downloads.example.org (the file's external host): …". It matches
// ErrNoResponse when the host gave no answer, never ErrUnreachable,
// which is about the service; errors.As still finds an *Error for the
// host's answer.
type ExternalHostError struct {
	Host   string // host[:port] of the file's URL
	Status int    // the host's answer, 0 when there was none
	Err    error  // the cause: the connection's failure, or the answer's error
}

// Error names the host and what went wrong there.
func (e *ExternalHostError) Error() string {
	if e.Status != 0 {
		return fmt.Sprintf("%s (the file's external host) answered %d %s", e.Host, e.Status, http.StatusText(e.Status))
	}
	return fmt.Sprintf("could not reach %s (the file's external host): %s", e.Host, printable(netCause(e.Err)))
}

// Unwrap returns the cause.
func (e *ExternalHostError) Unwrap() error { return e.Err }

// Is matches ErrNoResponse when the host gave no answer.
func (e *ExternalHostError) Is(target error) bool { return target == ErrNoResponse && e.Status == 0 }

// elsewhere turns the failure of a download hop to u, on another origin
// than base_url's, into an *ExternalHostError; a failure on the API's
// origin is returned as it is.
func (c *Client) elsewhere(u *url.URL, err error) error {
	if err == nil || sameOrigin(u, c.base) {
		return err
	}
	host := printable(u.Host)
	var te *transportError
	var se *Error
	var ns *NotServiceError
	switch {
	case errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded):
		return err // stopped here, not failed there
	case errors.As(err, &te):
		return &ExternalHostError{Host: host, Err: te.err}
	case errors.As(err, &se):
		return &ExternalHostError{Host: host, Status: se.StatusCode, Err: err}
	case errors.As(err, &ns):
		return &ExternalHostError{Host: host, Status: ns.Status, Err: err}
	}
	return err
}

// netCause is the words of a connection's failure without the operation
// and addresses around them: "lookup downloads.example.org: no such host",
// "connection refused".
func netCause(err error) string {
	var op *net.OpError
	if errors.As(err, &op) && op.Err != nil {
		err = op.Err
	}
	if err == nil {
		return "no answer"
	}
	msg := err.Error()
	if _, after, ok := strings.Cut(msg, "connect: "); ok {
		msg = after
	}
	return msg
}
