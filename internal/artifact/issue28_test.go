package artifact

import (
	"slices"
	"strings"
	"testing"

	"rdash/internal/artifact/artifacttest"
)

// propose reads one archive of files, named name, for lumenProject.
func propose(t *testing.T, name string, files map[string]string) *Proposal {
	t.Helper()
	b := make(map[string][]byte, len(files))
	for k, v := range files {
		b[k] = []byte(v)
	}
	p, err := Propose(Input{Paths: []string{artifacttest.Write(t, name, b)}, Project: lumenProject()})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestPreReleaseWord: the words and separators of issue 28, and build
// metadata alone, which is no pre-release.
func TestPreReleaseWord(t *testing.T) {
	t.Parallel()
	for v, want := range map[string]string{
		"2.7.0-alpha.1": "alpha", "2.7.0-beta2": "beta", "2.7.0-rc.1": "rc", "2.7.0-pre1": "pre", "1.21-pre3": "pre",
		"2.7.0-SNAPSHOT": "snapshot", "2.7.0-snapshot+mc1.21.4-build.412": "snapshot", "2.12.2-DEV-212": "dev",
		"2.7.0.beta.1": "beta", "2.7.0+beta.1": "beta", "2.7.0+RC1": "rc", "0.24.0-RC.1": "rc", "2.7.0_alpha": "alpha",
		"2.2.5-SNAPSHOT (b118-8780fa4)": "snapshot", "3.0.0-SNAPSHOT+9d69da2": "snapshot",
		"2.7.0": "", "2.7.0+mc1.21.1": "", "2.7.0+fabric": "", "0.106.1+1.21.2": "", "2.7.0+mc1.21-pre1": "",
		"1.20.1-447-FORGE": "", "7.4.4+f9e033f": "", "2.7.0-betamax": "", "2.7.0-developer": "", "1.7.3-b131": "",
	} {
		if got := preReleaseWord(v); got != want {
			t.Errorf("preReleaseWord(%q) = %q, want %q", v, got, want)
		}
	}
}

// TestDefaultsNamed: each list the files do not give is left out of the
// request, named with what the server then does; the changelog too.
func TestDefaultsNamed(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		files map[string]string
		want  []Default
	}{
		{map[string]string{"bungee.yml": "name: Proxy\nversion: 1.0.0\nmain: a.B\n"},
			[]Default{{"game_versions", ConsequenceChannel}, {"changelog", ConsequenceChangelog}}},
		{map[string]string{"pack.mcmeta": `{"pack": {"pack_format": 15, "description": "d"}}`, "data/a/b.json": "{}"},
			[]Default{{"dependencies", ConsequenceChannel}, {"changelog", ConsequenceChangelog}}},
	} {
		p := propose(t, "proxy-1.0.0.jar", tc.files)
		if !slices.Equal(p.Defaults, tc.want) {
			t.Errorf("defaults %+v, want %+v", p.Defaults, tc.want)
		}
	}
	if ConsequenceChannel != "from the channel's defaults (the server fills it)" {
		t.Errorf("the consequence reads %q", ConsequenceChannel)
	}
}

// TestBoundsKept: a breaks entry with a version bound stays incompatible,
// keeps its bound, and a warning says the bound is not sent; a bound of
// any version is none.
func TestBoundsKept(t *testing.T) {
	t.Parallel()
	p := propose(t, "sodium.jar", map[string]string{"fabric.mod.json": `{"schemaVersion": 1, "id": "sodium", "version": "0.6.0",
		"breaks": {"iris": "<=1.7.3", "optifabric": "*", "bobby": ["<5.2.4", ">6"]}}`})
	got := map[string]string{}
	for _, d := range p.Dependencies.Value {
		got[d.Name] = d.Type + " " + d.Bound
		if (d.Bound != "") != d.BoundNotSent {
			t.Errorf("%s: bound %q, bound_not_sent %t", d.Name, d.Bound, d.BoundNotSent)
		}
	}
	for name, want := range map[string]string{"iris": "incompatible <=1.7.3", "optifabric": "incompatible ", "bobby": "incompatible <5.2.4 || >6"} {
		if got[name] != want {
			t.Errorf("%s = %q, want %q", name, got[name], want)
		}
	}
	if !containsText(p.Warnings, "makes 2 dependencies incompatible only in some versions (iris <=1.7.3, bobby <5.2.4 || >6); the service's dependencies have no field for a version bound, so each is sent as incompatible with every version") {
		t.Errorf("warnings %q", p.Warnings)
	}
}

