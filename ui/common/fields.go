package common

import (
	"regexp"
	"strconv"
	"strings"

	"rdash/api"
	"rdash/internal/safe"
)

// label is how the forms name a field of the service's interface: one
// of it, and the list when the field is one.
type label struct{ one, many string }

var fieldLabels = map[string]label{
	"version": {"version", "versions"}, "name": {"name", "names"}, "channel": {"channel", "channels"},
	"changelog": {"changelog", "changelogs"}, "minecraft_versions": {"game version", "game versions"},
	"platforms": {"platform", "platforms"}, "dependencies": {"dependency", "dependencies"},
	"files": {"file", "files"}, "type": {"type", "types"}, "url": {"URL", "URLs"},
	"version_id": {"version ID", "version IDs"}, "project_id": {"project ID", "project IDs"},
	"invitee": {"invitee", "invitees"}, "role": {"role", "roles"},
	"permissions": {"permission", "permissions"}, "ids": {"version ID", "version IDs"},
	"orgId": {"organization", "organizations"}, "userId": {"user", "users"},
	"data": {"the version's details", "the version's details"}, "body": {"the change", "the changes"},
	"featured": {"featured", "featured"}, "status": {"status", "statuses"},
}

// FieldLabel names a field of the service's interface ("data.name",
// "data.dependencies[1].version_id", "add_platforms[0]") as a form labels
// it: "name", "dependency 2's version ID", "platform 1 to add". A part it
// does not know keeps its wire name, with spaces for underscores.
func FieldLabel(wire string) string {
	wire = strings.TrimPrefix(wire, "data.")
	parts := strings.Split(wire, ".")
	for i, p := range parts {
		parts[i] = partLabel(p)
	}
	return strings.Join(parts, "'s ")
}

// partLabel labels one part of a field's path: "minecraft_versions[0]"
// is "game version 1"; "add_platforms" is "platforms to add".
func partLabel(p string) string {
	name, index, indexed := strings.Cut(strings.TrimSuffix(p, "]"), "[")
	suffix := ""
	for _, op := range []string{"add", "remove"} {
		if rest, ok := strings.CutPrefix(name, op+"_"); ok {
			name, suffix = rest, " to "+op
		}
	}
	l, ok := fieldLabels[name]
	if !ok {
		l = label{strings.ReplaceAll(name, "_", " "), strings.ReplaceAll(name, "_", " ")}
	}
	if n, err := strconv.Atoi(index); indexed && err == nil {
		return l.one + " " + strconv.Itoa(n+1) + suffix
	}
	if listFields[name] {
		return l.many + suffix
	}
	return l.one + suffix
}

// listFields are the fields that hold a list: named whole, they are
// plural ("game versions must…").
var listFields = map[string]bool{"minecraft_versions": true, "platforms": true, "dependencies": true,
	"files": true, "permissions": true, "ids": true}

// wireRef finds field paths inside a rule ("repeats data.platforms[0]"):
// an indexed name, a data.… path, or a name with an underscore.
var wireRef = regexp.MustCompile(`\b(?:data\.)?[a-zA-Z_]+\[\d+\](?:\.[a-z_]+)*|\bdata\.[a-z_.]+|\b[a-z]+_[a-z_]+\b`)

// Invalid words a validation error in the forms' terms: "Game version 2
// repeats game version 1." rather than "data.minecraft_versions[1]:
// repeats data.minecraft_versions[0]". The result is safe for the
// terminal.
func Invalid(ve *api.ValidationError) string {
	rule := wireRef.ReplaceAllStringFunc(ve.Rule, FieldLabel)
	return sentence(safe.Line(FieldLabel(ve.Field) + " " + rule))
}
