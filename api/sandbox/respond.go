package sandbox

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
)

// httpError is a failure answered as {"error": {"code", "message"}}.
type httpError struct {
	status  int
	code    string
	message string
}

func (e *httpError) Error() string { return e.message }

// badRequest names the field and the rule it breaks, as docs/wire.md asks.
func badRequest(field, rule string) error {
	return &httpError{http.StatusBadRequest, "invalid_request", field + ": " + rule}
}

func badRequestf(field, format string, args ...any) error {
	return badRequest(field, fmt.Sprintf(format, args...))
}

func unauthorized(message string) error {
	return &httpError{http.StatusUnauthorized, "invalid_token", message}
}

func forbidden(format string, args ...any) error {
	return &httpError{http.StatusForbidden, "forbidden", fmt.Sprintf(format, args...)}
}

func notFound(format string, args ...any) error {
	return &httpError{http.StatusNotFound, "not_found", fmt.Sprintf(format, args...)}
}

func conflict(format string, args ...any) error {
	return &httpError{http.StatusConflict, "conflict", fmt.Sprintf(format, args...)}
}

func writeJSON(w http.ResponseWriter, status int, body any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	// The status is sent; an encoding error can only be a gone client.
	_ = json.NewEncoder(w).Encode(body)
}

func writeError(w http.ResponseWriter, err error) {
	var he *httpError
	var tooBig *http.MaxBytesError
	switch {
	case errors.As(err, &he):
	case errors.As(err, &tooBig):
		he = &httpError{http.StatusRequestEntityTooLarge, "too_large",
			fmt.Sprintf("body: at most %d bytes", tooBig.Limit)}
	default:
		he = &httpError{http.StatusInternalServerError, "internal", "internal error"}
	}
	if he.status == http.StatusUnauthorized {
		w.Header().Set("WWW-Authenticate", `Bearer error="invalid_token"`)
	}
	writeJSON(w, he.status, wireError{wireErrorBody{Code: he.code, Message: he.message}})
}

// respond runs fn under the lock and writes what it returns: the envelope with
// status, or the error. fn must return values that share no memory with the
// state, since they are encoded after the lock is released.
func (s *Server) respond(w http.ResponseWriter, status int, fn func() (envelope, error)) {
	s.mu.Lock()
	body, err := fn()
	s.mu.Unlock()
	switch {
	case err != nil:
		writeError(w, err)
	case status == http.StatusNoContent:
		w.WriteHeader(status)
	default:
		writeJSON(w, status, body)
	}
}

// locked runs fn under the lock and writes its error, if any; it reports
// whether fn succeeded.
func (s *Server) locked(w http.ResponseWriter, fn func() error) bool {
	s.mu.Lock()
	err := fn()
	s.mu.Unlock()
	if err != nil {
		writeError(w, err)
	}
	return err == nil
}
