package api

import (
	"errors"
	"fmt"
	"net/http"
	"time"
)

// Sentinel errors matched with errors.Is against any *Error.
var (
	ErrNotFound     = errors.New("not found")
	ErrUnauthorized = errors.New("unauthorized")
	ErrForbidden    = errors.New("forbidden")
	ErrConflict     = errors.New("conflict")
	ErrRateLimited  = errors.New("rate limited")
)

// Error is a failed response from the service. It never holds a token.
type Error struct {
	StatusCode int
	Method     string
	Path       string // request path without query or host
	Code       string // the server's error code, when it sent one
	Message    string // the best message found in the body, or the status text
}

func (e *Error) Error() string {
	msg := e.Message
	if msg == "" {
		msg = http.StatusText(e.StatusCode)
	}
	if e.Code != "" {
		return fmt.Sprintf("%s %s: %d %s (%s)", e.Method, e.Path, e.StatusCode, msg, e.Code)
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

// RateLimitError is a 429 response; RetryAfter is zero when the server did
// not say.
type RateLimitError struct {
	Error
	RetryAfter time.Duration
}

func (e *RateLimitError) Unwrap() error { return &e.Error }

// ValidationError is a request rejected by the client before anything was
// sent. Field uses the interface's names ("data.version",
// "dependencies[2].version_id").
type ValidationError struct {
	Field string
	Rule  string
}

func (e *ValidationError) Error() string { return e.Field + ": " + e.Rule }
