package sandbox

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
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

// writeJSON writes body as JSON, as application/json unless a
// Content-Type is set already.
func writeJSON(w http.ResponseWriter, status int, body any) {
	if w.Header().Get("Content-Type") == "" {
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
	}
	w.WriteHeader(status)
	// The status is sent; an encoding error can only be a gone client.
	_ = json.NewEncoder(w).Encode(body)
}

// writeError answers err in the error shape of the choices: the JSON one
// of docs/wire.md, another JSON shape, plain text, or no body at all.
func (s *Server) writeError(w http.ResponseWriter, err error) {
	he := asHTTPError(err)
	status := he.status
	if status == http.StatusBadRequest {
		status = s.prof.ValidationStatus
	}
	if status == http.StatusUnauthorized && s.prof.BearerChallenge {
		w.Header().Set("WWW-Authenticate", `Bearer error="invalid_token"`)
	}
	switch s.prof.ErrorBody {
	case ErrorText:
		writeText(w, status, he.message)
	case ErrorEmpty:
		w.WriteHeader(status)
	case ErrorMessage:
		writeJSON(w, status, wireMessageError{Message: he.message, Status: status})
	case ErrorOAuth:
		writeJSON(w, status, wireOAuthError{Error: he.code, ErrorDescription: he.message})
	case ErrorList:
		writeJSON(w, status, wireErrorList{Errors: []wireErrorBody{{Code: he.code, Message: he.message}}})
	case ErrorProblem:
		w.Header().Set("Content-Type", "application/problem+json")
		writeJSON(w, status, wireProblem{Type: "about:blank", Title: http.StatusText(status), Status: status, Detail: he.message})
	default:
		writeJSON(w, status, wireError{wireErrorBody{Code: he.code, Message: he.message}})
	}
}

func asHTTPError(err error) *httpError {
	var he *httpError
	var tooBig *http.MaxBytesError
	switch {
	case errors.As(err, &he):
		return he
	case errors.As(err, &tooBig):
		return &httpError{http.StatusRequestEntityTooLarge, "too_large",
			fmt.Sprintf("body: at most %d bytes", tooBig.Limit)}
	}
	return &httpError{http.StatusInternalServerError, "internal", "internal error"}
}

func writeText(w http.ResponseWriter, status int, message string) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(status)
	// The status is sent; a write error can only be a gone client.
	_, _ = io.WriteString(w, message+"\n")
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
		s.writeError(w, err)
	case status == http.StatusNoContent || body.bare:
		w.WriteHeader(status)
	case body.emptyObject:
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		w.WriteHeader(status)
		_, _ = io.WriteString(w, "{}\n")
	default:
		s.dress(w, &body)
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
		s.writeError(w, err)
	}
	return err == nil
}

// respondBare is respond for a success whose body the interface does not
// show, answered as the choices say: def and the envelope (nothing for
// 204), 200 without a body, 204, or 200 and {}.
func (s *Server) respondBare(w http.ResponseWriter, def int, fn func() (envelope, error)) {
	status, empty := def, envelope{}
	switch s.prof.NotShown {
	case NotShownEcho:
		s.respond(w, def, fn)
		return
	case NotShownBare:
		status, empty = http.StatusOK, envelope{bare: true}
	case NotShownNoContent:
		status = http.StatusNoContent
	case NotShownEmptyObject:
		status, empty = http.StatusOK, envelope{emptyObject: true}
	}
	s.respond(w, status, func() (envelope, error) {
		_, err := fn()
		return empty, err
	})
}
