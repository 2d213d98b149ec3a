package artifact

import (
	"slices"
	"strings"
	"testing"
)

// formatCase is one row of issue 23's table: a fixture packed into an
// archive, and what Propose must read from it.
type formatCase struct {
	name, dir, file string
	in              func(*Input)
	version, title  string
	channel         string
	platforms       []string
	games           func(t *testing.T) []string
	deps            []string
	// sources, unread, warnings and notes hold substrings that must appear.
	sources, unread, warnings, notes []string
}

func formatCases() []formatCase {
	return []formatCase{
		{
			name: "plugin.yml", dir: "bukkit", file: "lumen-2.5.0.jar",
			version: "2.5.0", title: "Lumen 2.5.0", channel: "release",
			platforms: []string{"bukkit", "spigot", "paper", "purpur"},
			games:     func(t *testing.T) []string { return releasesFrom(t, "1.21", newest(t)) },
			deps:      []string{"required:name:ProtocolLib", "optional:name:PlaceholderAPI", "optional:name:Vault"},
			sources:   []string{`plugin.yml: version "2.5.0"`, `plugin.yml: api-version "1.21"`, `plugin.yml: depend "ProtocolLib"`, "channel default"},
			warnings:  []string{`api-version "1.21" (servers from 1.21 on load it) has no upper bound: assumed it ends at the newest known release`},
		},
		{
			name: "plugin.yml with folia and an unquoted api-version", dir: "folia", file: "lumen-2.6.0-beta.2.jar",
			version: "2.6.0-beta.2", title: "Lumen 2.6.0-beta.2", channel: "beta",
			platforms: []string{"bukkit", "spigot", "paper", "folia", "purpur"},
			games:     func(t *testing.T) []string { return releasesFrom(t, "1.20", newest(t)) },
			deps:      []string{"required:name:ProtocolLib"},
			sources:   []string{`plugin.yml: api-version "1.20"`, "folia-supported: true", `version "2.6.0-beta.2" is a pre-release (beta): channel "beta", the project's beta channel`},
		},
		{
			name: "paper-plugin.yml", dir: "paper", file: "lumen-2.5.0.jar",
			version: "2.5.0", title: "Lumen 2.5.0", channel: "release",
			platforms: []string{"paper", "folia", "purpur"},
			games:     func(t *testing.T) []string { return releasesFrom(t, "1.21.4", newest(t)) },
			deps:      []string{"required:name:ProtocolLib", "optional:name:PlaceholderAPI", "required:name:Vault"},
			sources:   []string{`paper-plugin.yml: dependencies.server "PlaceholderAPI" required: false`},
		},
		{
			name: "plugin.yml and paper-plugin.yml together", dir: "bukkit-and-paper", file: "lumen-2.5.0.jar",
			version: "2.5.0", title: "Lumen 2.5.0", channel: "release",
			platforms: []string{"bukkit", "spigot", "paper", "purpur"},
			games:     func(t *testing.T) []string { return releasesFrom(t, "1.20.6", newest(t)) },
			deps:      []string{"required:name:ProtocolLib", "required:name:Vault"},
			warnings:  []string{"the metadata files name different game versions", "Vault is optional in one metadata file and required in another; sent as required"},
		},
		{
			name: "bungee.yml", dir: "bungee", file: "lumen-proxy-2.5.0.jar",
			version: "2.5.0", title: "LumenProxy 2.5.0", channel: "release",
			platforms: []string{"other"},
			deps:      []string{"required:name:LuckPerms", "optional:name:Geyser-BungeeCord"},
			sources:   []string{"the service's platforms include no proxy (BungeeCord, Velocity), so a proxy plugin is sent as other"},
			unread:    []string{"game_versions: bungee.yml names no game version (a proxy plugin runs beside any)"},
		},
		{
			name: "velocity-plugin.json", dir: "velocity", file: "lumen-velocity-2.5.0.jar",
			version: "2.5.0", title: "Lumen 2.5.0", channel: "release",
			platforms: []string{"other"},
			deps:      []string{"optional:name:luckperms", "required:name:signedvelocity"},
			sources:   []string{"a Velocity plugin; the service's platforms include no proxy"},
			unread:    []string{"game_versions: velocity-plugin.json names no game version"},
		},
		{
			name: "fabric.mod.json", dir: "fabric", file: "lumen-fabric-2.5.0.jar",
			version: "2.5.0+mc1.21", title: "Lumen 2.5.0+mc1.21", channel: "release",
			platforms: []string{"fabric"},
			games:     func(t *testing.T) []string { return releasesFrom(t, "1.21", "1.21.4") },
			deps:      []string{"required:name:Fabric API", "required:name:cloth-config", "optional:name:modmenu", "optional:name:sodium", "incompatible:name:optifabric", "incompatible:name:iris"},
			sources:   []string{`fabric.mod.json: depends.minecraft ">=1.21 <1.21.5"`},
			notes:     []string{"dependencies not sent: fabricloader, minecraft, java (", "version bounds not sent (the service's dependencies have no field for one): cloth-config >=15.0.0, modmenu >=11.0.0"},
		},
		{
			name: "fabric.mod.json with a list of ranges, also on quilt", dir: "fabric-array", file: "lumen-2.5.0.jar",
			in:      func(in *Input) { in.FabricOnQuilt = true },
			version: "2.5.0", title: "lumen 2.5.0", channel: "release",
			platforms: []string{"fabric", "quilt"},
			games: func(t *testing.T) []string {
				return []string{"1.20.1", "1.21", "1.21.1", "1.21.2", "1.21.3", "1.21.4", "1.21.5", "1.21.6", "1.21.7", "1.21.8", "1.21.9", "1.21.10", "1.21.11"}
			},
			deps:    []string{"required:name:Fabric API"},
			sources: []string{`depends.minecraft "1.20.1 || ~1.21"`, "option: this Fabric mod also runs on Quilt", `fabric.mod.json: id "lumen"`, `fabric.mod.json: depends "fabric-api"`},
		},
		{
			name: "quilt.mod.json", dir: "quilt", file: "lumen-quilt-2.5.0.jar",
			version: "2.5.0", title: "Lumen 2.5.0", channel: "release",
			platforms: []string{"quilt"},
			games:     func(t *testing.T) []string { return releasesFrom(t, "1.21", "1.21.11") },
			deps:      []string{"required:name:Quilted Fabric API", "required:name:cloth-config", "optional:name:modmenu", "incompatible:name:optifabric"},
			sources:   []string{`quilt_loader.metadata.name "Lumen"`, `quilt_loader.depends minecraft versions "1.21.x"`},
			notes:     []string{"dependencies not sent: quilt_loader, minecraft (", "Quilted Fabric API >=11.0.0"},
		},
		{
			name: "mods.toml with ${file.jarVersion}", dir: "forge", file: "lumen-forge-2.5.0.jar",
			version: "2.5.0", title: "Lumen 2.5.0", channel: "release",
			platforms: []string{"forge"},
			games:     func(t *testing.T) []string { return releasesFrom(t, "1.20.1", "1.20.6") },
			deps:      []string{"optional:name:curios"},
			sources:   []string{`META-INF/mods.toml: version ${file.jarVersion} = META-INF/MANIFEST.MF: Implementation-Version "2.5.0"`, `dependency "minecraft" versionRange "[1.20.1,1.21)"`, `dependency "curios" mandatory false`},
			notes:     []string{"dependencies not sent: forge, minecraft"},
		},
		{
			name: "neoforge.mods.toml", dir: "neoforge", file: "lumen-neoforge-2.5.0-rc.1.jar",
			version: "2.5.0-rc.1", title: "Lumen 2.5.0-rc.1", channel: "beta",
			platforms: []string{"neoforge"},
			games:     func(t *testing.T) []string { return []string{"1.21.1"} },
			deps:      []string{"optional:name:jei", "incompatible:name:optifine"},
			sources:   []string{`version "2.5.0-rc.1" is a pre-release (rc): channel "beta", the project's closest less-stable channel`, `dependency "jei" type "optional"`},
			notes:     []string{`dependency "rubidium" is type "discouraged", which the service cannot express; skipped`},
		},
		{
			name: "mods.toml of a NeoForge mod", dir: "neoforge-on-mods-toml", file: "lumen-2.5.0.jar",
			version: "2.5.0", title: "Lumen 2.5.0", channel: "release",
			platforms: []string{"neoforge"},
			games:     func(t *testing.T) []string { return []string{"1.20.4"} },
			deps:      []string{},
			sources:   []string{"META-INF/mods.toml: depends on neoforge, so a NeoForge mod"},
			warnings:  []string{`range "1.20.4" is a bare version, which Maven would let any version satisfy: read as exactly 1.20.4`},
		},
		{
			name: "pack.mcmeta of a resource pack", dir: "resourcepack", file: "lumen-glow-1.4.0.zip",
			version: "1.4.0", title: "Lumen Glow: brighter torches 1.4.0", channel: "release",
			platforms: []string{"resourcepack"},
			games:     func(t *testing.T) []string { return []string{"1.21", "1.21.1"} },
			sources:   []string{"pack.mcmeta: pack_format 34", `file name "lumen-glow-1.4.0.zip"`, `pack.mcmeta: description "Lumen Glow: brighter torches", then the version`, "pack.mcmeta with assets/: a resource pack"},
			unread:    []string{"dependencies: pack.mcmeta cannot declare dependencies"},
		},
		{
			name: "pack.mcmeta of a data pack with supported_formats", dir: "datapack", file: "lumen-data_v1.4.0.zip",
			version: "1.4.0", title: "lumen-data_v1.4.0", channel: "release",
			platforms: []string{"datapack"},
			games:     func(t *testing.T) []string { return []string{"1.21", "1.21.1", "1.21.2", "1.21.3"} },
			sources:   []string{"pack.mcmeta: supported_formats [48, 57]"},
		},
		{
			name: "pack.mcmeta with min_format and max_format", dir: "datapack-2025", file: "lumen-data-1.5.0.zip",
			version: "1.5.0", title: "lumen-data-1.5.0", channel: "release",
			platforms: []string{"datapack"},
			games:     func(t *testing.T) []string { return []string{"1.21.9"} },
			sources:   []string{"pack.mcmeta: min_format [88, 0], max_format 94"},
			warnings:  []string{"reaches past data pack format 88 (1.21.9), the newest the table knows"},
		},
	}
}