// TestFabricAPIModules: Fabric API's modules are one dependency, Fabric
// API; lucko's fabric-permissions-api-v0, named like one, is not; Fabric
// API's own modules are not sent; a mod's own bundled modules neither.
func TestFabricAPIModules(t *testing.T) {
	t.Parallel()
	p := propose(t, "mod.jar", map[string]string{"fabric.mod.json": `{"schemaVersion": 1, "id": "mod", "version": "1.0.0",
		"depends": {"fabric-api-base": "*", "fabric-registry-sync-v0": ">=1.0", "fabric-renderer-indigo": "*", "fabric-permissions-api-v0": "*", "mod-core": "*"},
		"recommends": {"fabric-screen-api-v1": "*"}}`})
	eqList(t, "dependencies", depSpecs(p.Dependencies.Value), []string{"required:name:Fabric API", "required:name:fabric-permissions-api-v0"})
	if !containsText(p.Notes, "fabric-api-base, fabric-registry-sync-v0, fabric-renderer-indigo, fabric-screen-api-v1 are modules of Fabric API: sent as one dependency, Fabric API") ||
		!containsText(p.Notes, "dependencies not sent: mod-core, the mod's own modules") {
		t.Errorf("notes %q", p.Notes)
	}
	if b := p.Dependencies.Value[0].Bound; b != "" {
		t.Errorf("Fabric API has the bound %q, a module's", b)
	}
	q := propose(t, "qfapi.jar", map[string]string{"quilt.mod.json": `{"schema_version": 1, "quilt_loader": {"id": "quilted_fabric_api", "version": "7.0.0",
		"depends": ["quilted_fabric_api_base", "quilt_base", {"id": "minecraft", "versions": "1.20.1"}]}}`})
	eqList(t, "own dependencies", depSpecs(q.Dependencies.Value), []string{})
}

// TestMCPublish: custom.mc-publish's loaders are the platforms, its
// dependencies replace the file's own, #(ignore) is not sent, and the old
// "id | type | versions" form reads too.
func TestMCPublish(t *testing.T) {
	t.Parallel()
	p := propose(t, "mod.jar", map[string]string{"fabric.mod.json": `{"schemaVersion": 1, "id": "mod", "version": "1.0.0",
		"depends": {"minecraft": "1.21.1", "sodium": "*", "lithium": "*"}, "recommends": {"recommended-mod": "0.2.0"},
		"custom": {"mc-publish": {"modrinth": "AANobbMI", "loaders": ["fabric", "quilt", "rift"],
		"dependencies": ["recommended-mod@0.2.0(recommended){modrinth:AAAA}#(ignore)", "sodium@>=0.6(optional)", "iris | breaks | <1.8", "sodium-extra@*(embedded)#(ignore:curseforge)"]}}}`})
	eqList(t, "platforms", p.Platforms.Value, []string{"fabric", "quilt"})
	eq(t, "platforms source", p.Platforms.Source, `fabric.mod.json: custom.mc-publish.loaders ["fabric", "quilt", "rift"]`)
	eqList(t, "dependencies", depSpecs(p.Dependencies.Value), []string{"optional:name:sodium", "required:name:lithium", "incompatible:name:iris", "embedded:name:sodium-extra"})
	for _, n := range []string{`"rift", which is no platform of the service; left out`, `is marked #(ignore): recommended-mod is not sent`} {
		if !containsText(p.Notes, n) {
			t.Errorf("notes %q lack %q", p.Notes, n)
		}
	}
	legacy := propose(t, "old.jar", map[string]string{"fabric.mod.json": `{"schemaVersion": 1, "id": "old", "version": "1.0.0", "custom": {"mc-publish": {"quilt": true}}}`})
	eqList(t, "old quilt: true", legacy.Platforms.Value, []string{"fabric", "quilt"})
	quilt := propose(t, "q.jar", map[string]string{"quilt.mod.json": `{"schema_version": 1, "quilt_loader": {"id": "q", "version": "1.0.0"},
		"mc-publish": {"loaders": ["quilt", "fabric"], "dependencies": ["qsl@>=7(required)"]}}`})
	eqList(t, "quilt.mod.json mc-publish", quilt.Platforms.Value, []string{"fabric", "quilt"})
	eqList(t, "quilt.mod.json mc-publish dependencies", depSpecs(quilt.Dependencies.Value), []string{"required:name:Quilted Fabric API"})
}

