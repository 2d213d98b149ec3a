package publish

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"rdash/internal/artifact/artifacttest"
	"rdash/ui/internal/uitest"
)

// TestJarFillsTheForm chooses a plugin's jar: every field it gives is
// filled and marked with where it came from (the channel from the
// project's channels, dependencies through rdash.yml), what was assumed
// shows under the files, and a field edited loses its mark.
func TestJarFillsTheForm(t *testing.T) {
	t.Parallel()
	c, _ := uitest.Sandbox(t, "alice")
	e := open(t, c, "lumen", 120, 40)
	e.withConfig(lumenYml)
	e.choose(artifacttest.Fixture(t, "jars/bukkit", "lumen-2.5.0.jar"))
	f := e.m.form
	want := map[field]string{
		fVersion: "2.5.0", fName: "Lumen 2.5.0", fChannel: "release",
		fPlatforms: "bukkit, spigot, paper, purpur",
		fDeps:      "required:project:prjEmber optional:name:PlaceholderAPI optional:name:Vault",
	}
	for i, v := range want {
		if f.value(i) != v {
			t.Errorf("%s = %q, want %q", labels[i], f.value(i), v)
		}
	}
	if g := f.value(fGame); !strings.HasPrefix(g, "1.21, 1.21.1, 1.21.2, 1.21.3, 1.21.4, ") {
		t.Errorf("Game versions = %q, want the releases from 1.21", g)
	}
	marks := e.marks()
	for label, src := range map[string]string{
		"Version": `plugin.yml: version "2.5.0"`, "Name": `plugin.yml: name "Lumen", then the version`,
		"Channel": "channel default", "Game versions": `plugin.yml: api-version "1.21"`,
		"Platforms":    "plugin.yml: a Bukkit plugin (bukkit, spigot, paper, purpur)",
		"Dependencies": `plugin.yml: depend "ProtocolLib"; rdash.yml: ProtocolLib is project prjEmber`,
	} {
		if !strings.HasPrefix(marks[label], src) {
			t.Errorf("%s's mark = %q, want %q", label, marks[label], src)
		}
		e.focus(fieldOfLabel(t, label))
		if !strings.Contains(e.flat(), "from "+src) {
			t.Errorf("the screen does not show %s's source %q:\n%s", label, src, e.d.Screen())
		}
	}
	e.focus(fFiles)
	if !contains(e.flat(), "filled from lumen-2.5.0.jar (plugin.yml)", `! plugin.yml: api-version "1.21" (servers from 1.21 on load it) has no upper bound`) {
		t.Errorf("the files' report is not under them:\n%s", e.d.Screen())
	}
	e.check()
	e.set(fName, "Lumen Lights")
	if _, ok := e.marks()["Name"]; ok || strings.Contains(e.flat(), "then the version") {
		t.Errorf("an edited field keeps its mark:\n%s", e.d.Screen())
	}
	if _, ok := e.marks()["Version"]; !ok {
		t.Error("editing the name took the version's mark")
	}
}

// fieldOfLabel is the field shown with label.
func fieldOfLabel(t *testing.T, label string) field {
	t.Helper()
	for i, l := range labels {
		if l == label {
			return field(i)
		}
	}
	t.Fatalf("no field %q", label)
	return 0
}

// TestChannelFromTheVersion: a pre-release goes to the project's channel
// of its stability (lumen has beta), and the form says so.
func TestChannelFromTheVersion(t *testing.T) {
	t.Parallel()
	c, _ := uitest.Sandbox(t, "alice")
	e := open(t, c, "lumen", 100, 30)
	e.choose(artifacttest.Fixture(t, "jars/folia", "lumen-2.6.0-beta.2.jar"))
	if e.m.form.value(fChannel) != "beta" || !strings.Contains(e.marks()["Channel"], `version "2.6.0-beta.2" is a pre-release (beta): channel "beta", the project's beta channel`) {
		t.Fatalf("channel %q, marked %q", e.m.form.value(fChannel), e.marks()["Channel"])
	}
	if p := e.m.form.value(fPlatforms); p != "bukkit, spigot, paper, folia, purpur" {
		t.Errorf("platforms %q", p)
	}
	// Without rdash.yml, dependencies go by name.
	if d := e.m.form.value(fDeps); d != "required:name:ProtocolLib" {
		t.Errorf("dependencies %q", d)
	}
}

