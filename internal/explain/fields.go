package explain

import (
	"errors"
	"fmt"
	"net/http"
	"regexp"
	"strconv"
	"strings"

	"rdash/api"
	"rdash/internal/safe"
)

// fieldLabels name the request's fields as the forms label them; the
// wire names ("data.minecraft_versions") are the interface's, not the
// user's. Each has the name of one item of it, for "Dependency 2".
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
	"data":               {"The request", "The request"},
	"body":               {"The request", "The request"},
}

// subLabels name the parts of a dependency.
var subLabels = map[string]string{
	"version_id": "version ID", "project_id": "project ID", "name": "name", "url": "URL", "type": "type",
}

// wireField matches a field as the interface names it: "data.version",
// "add_platforms[0]", "dependencies[2].version_id".
var wireField = regexp.MustCompile(`^(?:data\.)?((?:add_|remove_)?[a-z_]+)(?:\[(\d+)\])?(?:\.([a-z_]+))?$`)

// Label is the form's name for the wire field ("data.dependencies[1].url"
// reads "Dependency 2, URL"); a name it does not know is returned as it is.
func Label(wire string) string {
	m := wireField.FindStringSubmatch(wire)
	if m == nil {
		return wire
	}
	base, op := m[1], ""
	for _, p := range []string{"add_", "remove_"} {
		if rest, ok := strings.CutPrefix(base, p); ok {
			base, op = rest, " to "+strings.TrimSuffix(p, "_")
		}
	}
	names, ok := fieldLabels[base]
	if !ok {
		return wire
	}
	label := names[0] + op
	if m[2] != "" {
		i, _ := strconv.Atoi(m[2])
		label = names[1] + " " + strconv.Itoa(i+1) + op
	}
	if m[3] != "" {
		sub, ok := subLabels[m[3]]
		if !ok {
			sub = m[3]
		}
		label += ", " + sub
	}
	return label
}

// inRule matches the wire names a rule mentions ("repeats data.files[0]",
// "one of version_id, project_id or name").
var inRule = regexp.MustCompile(`\b(?:data\.)?[a-z_]+\[\d+\](?:\.[a-z_]+)?|\bdata\.[a-z_]+\b|\b(?:version_id|project_id)\b`)

// labelRule names the fields a rule mentions by their labels.
func labelRule(rule string) string {
	return inRule.ReplaceAllStringFunc(rule, func(w string) string {
		if sub, ok := subLabels[w]; ok {
			return "a " + sub
		}
		return Label(w)
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
		if found && wireField.MatchString(field) && Label(field) != field {
			return field, rule, true
		}
	}
	return "", "", false
}

// Fields words err with the form's labels in place of the interface's
// field names ("Version: must be at most 32 characters (has 41)"); an
// error that names no field passes unchanged. Is and As still reach err.
func Fields(err error) error {
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
