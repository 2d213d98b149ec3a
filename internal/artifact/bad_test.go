package artifact

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"rdash/internal/artifact/artifacttest"
)

// TestBadMetadata: each bad input of issue 23 is an error of its kind that
// names the file, the metadata file and the line, and nothing is proposed.
func TestBadMetadata(t *testing.T) {
	t.Parallel()
	cases := []struct {
		dir, file string
		kind      error
		member    string
		line      int
		says      string
	}{
		{"no-metadata", "lumen-2.5.0.jar", ErrNoMetadata, "", 0, "holds none of plugin.yml, paper-plugin.yml"},
		{"conflicting", "lumen-2.5.0.jar", ErrConflict, "", 0, `the files disagree on the version: plugin.yml: version "1.0.0" vs fabric.mod.json: version "2.0.0"; give the version yourself`},
		// The stray indent is on line 6; yaml.v3 reports the sequence it
		// breaks, on line 5.
		{"yaml", "lumen-2.5.0.jar", ErrMalformed, "plugin.yml", 5, "malformed: YAML: did not find expected key"},
		{"json", "lumen-2.5.0.jar", ErrMalformed, "fabric.mod.json", 5, "malformed: JSON: invalid character '\"' after object key:value pair"},
		{"json-type", "lumen-2.5.0.jar", ErrMalformed, "fabric.mod.json", 4, "version must be a string"},
		{"toml", "lumen-2.5.0.jar", ErrMalformed, "META-INF/mods.toml", 6, "malformed: TOML: "},
		{"toml-type", "lumen-2.5.0.jar", ErrMalformed, "META-INF/mods.toml", 6, "incompatible types"},
		{"pack-json", "lumen-pack-1.0.zip", ErrMalformed, "pack.mcmeta", 3, "pack.pack_format must be a whole number"},
	}
	for _, tc := range cases {
		t.Run(tc.dir, func(t *testing.T) {
			t.Parallel()
			path := artifacttest.PackDir(t, filepath.Join(artifacttest.Testdata(), "bad", tc.dir), tc.file)
			p, err := Propose(Input{Paths: []string{path}, Project: lumenProject()})
			if p != nil || !errors.Is(err, tc.kind) {
				t.Fatalf("Propose = %v, %v; want no proposal and %v", p, err, tc.kind)
			}
			checkError(t, err, path, tc.member, tc.line, tc.says)
		})
	}
}

func checkError(t *testing.T, err error, path, member string, line int, says string) {
	t.Helper()
	var e *Error
	if !errors.As(err, &e) {
		t.Fatalf("%v is no *Error", err)
	}
	if e.Member != member || e.Line != line {
		t.Errorf("error names %q line %d, want %q line %d: %v", e.Member, e.Line, member, line, err)
	}
	if e.Path != path && member != "" {
		t.Errorf("error names file %q, want %q", e.Path, path)
	}
	if !strings.Contains(err.Error(), says) {
		t.Errorf("error %q does not say %q", err, says)
	}
}

// TestConflictSettledByFlag: a value the user gives settles a
// disagreement, and a warning keeps it visible.
func TestConflictSettledByFlag(t *testing.T) {
	t.Parallel()
	path := artifacttest.PackDir(t, filepath.Join(artifacttest.Testdata(), "bad", "conflicting"), "lumen.jar")
	p, err := Propose(Input{Paths: []string{path}, Project: lumenProject(), Given: Given{Version: "2.0.0"}})
	if err != nil {
		t.Fatal(err)
	}
	eq(t, "version", p.Version.Value, "2.0.0")
	eq(t, "source", p.Version.Source, "flag")
	if !containsText(p.Warnings, `the metadata files disagree on the version (plugin.yml: version "1.0.0" vs fabric.mod.json: version "2.0.0"); the version given is used`) {
		t.Errorf("warnings %q lack the disagreement", p.Warnings)
	}
}

// TestNotAnArchive: a primary file that is no zip is an error naming it;
// a directory too.
func TestNotAnArchive(t *testing.T) {
	t.Parallel()
	text := filepath.Join(t.TempDir(), "lumen.jar")
	if err := os.WriteFile(text, []byte("not a zip"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{text, t.TempDir()} {
		_, err := Propose(Input{Paths: []string{path}})
		if !errors.Is(err, ErrNotArchive) || !strings.HasPrefix(err.Error(), path+": not a jar or zip archive") {
			t.Errorf("Propose(%s) = %v, want ErrNotArchive naming the file", path, err)
		}
	}
}

// TestPlaceholders: a value a build forgot to expand is not sent; the gap
// says why.
func TestPlaceholders(t *testing.T) {
	t.Parallel()
	path := artifacttest.Write(t, "lumen.jar", map[string][]byte{
		"fabric.mod.json":   []byte(`{"schemaVersion": 1, "id": "lumen", "version": "${version}", "depends": {"minecraft": "${minecraft_version}"}}`),
		"META-INF/mods.txt": []byte("x"),
	})
	p, err := Propose(Input{Paths: []string{path}, Project: lumenProject()})
	if err != nil {
		t.Fatal(err)
	}
	if p.Version.Set() || p.GameVersions.Set() {
		t.Fatalf("placeholders were sent: %+v %+v", p.Version, p.GameVersions)
	}
	for _, want := range []string{
		`version: fabric.mod.json: version "${version}" holds ${version}, a build placeholder that was not expanded`,
		`game_versions: fabric.mod.json: depends.minecraft "${minecraft_version}" holds ${minecraft_version}, a build placeholder that was not expanded`,
	} {
		if !containsText(gapsText(p.Unread), want) {
			t.Errorf("unread %q lacks %q", gapsText(p.Unread), want)
		}
	}
}

// TestJarVersionWithoutManifest: ${file.jarVersion} with no
// Implementation-Version leaves the version unread, and says so.
func TestJarVersionWithoutManifest(t *testing.T) {
	t.Parallel()
	path := artifacttest.Write(t, "lumen.jar", map[string][]byte{
		"META-INF/mods.toml": []byte("modLoader=\"javafml\"\n[[mods]]\nmodId=\"lumen\"\nversion=\"${file.jarVersion}\"\n"),
	})
	p, err := Propose(Input{Paths: []string{path}, Project: lumenProject()})
	if err != nil {
		t.Fatal(err)
	}
	if p.Version.Set() || !containsText(gapsText(p.Unread), "META-INF/MANIFEST.MF has no Implementation-Version") {
		t.Errorf("version %+v, unread %q", p.Version, gapsText(p.Unread))
	}
}

// TestNameDisagreement: files that name the version differently are no
// conflict: the first name is used, and a warning says so.
func TestNameDisagreement(t *testing.T) {
	t.Parallel()
	path := artifacttest.Write(t, "viaversion-5.0.0.jar", map[string][]byte{
		"plugin.yml":           []byte("name: ViaVersion\nversion: 5.0.0\n"),
		"velocity-plugin.json": []byte(`{"id": "viaversion", "version": "5.0.0"}`),
	})
	p, err := Propose(Input{Paths: []string{path}, Project: lumenProject()})
	if err != nil {
		t.Fatal(err)
	}
	eq(t, "name", p.Name.Value, "ViaVersion 5.0.0")
	eqList(t, "platforms", p.Platforms.Value, []string{"bukkit", "spigot", "paper", "purpur", "other"})
	want := `the metadata files disagree on the name (plugin.yml: name "ViaVersion" vs velocity-plugin.json: id "viaversion"); the first is used`
	if !containsText(p.Warnings, want) {
		t.Errorf("warnings %q lack %q", p.Warnings, want)
	}
}