// TestFormats reads a fixture of every row of issue 23's table, packed
// into an archive by the test, and checks each value and its source.
func TestFormats(t *testing.T) {
	t.Parallel()
	for _, tc := range formatCases() {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			in := Input{Paths: []string{fixture(t, tc.dir, tc.file)}, Project: lumenProject()}
			if tc.in != nil {
				tc.in(&in)
			}
			p, err := Propose(in)
			if err != nil {
				t.Fatal(err)
			}
			checkFormat(t, tc, p)
		})
	}
}

func checkFormat(t *testing.T, tc formatCase, p *Proposal) {
	t.Helper()
	eq(t, "version", p.Version.Value, tc.version)
	eq(t, "name", p.Name.Value, tc.title)
	eq(t, "channel", p.Channel.Value, tc.channel)
	eqList(t, "platforms", p.Platforms.Value, tc.platforms)
	if tc.games != nil {
		eqList(t, "game versions", p.GameVersions.Value, tc.games(t))
	} else if p.GameVersions.Set() {
		t.Errorf("game versions = %v (%s), want none", p.GameVersions.Value, p.GameVersions.Source)
	}
	if tc.deps != nil {
		eqList(t, "dependencies", depSpecs(p.Dependencies.Value), tc.deps)
	}
	sources := []string{p.Version.Source, p.Name.Source, p.Channel.Source, p.Platforms.Source, p.GameVersions.Source, p.Dependencies.Source}
	for _, d := range p.Dependencies.Value {
		sources = append(sources, d.Source)
	}
	for _, list := range []struct {
		what      string
		got, want []string
	}{{"sources", sources, tc.sources}, {"unread", gapsText(p.Unread), tc.unread}, {"warnings", p.Warnings, tc.warnings}, {"notes", p.Notes, tc.notes}} {
		for _, w := range list.want {
			if !containsText(list.got, w) {
				t.Errorf("%s lack %q:\n  %s", list.what, w, strings.Join(list.got, "\n  "))
			}
		}
	}
	for _, f := range []Field[string]{p.Version, p.Name, p.Channel} {
		if f.Value != "" && f.Source == "" {
			t.Errorf("value %q has no source", f.Value)
		}
	}
}

func eq(t *testing.T, what, got, want string) {
	t.Helper()
	if got != want {
		t.Errorf("%s = %q, want %q", what, got, want)
	}
}

func eqList(t *testing.T, what string, got, want []string) {
	t.Helper()
	if !slices.Equal(got, want) && (len(got) != 0 || len(want) != 0) {
		t.Errorf("%s = %q, want %q", what, got, want)
	}
}
