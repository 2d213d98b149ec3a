package explain

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"rdash/api"
)

func TestLabel(t *testing.T) {
	t.Parallel()
	for wire, want := range map[string]string{
		"data.name":                        "Name",
		"data.version":                     "Version",
		"channel":                          "Channel",
		"data.minecraft_versions":          "Game versions",
		"add_platforms[0]":                 "Platform 1 to add",
		"remove_minecraft_versions":        "Game versions to remove",
		"data.dependencies[1].url":         "Dependency 2, URL",
		"dependencies[0].version_id":       "Dependency 1, version ID",
		"files[2]":                         "File 3",
		"data.files":                       "Files",
		"Content-Type":                     "Content-Type",
		"data.something_new":               "data.something_new",
		"data.dependencies[0].\x1b[31mx\a": "data.dependencies[0].\x1b[31mx\a",
	} {
		if got := Label(wire); got != want {
			t.Errorf("Label(%q) = %q, want %q", wire, got, want)
		}
	}
}

// TestFields: an error names the form's field by its label, never by its
// wire name, whether the client refused it or the server did; the API
// error stays reachable.
func TestFields(t *testing.T) {
	t.Parallel()
	conflict := &api.Error{StatusCode: http.StatusConflict, Method: "POST", Path: "/projects/lumen/versions",
		Message: "data.version: lumen already has version 2.4.0"}
	for _, tt := range []struct {
		err  error
		want string
	}{
		{&api.ValidationError{Field: "data.name", Rule: "is required"}, "Name: is required"},
		{&api.ValidationError{Field: "data.files[1]", Rule: "repeats data.files[0]"}, "File 2: repeats File 1"},
		{&api.ValidationError{Field: "data.dependencies[0]", Rule: "must reference exactly one of version_id, project_id or name"},
			"Dependency 1: must reference exactly one of a version ID, a project ID or name"},
		{conflict, "the server refused it: Version: lumen already has version 2.4.0"},
		{fmt.Errorf("sending: %w", conflict), "the server refused it: Version: lumen already has version 2.4.0"},
	} {
		got := Fields(tt.err)
		if got.Error() != tt.want {
			t.Errorf("Fields(%v) = %q, want %q", tt.err, got, tt.want)
		}
		if !errors.Is(got, tt.err) || strings.Contains(got.Error(), "data.") {
			t.Errorf("Fields(%v) = %q: the wire name shows, or the error is lost", tt.err, got)
		}
	}
	other := &api.Error{StatusCode: http.StatusForbidden, Message: "data.version: x"}
	if Fields(other) != other {
		t.Error("a 403 was read as a field's refusal")
	}
}

// TestRetryAndChange: only what sending again may mend is retryable; a
// refusal says what to change instead.
func TestRetryAndChange(t *testing.T) {
	t.Parallel()
	status := func(code int, msg string) error {
		return &api.Error{StatusCode: code, Method: "PATCH", Path: "/projects/x/versions", Message: msg}
	}
	for _, tt := range []struct {
		name   string
		err    error
		retry  bool
		change string
	}{
		{"network", errors.New("dial tcp: connection refused"), true, ""},
		{"maybe applied", fmt.Errorf("%w (%w)", status(503, "busy"), api.ErrMaybeApplied), true, ""},
		{"rate limited", &api.RateLimitError{}, true, ""},
		{"server error", status(500, "boom"), true, ""},
		{"cancelled", context.Canceled, true, ""},
		{"bad request", status(400, "data.name: must not be empty"), false, "change Name as said"},
		{"bad request without field", status(400, "something"), false, "change what the server names"},
		{"unprocessable", status(422, "channel: no channel \"x\" in project lumen"), false, "change Channel as said"},
		{"scope", status(403, "the token lacks scope project:version:update"), false, "granting the project:version:update scope"},
		{"permission", status(403, "dave lacks organization permission project:version:update in emberforge"), false,
			"ask an owner of emberforge for the project:version:update permission"},
		{"owner", status(403, "dave may not change versions of lumen: only its owner alice may"), false, "only alice, the project's owner"},
		{"not found", status(404, "no version"), false, "reload the list"},
		{"conflict", status(409, "data.version: lumen already has version 2.4.0"), false, "choose another version string"},
		{"checked first", &api.ValidationError{Field: "data.version", Rule: "is required"}, false, "change Version as said"},
	} {
		if got := Retryable(tt.err); got != tt.retry {
			t.Errorf("%s: Retryable = %v", tt.name, got)
		}
		got := Change(tt.err, "it")
		if tt.change == "" && got != "" || !strings.Contains(got, tt.change) {
			t.Errorf("%s: Change = %q, want %q in it", tt.name, got, tt.change)
		}
	}
}

// TestFieldsKeepsWordedErrors: an error already in words for its action
// keeps them, though the server's message names a field ("invitee: …").
func TestFieldsKeepsWordedErrors(t *testing.T) {
	t.Parallel()
	conflict := &api.Error{StatusCode: http.StatusConflict, Method: "POST", Path: "/orgs/emberforge/invitations",
		Message: "invitee: dave already has a pending invitation"}
	worded := Invitation(OpSend, "emberforge", "dave", conflict)
	if got := Fields(worded); got != worded {
		t.Errorf("Fields = %q, want the invitation's words", got)
	}
	if got := Fields(conflict).Error(); got != "the server refused it: Invitee: dave already has a pending invitation" {
		t.Errorf("Fields of the bare refusal = %q", got)
	}
}