// TestPackForms: every documented form of pack.mcmeta, and the list real
// packs write, read lowest to highest with a warning.
func TestPackForms(t *testing.T) {
	t.Parallel()
	cases := []struct {
		pack, want, warning string
	}{
		{`"pack_format": 15`, "1.20 1.20.1", ""},
		{`"pack_format": 15, "supported_formats": [15, 26]`, "1.20 1.20.1 1.20.2 1.20.3 1.20.4", ""},
		{`"pack_format": 15, "supported_formats": {"min_inclusive": 15, "max_inclusive": 18}`, "1.20 1.20.1 1.20.2", ""},
		{`"pack_format": 15, "supported_formats": 18`, "1.20.2", ""},
		{`"min_format": 88, "max_format": [88, 0]`, "1.21.9", ""},
		{`"pack_format": 15, "supported_formats": [15, 16, 17, 18, 19, 20]`, "1.20 1.20.1 1.20.2",
			"pack.mcmeta: supported_formats [15, 16, 17, 18, 19, 20] is a list of 6 formats, none of the documented forms (a number, [min, max], {min_inclusive, max_inclusive}): read as 15 to 20, every format between them included"},
		{`"pack_format": 15, "supported_formats": [26, 15, 18]`, "1.20 1.20.1 1.20.2 1.20.3 1.20.4", "read as 15 to 26"},
	}
	for _, tc := range cases {
		p := propose(t, "pack-1.0.0.zip", map[string]string{"pack.mcmeta": `{"pack": {` + tc.pack + `, "description": "d"}}`, "data/x/tags/a.json": "{}"})
		if got := strings.Join(p.GameVersions.Value, " "); got != tc.want {
			t.Errorf("%s: game versions %q, want %q", tc.pack, got, tc.want)
		}
		if tc.warning != "" && !containsText(p.Warnings, tc.warning) {
			t.Errorf("%s: warnings %q lack %q", tc.pack, p.Warnings, tc.warning)
		}
	}
}