// TestTypedValueSurvivesAJar: what the user typed before choosing a jar
// is a flag: it stays, unmarked, and the values the jar gives follow it
// (the channel from the typed version's suffix).
func TestTypedValueSurvivesAJar(t *testing.T) {
	t.Parallel()
	c, _ := uitest.Sandbox(t, "alice")
	e := open(t, c, "lumen", 100, 30)
	e.set(fVersion, "2.5.1-beta.1")
	e.set(fName, "Lumen Lights")
	e.set(fGame, "1.21.4")
	e.choose(artifacttest.Fixture(t, "jars/bukkit", "lumen-2.5.0.jar"))
	f := e.m.form
	if f.value(fVersion) != "2.5.1-beta.1" || f.value(fName) != "Lumen Lights" || f.value(fGame) != "1.21.4" {
		t.Fatalf("a typed value was overwritten: %q, %q, %q", f.value(fVersion), f.value(fName), f.value(fGame))
	}
	marks := e.marks()
	for _, l := range []string{"Version", "Name", "Game versions"} {
		if _, ok := marks[l]; ok {
			t.Errorf("the user's %s is marked as read: %q", l, marks[l])
		}
	}
	if f.value(fChannel) != "beta" || !strings.Contains(marks["Channel"], `version "2.5.1-beta.1" is a pre-release (beta)`) {
		t.Errorf("channel %q (%q): not the typed version's", f.value(fChannel), marks["Channel"])
	}
	if f.value(fPlatforms) != "bukkit, spigot, paper, purpur" {
		t.Errorf("platforms %q", f.value(fPlatforms))
	}
}

// TestReadDoesNotBlockTheForm holds the read of a jar: the form says it
// is reading and keeps taking keys. A version typed meanwhile survives
// the read, whose other values land when it ends; leaving the field reads
// again, and the name follows the typed version.
func TestReadDoesNotBlockTheForm(t *testing.T) {
	t.Parallel()
	c, _ := uitest.Sandbox(t, "alice")
	e := open(t, c, "lumen", 100, 30)
	g := e.holdReads()
	e.set(fAdd, artifacttest.Fixture(t, "jars/bukkit", "lumen-2.5.0.jar"))
	e.d.Press("enter")
	e.waitEntered(g)
	if !strings.Contains(e.d.Screen(), "reading lumen-2.5.0.jar…") || e.m.Busy() != "reading lumen-2.5.0.jar" {
		t.Fatalf("the form does not say it reads (busy %q):\n%s", e.m.Busy(), e.d.Screen())
	}
	e.focus(fVersion)
	e.d.Type("2.5.2")
	g.open()
	e.settle()
	f := e.m.form
	if f.value(fVersion) != "2.5.2" || f.value(fPlatforms) != "bukkit, spigot, paper, purpur" {
		t.Fatalf("version %q, platforms %q: the typed value was lost, or the read's did not land", f.value(fVersion), f.value(fPlatforms))
	}
	if _, ok := e.marks()["Version"]; ok {
		t.Fatal("the typed version is marked as read")
	}
	e.d.Press("tab")
	e.settle()
	if f.value(fName) != "Lumen 2.5.2" {
		t.Errorf("name %q after the version was left: not read again", f.value(fName))
	}
}

