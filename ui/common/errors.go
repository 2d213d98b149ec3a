package common

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"net"
	"net/url"
	"strings"
	"syscall"
	"time"
	"unicode"
	"unicode/utf8"

	"rdash/api"
	"rdash/internal/explain"
	"rdash/internal/safe"
)

// Kind is what sort of problem an error is, decided from its type: the
// error panel's title comes from it, never from the sentence's wording.
type Kind int

// Kinds of problem.
const (
	KindOther       Kind = iota
	KindSignIn           // the server refused the sign-in
	KindUnreachable      // the server could not be reached (dial, DNS, TLS)
	KindLocal            // a file on this machine could not be used
)

// Problem is an error put in words for the user.
type Problem struct {
	Kind Kind
	// Sentence says what went wrong, in terms of the service.
	Sentence string
	// Fix says what the user can do about it; empty when retrying is all.
	Fix string
	// Blocking problems stop all work until acted on (signed out, server
	// unreachable) and get a panel; the others fade from the status bar.
	Blocking bool
	// SignIn marks problems that signing in again fixes.
	SignIn bool
}

// Describe is the one place that turns an error (typed API errors,
// sentinels, transport failures) into a Problem. Every string that came
// from the server goes through safe.Line. A cancelled context is no
// problem at all: it returns the zero Problem.
func Describe(err error) Problem {
	var (
		rl *api.RateLimitError
		ae *api.Error
		ve *api.ValidationError
		xe *explain.Error
	)
	switch {
	case err == nil, errors.Is(err, context.Canceled):
		return Problem{}
	case errors.As(err, &xe):
		// Already worded for the action (internal/explain); the status
		// inside would only say "Not allowed".
		return Problem{Sentence: sentence(safe.Line(xe.Sentence))}
	case errors.Is(err, api.ErrUnauthorized):
		return Problem{Kind: KindSignIn, Sentence: "The server did not accept your sign-in: it expired or was revoked.",
			Fix: "sign in again: run `rdash auth login`", Blocking: true, SignIn: true}
	case errors.As(err, &rl):
		return Problem{Sentence: rateLimited(rl.RetryAfter)}
	case errors.Is(err, api.ErrMaybeApplied):
		return Problem{Sentence: "The connection failed after the change was sent; it may have been applied.",
			Fix: "reload to check before trying again"}
	case errors.As(err, &ae):
		return describeStatus(ae)
	case errors.As(err, &ve):
		return Problem{Sentence: fmt.Sprintf("%s: %s.", safe.Line(ve.Field), safe.Line(ve.Rule))}
	case errors.Is(err, context.DeadlineExceeded):
		return Problem{Sentence: "The server took too long to answer."}
	case errors.Is(err, api.ErrMalformedResponse):
		return Problem{Sentence: "The server sent an answer rdash cannot read."}
	case errors.Is(err, api.ErrResponseTooLarge):
		return Problem{Sentence: "The server sent an answer larger than rdash accepts."}
	case transport(err):
		return Problem{Kind: KindUnreachable, Sentence: "Cannot reach the server" + host(err) + ".",
			Fix: "check the network and the base_url setting, then press r to retry", Blocking: true}
	case local(err):
		return Problem{Kind: KindLocal, Sentence: sentence(safe.Line(err.Error())), Fix: localFix(err)}
	}
	return Problem{Sentence: sentence(safe.Line(err.Error()))}
}

// transport reports that err came from reaching the server: a dial, a
// name lookup, or the HTTP client's *url.Error around them. It matches
// these types, not net.Error: syscall.Errno satisfies net.Error, so a
// full disk would otherwise read as an unreachable server.
func transport(err error) bool {
	var (
		op  *net.OpError
		dns *net.DNSError
		ue  *url.Error
	)
	return errors.As(err, &op) || errors.As(err, &dns) || errors.As(err, &ue)
}

// local reports that err is about a file or the system on this machine:
// a *fs.PathError, or a bare errno outside any network operation.
func local(err error) bool {
	var (
		pe    *fs.PathError
		errno syscall.Errno
	)
	return errors.As(err, &pe) || errors.As(err, &errno)
}

// localFix says what to do about a local file error, by its errno.
func localFix(err error) string {
	switch {
	case errors.Is(err, syscall.ENOSPC):
		return "free some disk space and try again"
	case errors.Is(err, syscall.EROFS):
		return "the file system is read-only: set RDASH_STATE_DIR to a writable place"
	case errors.Is(err, fs.ErrPermission):
		return "check the permissions of the file and its directory"
	}
	return ""
}

func describeStatus(e *api.Error) Problem {
	msg := safe.Line(e.Message)
	switch {
	case e.StatusCode == 403:
		return Problem{Sentence: "Not allowed" + detail(msg, "Forbidden"),
			Fix: "your account or sign-in lacks a permission for this"}
	case e.StatusCode == 404:
		return Problem{Sentence: "Not found" + detail(msg, "Not Found")}
	case e.StatusCode == 409:
		return Problem{Sentence: "Conflict" + detail(msg, "Conflict")}
	case e.StatusCode == 413:
		return Problem{Sentence: "The request is larger than the server accepts."}
	case e.StatusCode >= 500:
		return Problem{Sentence: fmt.Sprintf("The server failed (%d); try again in a moment.", e.StatusCode)}
	case e.StatusCode == 400:
		return Problem{Sentence: "The server rejected the request" + detail(msg, "Bad Request")}
	}
	return Problem{Sentence: fmt.Sprintf("The server answered %d%s", e.StatusCode, detail(msg, ""))}
}

// detail appends the server's message unless it only repeats the status.
func detail(msg, statusText string) string {
	if msg == "" || strings.EqualFold(msg, statusText) {
		return "."
	}
	return ": " + sentence(msg)
}

func rateLimited(after time.Duration) string {
	if after <= 0 {
		return "The server is limiting requests; wait a moment and retry."
	}
	return fmt.Sprintf("The server is limiting requests; retry in %s.", after.Round(time.Second))
}

// host names the server from the transport error: the dialled address,
// the name that did not resolve, or the URL of a *url.Error.
func host(err error) string {
	var (
		op  *net.OpError
		dns *net.DNSError
		ue  *url.Error
	)
	switch {
	case errors.As(err, &dns) && dns.Name != "":
		return " at " + safe.Line(dns.Name)
	case errors.As(err, &op) && op.Addr != nil:
		return " at " + safe.Line(op.Addr.String())
	case errors.As(err, &ue):
		if u, perr := url.Parse(ue.URL); perr == nil && u.Host != "" {
			return " at " + safe.Line(u.Host)
		}
	}
	return ""
}

// sentence capitalises s and ends it with a full stop.
func sentence(s string) string {
	s = strings.TrimSpace(s)
	if s == "" {
		return "Something went wrong."
	}
	r, size := utf8.DecodeRuneInString(s)
	s = string(unicode.ToUpper(r)) + s[size:]
	if !strings.HasSuffix(s, ".") && !strings.HasSuffix(s, "!") && !strings.HasSuffix(s, "?") {
		s += "."
	}
	return s
}

// Text is the problem as one line: the sentence, then the fix.
func (p Problem) Text() string {
	if p.Fix == "" {
		return p.Sentence
	}
	return strings.TrimSuffix(p.Sentence, ".") + " — " + p.Fix + "."
}