// TestPackNames: a resource pack's description names it when it reads as
// a name; a tagline does not, and a data pack's never does: the file's
// name then, with a note that says why.
func TestPackNames(t *testing.T) {
	t.Parallel()
	cases := []struct {
		desc, content, want, note string
	}{
		{`"Stay True"`, "assets/minecraft/x.json", "Stay True 1.2.0", ""},
		{`"The go-to 32x resource pack.\n§8October 2023 Release"`, "assets/minecraft/x.json", "stay-true-1.2.0", "the name is the file's: pack.mcmeta's description has several lines"},
		{`"A default-style 64x resource pack."`, "assets/minecraft/x.json", "stay-true-1.2.0", "is a sentence, not a name"},
		{`"§2Better Leaves"`, "assets/minecraft/x.json", "stay-true-1.2.0", "holds formatting codes"},
		{`[{"text": "Terralith"}]`, "assets/minecraft/x.json", "stay-true-1.2.0", "is a text component"},
		{`"Terralith"`, "data/minecraft/x.json", "stay-true-1.2.0", "a data pack's description says what it does, not what it is called"},
	}
	for _, tc := range cases {
		p := propose(t, "stay-true-1.2.0.zip", map[string]string{"pack.mcmeta": `{"pack": {"pack_format": 15, "description": ` + tc.desc + `}}`, tc.content: "{}"})
		eq(t, "name of "+tc.desc, p.Name.Value, tc.want)
		if tc.note != "" && !containsText(p.Notes, tc.note) {
			t.Errorf("%s: notes %q lack %q", tc.desc, p.Notes, tc.note)
		}
	}
}

// TestPlaceholderForms: a version still holding a Gradle, Groovy or Ant
// placeholder is refused, naming it.
func TestPlaceholderForms(t *testing.T) {
	t.Parallel()
	for _, v := range []string{"${version}", "$version", "@VERSION@", "1.7.3-b${env.TRAVIS_BUILD_NUMBER}", "${project.version}"} {
		p := propose(t, "a.jar", map[string]string{"plugin.yml": "name: A\nversion: '" + v + "'\n"})
		if p.Version.Set() || !containsText(gapsText(p.Unread), "a build placeholder that was not expanded") {
			t.Errorf("version %q: read %+v, unread %q", v, p.Version, gapsText(p.Unread))
		}
	}
}

// TestBungeePluginYml: a plugin.yml spelled as BungeeCord spells it, with
// no key only Bukkit reads, is a proxy plugin (LuckPerms for BungeeCord);
// one with neither is read as Bukkit's, and a note says it could be
// BungeeCord's.
func TestBungeePluginYml(t *testing.T) {
	t.Parallel()
	p := propose(t, "lp.jar", map[string]string{"plugin.yml": "name: LuckPerms\nversion: 5.5.77\nmain: a.B\nsoftDepends: [\"RedisBungee\"]\n"})
	eqList(t, "platforms", p.Platforms.Value, []string{"other"})
	eqList(t, "dependencies", depSpecs(p.Dependencies.Value), []string{"optional:name:RedisBungee"})
	q := propose(t, "q.jar", map[string]string{"plugin.yml": "name: Q\nversion: 1.0.0\nmain: a.B\n"})
	eqList(t, "platforms", q.Platforms.Value, []string{"bukkit", "spigot", "paper", "purpur"})
	if !containsText(q.Notes, "BungeeCord reads plugin.yml too: read as a Bukkit plugin") {
		t.Errorf("notes %q", q.Notes)
	}
}

// TestTooLong: a version read from the files longer than the service
// takes is not read, and says why; a name that would be too long with the
// version is sent without it.
func TestTooLong(t *testing.T) {
	t.Parallel()
	p := propose(t, "s.jar", map[string]string{"META-INF/neoforge.mods.toml": "[[mods]]\nmodId=\"sodium\"\nversion=\"0.7.0-snapshot+mc1.21.4-build.412\"\ndisplayName=\"" + strings.Repeat("N", 60) + "\"\n"})
	if p.Version.Set() || !containsText(gapsText(p.Unread), `version: META-INF/neoforge.mods.toml: version "0.7.0-snapshot+mc1.21.4-build.412" is 33 characters, and the service takes a version of at most 32`) {
		t.Errorf("version %+v, unread %q", p.Version, gapsText(p.Unread))
	}
	q := propose(t, "n.jar", map[string]string{"META-INF/neoforge.mods.toml": "[[mods]]\nmodId=\"n\"\nversion=\"1.0.0\"\ndisplayName=\"" + strings.Repeat("N", 60) + "\"\n"})
	eq(t, "name", q.Name.Value, strings.Repeat("N", 60))
}