// TestPreviewWaitsForTheRead: enter on the button while a jar is read
// waits for it, then previews with the values it gives.
func TestPreviewWaitsForTheRead(t *testing.T) {
	t.Parallel()
	c, _ := uitest.Sandbox(t, "alice")
	e := open(t, c, "lumen", 100, 30)
	g := e.holdReads()
	e.set(fAdd, artifacttest.Fixture(t, "jars/bukkit", "lumen-2.5.0.jar"))
	e.d.Press("enter")
	e.waitEntered(g)
	e.focus(fButton)
	e.d.Press("enter")
	if e.m.stage != stageForm || !e.m.pre.thenPreview {
		t.Fatalf("enter during the read did not wait for it (stage %d)", e.m.stage)
	}
	g.open()
	e.d.WaitFor("the preview", func() bool { return e.m.stage == stageApply && e.m.flow.Plan() != nil })
	if !contains(e.flat(), "Publish 2.5.0 to lumen", "Name Lumen 2.5.0", "Platforms bukkit, spigot, paper, purpur") {
		t.Fatalf("the preview lacks the jar's values:\n%s", e.d.Screen())
	}
}

// TestSecondJar: the form's jars are read together, as versions create
// --from reads several files: a second jar's values join the first's in
// the fields the files filled, never in one the user typed; files that
// disagree on the version say so and fill nothing until the version is
// typed; a jar removed takes back what only it gave.
func TestSecondJar(t *testing.T) {
	t.Parallel()
	c, _ := uitest.Sandbox(t, "alice")
	e := open(t, c, "lumen", 120, 40)
	e.choose(artifacttest.Fixture(t, "jars/bukkit", "lumen-2.5.0.jar"))
	e.set(fName, "Lumen Lights")
	e.choose(artifacttest.Fixture(t, "jars/paper", "lumen-2.5.0-paper.jar"))
	f := e.m.form
	if f.value(fName) != "Lumen Lights" || f.files[0].name != "lumen-2.5.0.jar" {
		t.Fatalf("the second jar changed the user's name or the primary: %q, %q", f.value(fName), f.files[0].name)
	}
	if f.value(fPlatforms) != "bukkit, spigot, paper, folia, purpur" || !strings.Contains(e.marks()["Platforms"], "lumen-2.5.0-paper.jar: paper-plugin.yml") {
		t.Errorf("platforms %q (%q): not both jars'", f.value(fPlatforms), e.marks()["Platforms"])
	}
	e.focus(fFiles)
	if !contains(e.flat(), "filled from lumen-2.5.0.jar (plugin.yml), lumen-2.5.0-paper.jar (paper-plugin.yml)", "name different game versions") {
		t.Errorf("the report does not say the jars differ:\n%s", e.d.Screen())
	}
	e.d.Press("x") // the first jar: the paper one is primary and alone
	e.settle()
	if f.value(fPlatforms) != "paper, folia, purpur" || !strings.HasPrefix(f.value(fGame), "1.21.4, ") || f.value(fName) != "Lumen Lights" {
		t.Errorf("after the first jar left: platforms %q, game %q, name %q", f.value(fPlatforms), f.value(fGame), f.value(fName))
	}
	e.focus(fFiles)
	e.d.Press("x")
	e.settle()
	if f.value(fVersion) != "" || f.value(fPlatforms) != "" || f.value(fChannel) != "release" || f.value(fName) != "Lumen Lights" || len(e.marks()) != 0 {
		t.Errorf("with no jar left the fields keep what jars gave: version %q, platforms %q, channel %q, name %q, marks %v",
			f.value(fVersion), f.value(fPlatforms), f.value(fChannel), f.value(fName), e.marks())
	}
}

