package cmd

import (
	"testing"

	"rdash/internal/artifact/artifacttest"
)

// Jars for versions create --from, written as a build would: a zip with
// the plugin's metadata file beside its classes.

// lumenPluginYML is a Bukkit plugin description of lumen 2.7.0-beta.1,
// laid out as the Paper docs' plugin.yml page shows.
const lumenPluginYML = `name: Lumen
version: 2.7.0-beta.1
main: org.example.lumen.Lumen
api-version: '1.21'
depend: [ProtocolLib]
softdepend:
  - LuckPerms
`

// lumenChangelog follows Keep a Changelog.
const lumenChangelog = `# Changelog

## [Unreleased]

## [2.7.0-beta.1] - 2026-03-14
### Added
- Lights follow you into the Nether.

## [2.6.0] - 2026-01-02
### Fixed
- Lights no longer flicker.

[2.7.0-beta.1]: https://example.org/lumen/compare/2.6.0...2.7.0-beta.1
`

// lumenFabricJSON is a Fabric mod's fabric.mod.json, laid out as Fabric's
// specification describes, with a bounded game version range: the golden
// case's values do not change as rdash learns newer releases.
const lumenFabricJSON = `{
  "schemaVersion": 1,
  "id": "lumen",
  "version": "2.7.0-beta.1",
  "name": "Lumen",
  "depends": {
    "fabricloader": ">=0.16.0",
    "minecraft": ">=1.21 <1.21.2",
    "fabric-api": "*",
    "cloth-config": ">=15.0.0"
  },
  "recommends": {"modmenu": ">=11.0.0"},
  "breaks": {"optifabric": "*"}
}`

// jarText is a zip archive of files (path → content), as a string.
func jarText(t testing.TB, files map[string]string) string {
	t.Helper()
	s, err := artifacttest.ZipText(files)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// fabricJar is lumen's Fabric jar, for the golden cases.
func fabricJar() string {
	s, err := artifacttest.ZipText(map[string]string{"fabric.mod.json": lumenFabricJSON, "org/example/lumen/Lumen.class": "classes"})
	if err != nil {
		panic(err) // a zip written to memory does not fail
	}
	return s
}

// lumenBuild writes a build's output in a new directory: lumen's jar,
// holding plugin.yml and a class (extra makes two builds differ), its
// sources jar and the changelog; it returns the directory.
func lumenBuild(t *testing.T, extra string) string {
	t.Helper()
	dir := t.TempDir()
	writeTemp(t, dir, "lumen-2.7.0-beta.1.jar", jarText(t, map[string]string{
		"plugin.yml": lumenPluginYML, "org/example/lumen/Lumen.class": "classes" + extra}))
	writeTemp(t, dir, "lumen-2.7.0-beta.1-sources.jar", jarText(t, map[string]string{"org/example/lumen/Lumen.java": "class Lumen {}"}))
	writeTemp(t, dir, "CHANGELOG.md", lumenChangelog)
	return dir
}
