package explain

import (
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"rdash/api"
	"rdash/internal/safe"
)

// fieldLabels name the requests' fields as the forms label them; the
// wire names ("data.minecraft_versions") are the interface's, not the
// user's. Each has the name of one item of it, for "Dependency 2". It is
// the one table of the fields rdash sends: a command's Flags name the
// same fields by its flags (Known says which fields there are).
var fieldLabels = map[string][2]string{
	"channel":            {"Channel", "Channel"},
	"version":            {"Version", "Version"},
	"name":               {"Name", "Name"},
	"changelog":          {"Changelog", "Changelog"},
	"minecraft_versions": {"Game versions", "Game version"},
	"platforms":          {"Platforms", "Platform"},
	"dependencies":       {"Dependencies", "Dependency"},
	"files":              {"Files", "File"},
	"ids":                {"Versions", "Version"},
	"minecraft_version":  {"Game version", "Game version"}, // a list's filter
	"page":               {"Page", "Page"},
	"page_size":          {"Page size", "Page size"},
	"search":             {"Search", "Search"},
	"invitee":            {"Invitee", "Invitee"},
	"role":               {"Role", "Role"},
	"permissions":        {"Permissions", "Permission"},
	"projectId":          {"Project", "Project"}, // the path's
	"versionId":          {"Version", "Version"},
	"fileId":             {"File", "File"},
	"orgId":              {"Organization", "Organization"},
	"userId":             {"User", "User"},
	"data":               {"The request", "The request"},
	"body":               {"The request", "The request"},
}

// subLabels name the parts of a dependency.
var subLabels = map[string]string{
	"version_id": "version ID", "project_id": "project ID", "name": "name", "url": "URL", "type": "type",
}

// Known says whether wire names a field of the requests rdash sends, one
// fieldLabels has: a command's Flags are keyed by these, with an
// operation ("add_platforms").
func Known(wire string) bool {
	p, ok := ParsePath(strings.TrimSuffix(wire, "[]"))
	_, known := fieldLabels[p.Field]
	return ok && known
}

// Label is the form's name for the wire field ("data.dependencies[1].url"
// reads "Dependency 2, URL"); a name it does not know is returned as it is.
func Label(wire string) string {
	p, ok := ParsePath(wire)
	if !ok {
		return wire
	}
	if _, known := fieldLabels[p.Field]; !known {
		return wire
	}
	return labelOf(p)
}

// labelOf is the form's name for p, which names a field of fieldLabels.
func labelOf(p Path) string {
	names, ok := fieldLabels[p.Field]
	if !ok {
		return p.Key()
	}
	op := ""
	if p.Op != "" {
		op = " to " + p.Op
	}
	label := names[0] + op
	if p.Item > 0 {
		label = names[1] + " " + strconv.Itoa(p.Item) + op
	}
	if p.Part != "" {
		label += ", " + partLabel(p.Part)
	}
	return label
}

// labelRule names the fields a rule mentions by their labels.
func labelRule(rule string) string {
	return namesInRule(rule, func(p Path) string {
		if _, known := fieldLabels[p.Field]; !known {
			return ""
		}
		return labelOf(p)
	})
}

// FieldRule is the field a refusal names, as the interface names it, and
// the rule broken, for a form to mark the field: a check made before
// sending (*api.ValidationError), or a 400, 409 or 422 whose message
// starts "field: rule", as the service's do (docs/wire.md; a server that
// answers a broken rule with 422, as the strict sandbox does, says the
// same). ok is false when err names no field.
func FieldRule(err error) (wire, rule string, ok bool) {
	var ve *api.ValidationError
	var ae *api.Error
	switch {
	case errors.As(err, &ve):
		return ve.Field, ve.Rule, true
	case errors.As(err, &ae) && (ae.StatusCode == http.StatusBadRequest || ae.StatusCode == http.StatusConflict ||
		ae.StatusCode == http.StatusUnprocessableEntity):
		field, rule, found := strings.Cut(ae.Message, ": ")
		if found && Label(field) != field {
			return field, rule, true
		}
	}
	return "", "", false
}

// Fields words err with the form's labels in place of the interface's
// field names ("Version: must be at most 32 characters (has 41)"); an
// error that names no field, or that is already in words (an *Error),
// passes unchanged. Is and As still reach err.
func Fields(err error) error {
	var worded *Error
	if errors.As(err, &worded) {
		return err // already in words for its action (Invitation)
	}
	wire, rule, ok := FieldRule(err)
	if !ok {
		return err
	}
	var ae *api.Error
	prefix := ""
	if errors.As(err, &ae) {
		prefix = "the server refused it: "
	}
	return &Error{Sentence: fmt.Sprintf("%s%s: %s", prefix, Label(wire), safe.Line(labelRule(rule))), Err: err}
}
