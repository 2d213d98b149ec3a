package artifact

import (
	"fmt"
	"strings"
	"testing"

	"rdash/internal/artifact/artifacttest"
)

// TestDependencyNames: a name is sent when the service takes it (1-64
// visible characters); otherwise it is not sent, and the gap says why.
func TestDependencyNames(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("L", 65)
	yml := "name: Lumen\nversion: 1.0.0\ndepend:\n  - " + strings.Repeat("K", 64) + "\n  - " + long + "\n  - \"Bad\\tName\"\n  - \"\"\nsoftdepend: [\"Vault\"]\n"
	path := artifacttest.Write(t, "lumen.jar", map[string][]byte{"plugin.yml": []byte(yml)})
	p, err := Propose(Input{Paths: []string{path}, Project: lumenProject()})
	if err != nil {
		t.Fatal(err)
	}
	eqList(t, "dependencies", depSpecs(p.Dependencies.Value), []string{"required:name:" + strings.Repeat("K", 64), "optional:name:Vault"})
	for _, want := range []string{
		`dependencies: plugin.yml: depend "` + long + `" is not sent: the name must be at most 64 characters (has 65)`,
		`dependencies: plugin.yml: depend "Bad\tName" is not sent: the name must contain only visible characters`,
		`dependencies: plugin.yml: depend "" is not sent: the name is empty`,
	} {
		if !containsText(gapsText(p.Unread), want) {
			t.Errorf("unread lacks %q:\n  %s", want, strings.Join(gapsText(p.Unread), "\n  "))
		}
	}
}

// TestDependencyMerge: one dependency named by several files is sent
// once; required wins over optional; required against incompatible keeps
// the first, and a warning says so.
func TestDependencyMerge(t *testing.T) {
	t.Parallel()
	path := artifacttest.Write(t, "lumen.jar", map[string][]byte{
		"plugin.yml":      []byte("name: Lumen\nversion: 1.0.0\ndepend: [sodium]\nsoftdepend: [iris]\n"),
		"fabric.mod.json": []byte(`{"schemaVersion": 1, "id": "Lumen", "name": "Lumen", "version": "1.0.0", "breaks": {"sodium": "*"}, "depends": {"iris": "*"}}`),
	})
	p, err := Propose(Input{Paths: []string{path}, Project: lumenProject()})
	if err != nil {
		t.Fatal(err)
	}
	eqList(t, "dependencies", depSpecs(p.Dependencies.Value), []string{"required:name:sodium", "required:name:iris"})
	for _, want := range []string{"sodium is required in one metadata file and incompatible in another; sent as required", "iris is optional in one metadata file and required in another; sent as required"} {
		if !containsText(p.Warnings, want) {
			t.Errorf("warnings %q lack %q", p.Warnings, want)
		}
	}
	eq(t, "source", p.Dependencies.Value[0].Source, `plugin.yml: depend "sodium"; fabric.mod.json: breaks "sodium"`)
}

// TestGivenWins: every value the user gives wins over the artifact's,
// with the source "flag".
func TestGivenWins(t *testing.T) {
	t.Parallel()
	text := "notes"
	g := Given{Version: "9.9.9", Name: "Custom", Channel: "alpha", Changelog: &text, GameVersions: []string{"1.21.4"}, Platforms: []string{"paper"}, Dependencies: nil}
	p, err := Propose(Input{Paths: []string{fixture(t, "bukkit", "lumen.jar")}, Project: lumenProject(), Given: g})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []Field[string]{p.Version, p.Name, p.Channel, p.Changelog} {
		if f.Source != "flag" {
			t.Errorf("%q from %q, want flag", f.Value, f.Source)
		}
	}
	eqList(t, "game versions", p.GameVersions.Value, []string{"1.21.4"})
	eqList(t, "platforms", p.Platforms.Value, []string{"paper"})
	if p.Dependencies.Source == "flag" {
		t.Error("dependencies not given, yet from the flag")
	}
}

// TestLargeMetadata: a metadata file near the size limit that repeats one
// dependency, or lists thousands over many lines, is read in one pass
// (a quadratic step would run into the test's timeout) and gives one
// dependency with a short source, or every line right.
func TestLargeMetadata(t *testing.T) {
	t.Parallel()
	yml := "name: Lumen\nversion: 1.0.0\ndepend:\n" + strings.Repeat("  - Vault\n", (MaxMemberBytes-100)/10)
	var js strings.Builder
	js.WriteString("{\n\"schemaVersion\": 1,\n\"id\": \"lumen\",\n\"version\": \"1.0.0\",\n\"depends\": {\n")
	const n = 40000
	for i := range n {
		fmt.Fprintf(&js, "\"mod%d\": \"*\",\n", i)
	}
	js.WriteString("\"last\": 5\n}}\n")
	for _, tc := range []struct{ member, body string }{{"plugin.yml", yml}, {"fabric.mod.json", js.String()}} {
		path := artifacttest.Write(t, "lumen.jar", map[string][]byte{tc.member: []byte(tc.body)})
		p, err := Propose(Input{Paths: []string{path}, Project: lumenProject()})
		if tc.member == "fabric.mod.json" {
			// The value of "last" is a number, on the line before the end.
			checkError(t, err, path, tc.member, n+6, "depends.last must be a string or a list of strings")
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		if len(p.Dependencies.Value) != 1 || strings.Count(p.Dependencies.Value[0].Source, "; ") != 4 {
			t.Errorf("%d dependencies, the first from %q", len(p.Dependencies.Value), p.Dependencies.Value[0].Source)
		}
	}
}
