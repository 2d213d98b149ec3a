package artifact

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"rdash/api"
	"rdash/internal/artifact/artifacttest"
)

// corpusProject has a channel of each stability, so every version of the
// corpus has a channel to go to.
func corpusProject() Project {
	return Project{Channels: []api.Channel{
		{ID: "c1", Slug: "release", IsDefault: true}, {ID: "c2", Slug: "beta"},
		{ID: "c3", Slug: "alpha"}, {ID: "c4", Slug: "snapshot"},
	}}
}

// TestCorpusInvariants reads every file of the corpus of real metadata
// (testdata/corpus) as a build's jar, and holds two rules on each: no
// field takes a value the file does not support (each value is found in
// the file, its manifest or the jar's name, or follows from them by a
// rule the source names), and every field the file does not give is
// named as such (unread, with why) and, when the request leaves it out,
// with what the server then does (defaults).
func TestCorpusInvariants(t *testing.T) {
	t.Parallel()
	files, err := artifacttest.Corpus()
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 40 {
		t.Fatalf("the corpus has %d files, want at least 40", len(files))
	}
	for _, cf := range files {
		t.Run(cf.Kind+"/"+cf.Name, func(t *testing.T) {
			t.Parallel()
			jar := artifacttest.CorpusJar(t, cf)
			p, err := Propose(Input{Paths: []string{jar}, Project: corpusProject()})
			if err != nil {
				t.Fatal(err)
			}
			text := corpusText(t, cf)
			supported(t, cf, text, p)
			named(t, p)
		})
	}
}

// corpusText is the metadata file, its manifest and the jar's name: all
// a value may come from.
func corpusText(t *testing.T, cf artifacttest.CorpusFile) string {
	t.Helper()
	files, err := cf.Files()
	if err != nil {
		t.Fatal(err)
	}
	return string(files[cf.Member()]) + "\n" + string(files["META-INF/MANIFEST.MF"]) + "\n" + cf.Jar
}

var quotedRE = regexp.MustCompile(`"((?:[^"\\]|\\.)*)"`)

// supported holds that each value set is the file's.
func supported(t *testing.T, cf artifacttest.CorpusFile, text string, p *Proposal) {
	t.Helper()
	for _, f := range []Field[string]{p.Version, p.Name, p.Channel, p.Platforms.text(), p.GameVersions.text(), {Value: "-", Source: p.Dependencies.Source}} {
		if f.Set() && (f.Source == sourceFlag || !strings.Contains(f.Source, cf.Member()) && !strings.Contains(f.Source, "file name") && !strings.Contains(f.Source, "channel")) {
			t.Errorf("%q comes from %q, which names neither %s nor the file name", f.Value, f.Source, cf.Member())
		}
	}
	if v := p.Version.Value; v != "" && !strings.Contains(text, v) {
		t.Errorf("version %q is not in the file, its manifest or the jar's name", v)
	}
	if n := strings.TrimSuffix(p.Name.Value, " "+p.Version.Value); n != "" && !strings.Contains(text, n) {
		t.Errorf("name %q is not in the file or the jar's name", n)
	}
	if p.Channel.Set() && preReleaseWord(p.Version.Value) != "" {
		if l := channelLevel(p.Channel.Value, ""); l == levelRelease || l == levelNone {
			t.Errorf("pre-release %q goes to %q, which is no less-stable channel", p.Version.Value, p.Channel.Value)
		}
	}
	for _, pl := range p.Platforms.Value {
		if !slices.Contains(allowedPlatforms(cf, text), pl) {
			t.Errorf("platform %s: a %s does not give it", pl, cf.Kind)
		}
	}
	if p.GameVersions.Set() {
		for _, q := range quotedRE.FindAllStringSubmatch(p.GameVersions.Source, -1) {
			// A range of several parts ({"all": [">=1.20-", "<1.20.2-"]}) is
			// written back joined: each part is the file's.
			for _, part := range strings.Fields(strings.ReplaceAll(q[1], "||", " ")) {
				if !strings.Contains(text, part) {
					t.Errorf("game versions come from %q, whose %q is not in the file", q[1], part)
				}
			}
		}
	}
	for _, d := range p.Dependencies.Value {
		if !depInFile(d, text) {
			t.Errorf("dependency %+v is not in the file", d.Dependency)
		}
	}
}

