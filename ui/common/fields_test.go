package common

import (
	"strings"
	"testing"

	"rdash/api"
)

func TestFieldsAreNamedByTheirLabels(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		field, rule, want string
	}{
		{"data.name", "is required", "Name is required."},
		{"data.version", "must be at most 32 characters (has 40)", "Version must be at most 32 characters (has 40)."},
		{"data.minecraft_versions[1]", "repeats data.minecraft_versions[0]", "Game version 2 repeats game version 1."},
		{"data.minecraft_versions", "needs at least one", "Game versions needs at least one."},
		{"data.dependencies[1].url", "is only for an external dependency (name)", "Dependency 2's URL is only for an external dependency (name)."},
		{"data.dependencies[0]", "must reference one of version_id, project_id or name",
			"Dependency 1 must reference one of version ID, project ID or name."},
		{"remove_platforms[0]", "is also added by add_platforms[1]", "Platform 1 to remove is also added by platform 2 to add."},
		{"invitee", "is required", "Invitee is required."},
		{"permissions[2]", "repeats permissions[0]", "Permission 3 repeats permission 1."},
		{"data.files", "needs at least one file", "Files needs at least one file."},
		{"some_new_field", "is odd", "Some new field is odd."},
	} {
		ve := &api.ValidationError{Field: tt.field, Rule: tt.rule}
		if got := Invalid(ve); got != tt.want {
			t.Errorf("Invalid(%q, %q) = %q, want %q", tt.field, tt.rule, got, tt.want)
		}
		if got := Describe(ve).Sentence; got != Invalid(ve) {
			t.Errorf("Describe words %q as %q", tt.field, got)
		}
	}
	if got := Invalid(&api.ValidationError{Field: "name\x1b[31m", Rule: "is \x07required"}); strings.ContainsAny(got, "\x1b\x07") {
		t.Errorf("a field with escapes is worded %q", got)
	}
}
