package api

import (
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"
	"unicode"
)

// Sentinel errors matched with errors.Is against any *Error.
var (
	// ErrNotFound matches a 404.
	ErrNotFound = errors.New("not found")
	// ErrUnauthorized matches a 401, and a sign-in the HTTP client's token
	// source refused before sending.
	ErrUnauthorized = errors.New("unauthorized")
	// ErrForbidden matches a 403: a missing scope or permission.
	ErrForbidden = errors.New("forbidden")
	// ErrConflict matches a 409, such as a version string already taken.
	ErrConflict = errors.New("conflict")
	// ErrRateLimited matches a 429; errors.As finds its *RateLimitError.
	ErrRateLimited = errors.New("rate limited")
)

// Sentinel errors for failures that are not a status from the service.
var (
	// ErrMaybeApplied marks a failed change (POST, PATCH, DELETE) whose
	// outcome is unknown: the connection dropped, the context ended, or the
	// server answered 429 or 5xx after the request reached it. The service
	// (and the sandbox, on purpose) may fail after applying a change, so the
	// caller must reload before telling the user it did not happen.
	ErrMaybeApplied = errors.New("the server may have applied it; reload to check")
	// ErrMalformedResponse is a success response whose body is not the JSON
	// the endpoint documents.
	ErrMalformedResponse = errors.New("malformed response")
	// ErrResponseTooLarge is a success response whose body passes the limit
	// set with WithMaxBodyBytes.
	ErrResponseTooLarge = errors.New("response body too large")
	// ErrNoResponse matches a request that got no complete response: the
	// server could not be reached, the connection dropped, or the context
	// ended (which errors.Is also finds). Classify failures with it rather
	// than with net.Error, which local file errors (syscall.Errno) satisfy
	// too.
	ErrNoResponse = errors.New("no response from the server")
	// ErrUnreachable matches a request that could not be sent because the
	// server could not be reached (its name did not resolve, or the
	// connection was refused or timed out). It implies ErrNoResponse.
	ErrUnreachable = errors.New("cannot reach the server")
	// ErrNotSent matches a request that the HTTP client given with
	// WithHTTPClient refused to send, such as auth's refusal to send a
	// token over plain http to another machine. It is not retried, and a
	// change so refused certainly did not happen.
	ErrNotSent = errors.New("not sent")
)

// Error is a failed response from the service. It never holds a token.
// Code and Message are the server's words, trimmed and at most 300
// characters, but otherwise as sent: they may hold control or invisible
// characters, so a display passes them through internal/safe.
type Error struct {
	StatusCode int
	Method     string
	Path       string // request path without query or host, escaped
	Code       string // the server's error code, when it sent one
	Message    string // the best message found in the body; "" when it has none (Error then says the status text)

	// retryAfter is the Retry-After of a 503, which a GET waits for
	// before its next attempt (a 429's is RateLimitError.RetryAfter).
	retryAfter time.Duration
}

// Error returns one line naming the request, the status and the server's
// message. The server's text in it is filtered to printable characters, so
// an error printed with %v by a caller that forgot internal/safe still
// cannot move the cursor, change colours or reorder text; displays should
// sanitize it all the same.
func (e *Error) Error() string {
	msg := printable(e.Message)
	if msg == "" {
		msg = http.StatusText(e.StatusCode)
	}
	code := printable(e.Code)
	if code != "" && code != msg {
		return fmt.Sprintf("%s %s: %d %s (%s)", e.Method, e.Path, e.StatusCode, msg, code)
	}
	return fmt.Sprintf("%s %s: %d %s", e.Method, e.Path, e.StatusCode, msg)
}

// Is matches the sentinels by status code.
func (e *Error) Is(target error) bool {
	switch target {
	case ErrNotFound:
		return e.StatusCode == http.StatusNotFound
	case ErrUnauthorized:
		return e.StatusCode == http.StatusUnauthorized
	case ErrForbidden:
		return e.StatusCode == http.StatusForbidden
	case ErrConflict:
		return e.StatusCode == http.StatusConflict
	case ErrRateLimited:
		return e.StatusCode == http.StatusTooManyRequests
	}
	return false
}

// statusError lets RateLimitError embed Error under another name: a field
// named Error would hide the Error method, and the type would not be an error.
type statusError = Error

// RateLimitError is a 429 response; RetryAfter is zero when the server did
// not say. Its status fields (StatusCode, Method, Path, Code, Message) are
// those of the embedded Error, which errors.As also finds.
type RateLimitError struct {
	statusError
	RetryAfter time.Duration
}

// Error is the embedded Error's text and the wait the server asked for.
func (e *RateLimitError) Error() string {
	if e.RetryAfter <= 0 {
		return e.statusError.Error()
	}
	return fmt.Sprintf("%s; retry after %s", e.statusError.Error(), e.RetryAfter.Round(time.Second))
}

// Unwrap returns the embedded Error, so errors.As finds an *Error and
// errors.Is matches ErrRateLimited.
func (e *RateLimitError) Unwrap() error { return &e.statusError }

// ValidationError is a request rejected by the client before anything was
// sent. Field uses the interface's names ("data.version",
// "dependencies[2].version_id").
type ValidationError struct {
	Field string
	Rule  string
}

// Error returns "field: rule".
func (e *ValidationError) Error() string { return e.Field + ": " + e.Rule }

// printable is defence in depth for Error: every character that is not
// graphic (C0 and C1 controls, ESC, bidi overrides and isolates,
// zero-width and other format characters, line and paragraph separators)
// becomes a space, and invalid UTF-8 becomes U+FFFD. Runs of spaces are
// kept short so a padded message cannot push the rest of a line away.
func printable(s string) string {
	s = strings.ToValidUTF8(s, "\uFFFD")
	if !strings.ContainsFunc(s, notGraphic) {
		return s
	}
	return strings.Join(strings.FieldsFunc(s, notGraphicOrSpace), " ")
}

func notGraphicOrSpace(r rune) bool { return notGraphic(r) || unicode.IsSpace(r) }