// allowedPlatforms are the platforms a file of cf's kind can give.
func allowedPlatforms(cf artifacttest.CorpusFile, text string) []string {
	folia := regexp.MustCompile(`(?m)^folia-supported:\s*true`).MatchString(text)
	withFolia := func(p ...string) []string {
		if folia {
			return append(p, "folia")
		}
		return p
	}
	switch cf.Kind {
	case "plugin.yml":
		return withFolia("bukkit", "spigot", "paper", "purpur", "other")
	case "paper-plugin.yml":
		return withFolia("paper", "purpur")
	case "bungee.yml", "velocity-plugin.json":
		return []string{"other"}
	case "fabric.mod.json":
		if strings.Contains(text, `"mc-publish"`) && strings.Contains(text, `"quilt"`) {
			return []string{"fabric", "quilt"}
		}
		return []string{"fabric"}
	case "quilt.mod.json":
		return []string{"quilt"}
	case "mods.toml":
		return []string{"forge", "neoforge"}
	case "neoforge.mods.toml":
		return []string{"neoforge"}
	}
	return []string{cf.Kind}
}

// depInFile reports whether d is named in the file: by its name, or for
// Fabric API and the Quilted Fabric API by one of their modules.
func depInFile(d Dependency, text string) bool {
	switch d.Name {
	case fabricAPI.name:
		return regexp.MustCompile(`"fabric(-[a-z0-9-]+)?"`).MatchString(text)
	case quiltedAPI.name:
		return regexp.MustCompile(`"(quilt_[a-z_]+|quilted_fabric_[a-z0-9_]+)"`).MatchString(text)
	}
	return d.Name != "" && strings.Contains(text, d.Name)
}

// named holds that each field not set is unread, with a reason, and each
// list the request leaves out is a default with its consequence.
func named(t *testing.T, p *Proposal) {
	t.Helper()
	unread := map[string]bool{}
	for _, g := range p.Unread {
		if g.Reason == "" {
			t.Errorf("%s is unread with no reason", g.Field)
		}
		unread[g.Field] = true
	}
	defaults := map[string]string{}
	for _, d := range p.Defaults {
		defaults[d.Field] = d.Consequence
	}
	for field, set := range map[string]bool{"version": p.Version.Set(), "name": p.Name.Set(), "channel": p.Channel.Set(),
		"game_versions": p.GameVersions.Set(), "platforms": p.Platforms.Set(), "dependencies": p.Dependencies.Set()} {
		if !set && !unread[field] {
			t.Errorf("%s is not set, and not named as unread", field)
		}
	}
	for field, set := range map[string]bool{"game_versions": p.GameVersions.Set(), "platforms": p.Platforms.Set(), "dependencies": p.Dependencies.Set()} {
		if !set && defaults[field] != ConsequenceChannel {
			t.Errorf("%s is left out, and its default is %q, want %q", field, defaults[field], ConsequenceChannel)
		}
		if set && defaults[field] != "" {
			t.Errorf("%s is set, and still named a default", field)
		}
	}
	if !p.Changelog.Set() && defaults["changelog"] != ConsequenceChangelog {
		t.Errorf("no changelog, and its default is %q", defaults["changelog"])
	}
}

// text is a list field as one text field, for the checks of its source.
func (f Field[T]) text() Field[string] {
	return Field[string]{Value: "list", Source: f.Source}
}

// TestCorpusReadme: every file of the corpus has a row in its README,
// with a repository and a commit, and every row a file.
func TestCorpusReadme(t *testing.T) {
	t.Parallel()
	files, err := artifacttest.Corpus()
	if err != nil {
		t.Fatal(err)
	}
	rows := map[string]bool{}
	projects := map[string]bool{}
	perKind := map[string]int{}
	for _, cf := range files {
		rows[cf.Path] = true
		projects[cf.Repo] = true
		perKind[cf.Kind]++
		if len(cf.Commit) != 40 || cf.Repo == "" || cf.Jar == "" {
			t.Errorf("%s: row with repository %q, commit %q, jar %q", cf.Path, cf.Repo, cf.Commit, cf.Jar)
		}
		if _, err := os.Stat(filepath.Join(artifacttest.CorpusDir(), cf.Path)); err != nil {
			t.Errorf("row %s: %v", cf.Path, err)
		}
	}
	err = filepath.WalkDir(artifacttest.CorpusDir(), func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || filepath.Dir(path) == artifacttest.CorpusDir() ||
			strings.HasSuffix(path, ".golden.json") || strings.HasSuffix(path, ".MANIFEST.MF") {
			return err
		}
		rel, _ := filepath.Rel(artifacttest.CorpusDir(), path)
		if !rows[filepath.ToSlash(rel)] {
			t.Errorf("%s has no row in the README", rel)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(projects) < 30 {
		t.Errorf("the corpus comes from %d repositories, want at least 30", len(projects))
	}
	for _, k := range []string{"plugin.yml", "paper-plugin.yml", "bungee.yml", "velocity-plugin.json", "fabric.mod.json",
		"quilt.mod.json", "mods.toml", "neoforge.mods.toml", "resourcepack", "datapack"} {
		if perKind[k] < 4 {
			t.Errorf("the corpus has %d %s files, want at least 4", perKind[k], k)
		}
	}
}
