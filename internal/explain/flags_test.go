package explain

import "testing"

func TestParsePath(t *testing.T) {
	t.Parallel()
	for wire, want := range map[string]Path{
		"data.version":                  {Field: "version"},
		"add_minecraft_versions[0]":     {Field: "minecraft_versions", Op: "add", Item: 1},
		"data.remove_platforms":         {Field: "platforms", Op: "remove"},
		"dependencies[1].url":           {Field: "dependencies", Item: 2, Part: "url"},
		"data.add_dependencies[0].name": {Field: "dependencies", Op: "add", Item: 1, Part: "name"},
		"projectId":                     {Field: "projectId"},
		"files[12]":                     {Field: "files", Item: 13},
	} {
		if got, ok := ParsePath(wire); !ok || got != want {
			t.Errorf("ParsePath(%q) = %+v, %v; want %+v", wire, got, ok, want)
		}
	}
	for _, wire := range []string{"", "data.", "files[", "files[x]", "files[01]", "files[-1]", "files[0]x", "a.B", "Content-Type", "x.y.z", "data.files[0].\x1b[31m"} {
		if p, ok := ParsePath(wire); ok {
			t.Errorf("ParsePath(%q) = %+v: not a field", wire, p)
		}
	}
}

// edit's table, as cmd has it: the flags of versions edit.
var editFlags = Flags{"minecraft_versions": "--set-game-versions", "add_minecraft_versions": "--add-game-version",
	"dependencies": "--set-dependencies", "add_dependencies": "--add-dependency", "ids": "--ids"}

// update's files: its items come from --file and --url, the whole list
// (left empty) from --remove-file.
var updateFlags = Flags{"files": "--remove-file", "files[]": "--file or --url", "name": "--name"}

func TestFlagsName(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		flags      Flags
		wire, want string
	}{
		{editFlags, "add_minecraft_versions[0]", "--add-game-version value 1"},
		{editFlags, "data.minecraft_versions", "--set-game-versions"},
		{editFlags, "add_dependencies[1].url", "--add-dependency value 2, URL"},
		{editFlags, "ids[2]", "--ids value 3"},
		{updateFlags, "data.files", "--remove-file"},
		{updateFlags, "data.files[1]", "--file or --url value 2"},
	} {
		if got, ok := tt.flags.Name(tt.wire); !ok || got != tt.want {
			t.Errorf("Name(%q) = %q, %v; want %q", tt.wire, got, ok, tt.want)
		}
	}
	if got, ok := editFlags.Name("data.channel"); ok {
		t.Errorf("a field the command has no flag for got %q", got)
	}
}

// TestFlagsRule: a refusal names the flag, and the fields its rule names
// too; one the command has no flag for keeps the dashboard's label, and
// the wire's names never show.
func TestFlagsRule(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		flags            Flags
		wire, rule, want string
	}{
		{editFlags, "add_minecraft_versions[0]", "at most 32 characters (got 40)", "--add-game-version value 1: at most 32 characters (got 40)"},
		{editFlags, "ids[1]", "repeats ids[0]", "--ids value 2: repeats --ids value 1"},
		{editFlags, "add_dependencies[0]", "must reference exactly one of version_id, project_id or name",
			"--add-dependency value 1: must reference exactly one of a version ID, a project ID or name"},
		{editFlags, "data.platforms[0]", "must be one of paper, folia", "Platform 1: must be one of paper, folia"},
		{updateFlags, "data.files[1]", `"a.jar" is listed twice`, `--file or --url: "a.jar" is listed twice`},
		{updateFlags, "data.name", "must not be empty (\x1b[31mred)", "--name: must not be empty (red)"},
	} {
		if got := tt.flags.Rule(tt.wire, tt.rule); got != tt.want {
			t.Errorf("Rule(%q, %q) = %q, want %q", tt.wire, tt.rule, got, tt.want)
		}
	}
}

func TestKnown(t *testing.T) {
	t.Parallel()
	for _, wire := range []string{"minecraft_versions", "add_minecraft_versions", "files[]", "projectId", "page_size"} {
		if !Known(wire) {
			t.Errorf("Known(%q) = false", wire)
		}
	}
	for _, wire := range []string{"minecraft", "Content-Type", ""} {
		if Known(wire) {
			t.Errorf("Known(%q) = true", wire)
		}
	}
}
