package cmd

import (
	"errors"
	"fmt"
	"maps"
	"net"
	"net/http"
	"strings"

	"rdash/api"
	"rdash/internal/explain"
	"rdash/internal/safe"
)

// explainedError is an error worded for the command line; Is and As
// still reach the error it explains, so the exit code does not change.
type explainedError struct {
	msg string
	err error
}

func (e *explainedError) Error() string { return e.msg }
func (e *explainedError) Unwrap() error { return e.err }

// refusalWords say how one command words the refusals of its requests:
// which flag or argument gave each field (a table keyed as the
// dashboard's form labels are, see explain.Flags), and what a 404 means
// for it. A command's RunE gives them to its errors (worded).
type refusalWords struct {
	command  string // "rdash versions update", for its --help
	flags    explain.Flags
	notFound string // "there is no project lumen"; "" for the server's path
}

// noProject is what a 404 means to a command that names a project.
func noProject(project string) string {
	return "there is no project " + safe.PlainLine(clip(project))
}

// noVersion is what a 404 means to a command that names a version.
func noVersion(project, version string) string {
	p := safe.PlainLine(clip(project))
	return fmt.Sprintf("there is no version %s in project %s (or no project %s)", safe.PlainLine(clip(version)), p, p)
}

// pathFlags are the arguments the request paths' parts come from, in
// every command.
var pathFlags = explain.Flags{"projectId": "PROJECT", "versionId": "VERSION", "orgId": "ORG", "userId": "USER", "fileId": "--file"}

// withPaths is a command's flags table with the paths' arguments.
func withPaths(fl explain.Flags) explain.Flags {
	out := maps.Clone(pathFlags)
	maps.Copy(out, fl)
	return out
}

// wordedError carries the words of the command that returned err, for
// Main to explain it with.
type wordedError struct {
	words refusalWords
	err   error
}

func (e *wordedError) Error() string { return e.err.Error() }
func (e *wordedError) Unwrap() error { return e.err }

// worded marks a command's error with its words; nil stays nil.
func worded(w refusalWords, err error) error {
	if err == nil {
		return nil
	}
	return &wordedError{words: w, err: err}
}

// explain words err in the command line's terms: the flag or argument a
// refused field came from, not the interface's name for it, and a
// sentence for the server's answers instead of "METHOD path: status".
// Only an error that is the refusal itself is reworded: one a command
// already put in words (wrapped with context) is left as it is.
func (f *Factory) explain(err error) error {
	var we *wordedError
	var w refusalWords
	if errors.As(err, &we) {
		w = we.words
	}
	var done *explainedError
	switch {
	case errors.As(err, &done):
		return err // a command put it in words (an external host, say)
	case errors.Is(err, api.ErrUnreachable):
		return &explainedError{msg: f.unreachable(err), err: err}
	}
	if refusal(err) == nil {
		return err
	}
	return &explainedError{msg: w.say(err), err: err}
}

// say is err in w's words when it is a refusal, else its own text.
func (w refusalWords) say(err error) string {
	switch r := refusal(err).(type) {
	case *api.ValidationError:
		return w.fieldRule(r.Field, r.Rule)
	case *api.RateLimitError, *api.Error:
		return w.statusSentence(r)
	}
	return err.Error()
}

// refusal is the client's or the server's refusal when err is that
// refusal itself, marked only with an exit code or its command's words;
// nil when a command wrapped it in words of its own.
func refusal(err error) error {
	for {
		switch e := err.(type) {
		case *ExitError:
			err = e.Err
		case *wordedError:
			err = e.err
		case *api.ValidationError, *api.Error, *api.RateLimitError:
			return err
		default:
			return nil
		}
	}
}

// unreachable names the server rdash could not reach and how to point it
// at another.
func (f *Factory) unreachable(err error) string {
	why := dialCause(err)
	server := "the server"
	if f.cfg != nil && f.cfg.BaseURL != "" {
		server = f.cfg.BaseURL
	}
	return fmt.Sprintf("cannot reach %s (%s). Is it running? rdash finds the server at base_url in config.yml, "+
		"or RDASH_BASE_URL, which overrides it", server, why)
}

// dialCause is why a dial failed, as the system says it ("connection
// refused"; "lookup cdn.example.org: no such host").
func dialCause(err error) string {
	var op *net.OpError
	if !errors.As(err, &op) || op.Err == nil {
		return "it could not be reached"
	}
	why := op.Err.Error()
	if _, after, ok := strings.Cut(why, "connect: "); ok {
		why = after
	}
	return safe.PlainLine(why)
}

// statusSentence says what the server's refusal means for the command.
// An answer with no body gives a status and no message: the sentence
// then says the server gave no reason, or leaves the reason out where
// the status says it all, and never ends on a colon with nothing after.
func (w refusalWords) statusSentence(err error) string {
	var ae *api.Error
	errors.As(err, &ae)
	msg := safe.PlainLine(ae.Message)
	if wire, rule, ok := explain.FieldRule(ae); ok {
		return "the server refused " + w.fieldRule(wire, rule)
	}
	status := fmt.Sprintf("%d %s", ae.StatusCode, http.StatusText(ae.StatusCode))
	switch ae.StatusCode {
	case http.StatusUnauthorized:
		return "the server wants you signed in for this" + inParens(msg) + ": run `rdash auth login`, or set RDASH_TOKEN"
	case http.StatusForbidden:
		return "the server does not allow it" + because(": ", msg, " and gave no reason") +
			" (the token's scopes, or your role in the organization, lack the permission)"
	case http.StatusNotFound:
		if w.notFound != "" {
			return w.notFound
		}
		return "the server has nothing at " + safe.PlainLine(clip(ae.Path)) + inParens(msg)
	case http.StatusConflict:
		return "the server refused it, as it conflicts with what the server holds" + because(": ", msg, ", and gave no reason")
	case http.StatusRequestEntityTooLarge:
		return "the server refused the upload as too large" + because(": ", msg, "")
	case http.StatusTooManyRequests:
		return "the server is busy and asked rdash to slow down" + inParens(msg) + "; " + retryIn(err)
	}
	if ae.StatusCode >= 500 {
		return "the server failed (" + status + ")" + because(": ", msg, " and gave no reason") + "; try again later"
	}
	return "the server refused it (" + status + ")" + because(": ", msg, " and gave no reason")
}

// because is the server's message after sep, or none when it gave none.
func because(sep, msg, none string) string {
	if msg == "" {
		return none
	}
	return sep + msg
}

// inParens is " (msg)", or nothing when the server gave no message.
func inParens(msg string) string {
	if msg == "" {
		return ""
	}
	return " (" + msg + ")"
}

// retryIn says when to try again after a 429: when the server said, or
// in a while.
func retryIn(err error) string {
	var rl *api.RateLimitError
	if errors.As(err, &rl) && rl.RetryAfter > 0 {
		return "try again in " + rl.RetryAfter.String()
	}
	return "try again in a while"
}

// fieldRule is "FLAG: rule" for a field of the command's request, the
// rule's own field names made flags too.
func (w refusalWords) fieldRule(wire, rule string) string {
	if (wire == "data" || wire == "body") && rule == "sets no field" {
		help := "the command's --help"
		if w.command != "" {
			help = w.command + " --help"
		}
		return "nothing to change: give at least one flag that changes the version (see " + help + ")"
	}
	return withPaths(w.flags).Rule(wire, rule)
}