// TestJarsThatDisagree: two jars with different versions fill nothing
// more and say so; once the user types the version, leaving the field
// reads them again, and the values follow the typed version.
func TestJarsThatDisagree(t *testing.T) {
	t.Parallel()
	c, _ := uitest.Sandbox(t, "alice")
	e := open(t, c, "lumen", 120, 40)
	e.choose(artifacttest.Fixture(t, "jars/bukkit", "lumen-2.5.0.jar"))
	e.choose(artifacttest.Fixture(t, "jars/folia", "lumen-folia.jar"))
	f := e.m.form
	e.focus(fFiles)
	if !contains(e.flat(), "nothing was filled from the files:", "the files disagree on the version", "give the version yourself") || f.value(fVersion) != "2.5.0" {
		t.Fatalf("the disagreement is not said, or the first jar's values are lost (version %q):\n%s", f.value(fVersion), e.d.Screen())
	}
	e.set(fVersion, "2.6.0-beta.2")
	e.d.Press("tab")
	e.settle()
	if f.value(fChannel) != "beta" || f.value(fName) != "Lumen 2.6.0-beta.2" || !strings.Contains(f.value(fPlatforms), "folia") {
		t.Errorf("the typed version did not settle it: channel %q, name %q, platforms %q", f.value(fChannel), f.value(fName), f.value(fPlatforms))
	}
	if e.m.pre.report == nil || len(e.m.pre.report.errs) != 0 {
		t.Errorf("the error stays: %+v", e.m.pre.report)
	}
}

// TestJarWithoutDependencies: a plugin that declares none is published
// with none, not with the channel's (lumen's release channel has one):
// the field says "none", and the preview too.
func TestJarWithoutDependencies(t *testing.T) {
	t.Parallel()
	c, _ := uitest.Sandbox(t, "alice")
	e := open(t, c, "lumen", 100, 30)
	e.choose(artifacttest.Write(t, "lumen-3.0.0.jar", map[string][]byte{
		"plugin.yml": []byte("name: Lumen\nversion: 3.0.0\nmain: org.example.lumen.Lumen\napi-version: '1.21'\n")}))
	if e.m.form.value(fDeps) != "none" || e.marks()["Dependencies"] != "plugin.yml (none declared)" {
		t.Fatalf("dependencies %q (%q)", e.m.form.value(fDeps), e.marks()["Dependencies"])
	}
	if r := e.m.form.request(); r.Dependencies == nil || len(r.Dependencies) != 0 {
		t.Fatalf("the request's dependencies are %#v, want [] (none)", r.Dependencies)
	}
	e.previewed()
	if !strings.Contains(e.flat(), "Dependencies none") {
		t.Errorf("the preview does not say none:\n%s", e.d.Screen())
	}
}

// TestBadRdashYml: an rdash.yml that cannot be read is named with its
// line; the dependencies are not filled by name in its place.
func TestBadRdashYml(t *testing.T) {
	t.Parallel()
	c, _ := uitest.Sandbox(t, "alice")
	e := open(t, c, "lumen", 100, 30)
	e.withConfig("dependencies:\n  ProtocolLib: prj\n")
	e.choose(artifacttest.Fixture(t, "jars/bukkit", "lumen-2.5.0.jar"))
	if e.m.form.value(fVersion) != "2.5.0" || e.m.form.value(fDeps) != "" {
		t.Fatalf("version %q, dependencies %q", e.m.form.value(fVersion), e.m.form.value(fDeps))
	}
	e.focus(fFiles)
	if !contains(e.flat(), "? not read: Dependencies:", "rdash.yml line 2", `"prj" is not a project ID`) {
		t.Errorf("the bad rdash.yml is not named:\n%s", e.d.Screen())
	}
}

// TestUnderWrapsWithinTheWidth: text under a field (an error, a source,
// the files' report) wraps with its hanging indent inside the width, so
// no line of it is cut.
func TestUnderWrapsWithinTheWidth(t *testing.T) {
	t.Parallel()
	c, _ := uitest.Sandbox(t, "alice")
	e := open(t, c, "lumen", 60, 20)
	text := strings.TrimSpace(strings.Repeat("abcd ", 30))
	shown := ansi.Strip(strings.Join(e.m.under(e.m.common.Styles.Bad, "✗ ", text), "\n"))
	if got := strings.Fields(strings.TrimPrefix(shown, strings.Repeat(" ", labelWidth)+"✗")); len(got) != 30 || strings.Contains(shown, "…") {
		t.Fatalf("cut: %d words of 30 in\n%s", len(got), shown)
	}
	uitest.RequireFits(t, shown, 60, strings.Count(shown, "\n")+1)
}
