package cmd

import (
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

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

// explain words err in the command line's terms: the flag or argument a
// refused field came from, not the interface's name for it
// ("data.files" is --file or --url), and a sentence for the server's
// answers instead of "METHOD path: status". Only an error that is the
// refusal itself is reworded: one a command already put in words
// (wrapped with context) is left as it is.
func (f *Factory) explain(c *cobra.Command, err error) error {
	var ve *api.ValidationError
	var ae *api.Error
	switch {
	case errors.As(err, &ve) && err.Error() == ve.Error():
		return &explainedError{msg: fieldRule(c, ve.Field, ve.Rule), err: err}
	case errors.Is(err, api.ErrUnreachable):
		return &explainedError{msg: f.unreachable(err), err: err}
	case errors.As(err, &ae) && err.Error() == ae.Error():
		return &explainedError{msg: statusSentence(c, ae), err: err}
	}
	return err
}

// unreachable names the server rdash could not reach and how to point it
// at another.
func (f *Factory) unreachable(err error) string {
	why := "it could not be reached"
	var op *net.OpError
	if errors.As(err, &op) && op.Err != nil {
		why = op.Err.Error()
		if _, after, ok := strings.Cut(why, "connect: "); ok {
			why = after
		}
	}
	server := "the server"
	if f.cfg != nil && f.cfg.BaseURL != "" {
		server = f.cfg.BaseURL
	}
	return fmt.Sprintf("cannot reach %s (%s). Is it running? rdash finds the server at base_url in config.yml, "+
		"or RDASH_BASE_URL, which overrides it", server, why)
}

// statusSentence says what the server's refusal means for the command.
func statusSentence(c *cobra.Command, ae *api.Error) string {
	msg := safe.PlainLine(ae.Message)
	if wire, rule, ok := explain.FieldRule(ae); ok {
		return "the server refused " + fieldRule(c, wire, rule)
	}
	switch ae.StatusCode {
	case http.StatusUnauthorized:
		return "the server wants you signed in for this (" + msg + "): run `rdash auth login`, or set RDASH_TOKEN"
	case http.StatusForbidden:
		return "the server does not allow it: " + msg + " (the token's scopes, or your role in the organization, lack the permission)"
	case http.StatusNotFound:
		return notFoundSentence(ae.Path)
	case http.StatusConflict:
		return "the server refused it, as it conflicts with what the server holds: " + msg
	case http.StatusRequestEntityTooLarge:
		return "the server refused the upload as too large: " + msg
	case http.StatusTooManyRequests:
		return "the server is busy and asked rdash to slow down (" + msg + "); try again in a while"
	}
	if ae.StatusCode >= 500 {
		return fmt.Sprintf("the server failed (%d %s): %s; try again later", ae.StatusCode, http.StatusText(ae.StatusCode), msg)
	}
	return fmt.Sprintf("the server refused it (%d %s): %s", ae.StatusCode, http.StatusText(ae.StatusCode), msg)
}

// versionPath matches the paths of a project's versions and files.
var versionPath = regexp.MustCompile(`/projects/([^/]+)/versions(?:/([^/]+))?(?:/download/([^/]+))?$`)

// notFoundSentence says what is missing, from the path the server did
// not find.
func notFoundSentence(path string) string {
	m := versionPath.FindStringSubmatch(path)
	if m == nil {
		return "the server has nothing at " + safe.PlainLine(path)
	}
	part := func(s string) string {
		if u, err := url.PathUnescape(s); err == nil {
			s = u
		}
		return safe.PlainLine(s)
	}
	project, version := part(m[1]), part(m[2])
	switch {
	case m[3] != "":
		return fmt.Sprintf("version %s of %s has no file %s (any longer)", version, project, part(m[3]))
	case version != "":
		return fmt.Sprintf("there is no version %s in project %s (or no project %s)", version, project, project)
	}
	return "there is no project " + project
}

// wireItem splits a field as the interface names it: "data.files[2]",
// "dependencies[0].url", "versionId".
var wireItem = regexp.MustCompile(`^(?:data\.)?([A-Za-z_]+)(?:\[(\d+)\])?(?:\.([a-z_]+))?$`)

// wireInRule finds the fields a rule names ("repeats ids[0]").
var wireInRule = regexp.MustCompile(`\b(?:data\.)?[a-z_]+\[\d+\]|\bdata\.[a-z_]+\b`)

// fieldRule is "FLAG: rule" for a field of c's request, the rule's own
// field names made flags too.
func fieldRule(c *cobra.Command, wire, rule string) string {
	if (wire == "data" || wire == "body") && rule == "sets no field" {
		return "nothing to change: give at least one flag that changes the version (see " + c.CommandPath() + " --help)"
	}
	rule = wireInRule.ReplaceAllStringFunc(rule, func(w string) string { return flagOf(c, w) })
	flag := flagOf(c, wire)
	if strings.Contains(rule, `"`) {
		// The rule quotes the value (a file's name): clearer than its
		// place in a list, which for uploads counts the uploads alone.
		flag, _, _ = strings.Cut(flag, " #")
	}
	return flag + ": " + safe.PlainLine(rule)
}

// flagOf is the flag or argument of c that gives the field wire, with
// the item's number when wire is one item of a list ("--game-version
// #2"); a field with no flag is named as it is.
func flagOf(c *cobra.Command, wire string) string {
	m := wireItem.FindStringSubmatch(wire)
	if m == nil {
		return wire
	}
	name, ok := fieldFlags[m[1]]
	if c != nil && c.Name() == "edit" {
		if set, isSet := editSetFlags[m[1]]; isSet {
			name, ok = set, true
		}
	}
	if m[1] == "files" && c != nil && c.Name() == "update" && m[2] == "" {
		name = "--remove-file" // the only way an update lists no file
	}
	if !ok {
		return wire
	}
	if m[2] != "" {
		i, _ := strconv.Atoi(m[2])
		name += " #" + strconv.Itoa(i+1)
	}
	if m[3] != "" {
		name += " (" + m[3] + ")"
	}
	return name
}

// fieldFlags are the flags and arguments that give the request's fields.
var fieldFlags = map[string]string{
	"version": "--version", "name": "--name", "channel": "--channel", "changelog": "--changelog",
	"minecraft_versions": "--game-version", "platforms": "--platform", "dependencies": "--dependency",
	"files":                  "--file or --url",
	"add_minecraft_versions": "--add-game-version", "remove_minecraft_versions": "--remove-game-version",
	"add_platforms": "--add-platform", "remove_platforms": "--remove-platform",
	"add_dependencies": "--add-dependency", "remove_dependencies": "--remove-dependency",
	"ids": "--ids", "page": "--page", "page_size": "--page-size",
	"invitee": "INVITEE", "role": "--role", "permissions": "--permission",
	"projectId": "PROJECT", "versionId": "VERSION", "orgId": "ORG", "userId": "USER", "fileId": "--file",
	"data": "the request", "body": "the request",
}

// editSetFlags are the replacing flags of versions edit.
var editSetFlags = map[string]string{
	"minecraft_versions": "--set-game-versions", "platforms": "--set-platforms", "dependencies": "--set-dependencies",
}
