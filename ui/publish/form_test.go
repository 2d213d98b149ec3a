package publish

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"rdash/ui/applyflow"
	"rdash/ui/common"
	"rdash/ui/internal/uitest"
	"rdash/ui/route"
)

// TestLimitsNamedAsTyped types past each limit of the interface: the
// field's line shows the API's rule, naming the field by its label (never
// the wire name, "data.version"), before anything is sent.
func TestLimitsNamedAsTyped(t *testing.T) {
	t.Parallel()
	c, _ := uitest.Sandbox(t, "alice")
	e := open(t, c, "lumen", 120, 40)
	cases := []struct {
		field field
		typed string
		want  string
	}{
		{fVersion, strings.Repeat("9", 33), "Version: must be at most 32 characters (has 33)"},
		{fName, strings.Repeat("n", 65), "Name: must be at most 64 characters (has 65)"},
		{fPlatforms, "paper, lumen", "Platform 2: must be one of bukkit"},
		{fDeps, "required:project:short", "Dependency 1, project ID: must be an ID of 8 characters"},
		{fDeps, "required:name:" + strings.Repeat("d", 65), "Dependency 1, name: must be at most 64 characters"},
		{fDeps, "required", "Dependency 1: want TYPE:KIND:TARGET"},
		{fDeps, "sometimes:project:AbCd1234", "Dependency 1, type: must be one of required"},
	}
	for _, tc := range cases {
		e.set(tc.field, tc.typed)
		if !strings.Contains(e.d.Screen(), tc.want) {
			t.Errorf("typing %q: the screen does not say %q:\n%s", tc.typed, tc.want, e.d.Screen())
		}
		e.set(tc.field, "")
	}
	// Files: a URL too long, and an upload name too long.
	e.set(fAdd, "https://example.com/"+strings.Repeat("u", 240))
	e.d.Press("enter")
	if !strings.Contains(e.d.Screen(), "File 1: must be at most 256 characters (has 260)") {
		t.Errorf("a long URL is not refused:\n%s", e.d.Screen())
	}
	e.chooseFile(e.m.form.files[0].name)
	e.d.Press("x")
	e.addFile(strings.Repeat("f", 129), 1)
	if !strings.Contains(e.d.Screen(), "File 1: must be at most 128 characters (has 129)") {
		t.Errorf("a long file name is not refused:\n%s", e.d.Screen())
	}
	// The button does not send: it goes to the first field in error.
	e.focus(fButton)
	e.d.Press("enter")
	if e.m.stage != stageForm || e.m.form.focus != fVersion {
		t.Errorf("stage %d, focus %d after enter on an invalid form", e.m.stage, e.m.form.focus)
	}
}

// TestChangelogEditorAndPreview writes a changelog in the editor, looks
// at it rendered, and takes it back to the form.
func TestChangelogEditorAndPreview(t *testing.T) {
	t.Parallel()
	c, _ := uitest.Sandbox(t, "alice")
	e := open(t, c, "lumen", 80, 24)
	e.focus(fChangelog)
	e.d.Press("enter")
	e.d.Type("# Fixed\n\nThe q key types a q.")
	e.d.Press("tab")
	e.d.WaitForText("Fixed")
	e.check()
	e.d.Press("esc")
	if e.m.stage != stageForm || !strings.Contains(e.m.form.changelog, "The q key types a q.") {
		t.Fatalf("changelog %q, stage %d", e.m.form.changelog, e.m.stage)
	}
	if !strings.Contains(e.d.Screen(), "# Fixed (3 lines)") {
		t.Errorf("the form does not sum the changelog up:\n%s", e.d.Screen())
	}
}

// TestQTypesAQ: the form captures every key, q and esc-less letters
// included.
func TestQTypesAQ(t *testing.T) {
	t.Parallel()
	c, _ := uitest.Sandbox(t, "alice")
	e := open(t, c, "lumen", 80, 24)
	e.set(fName, "quartz q")
	if !e.m.Capturing() || e.m.form.value(fName) != "quartz q" {
		t.Errorf("name %q, capturing %v", e.m.form.value(fName), e.m.Capturing())
	}
}

// TestEveryStageFits resizes each stage through small and odd sizes.
func TestEveryStageFits(t *testing.T) {
	t.Parallel()
	c, _ := uitest.Sandbox(t, "alice")
	e := open(t, c, "lumen", 80, 24)
	fits := func(stage string) {
		for _, s := range [][2]int{{20, 5}, {40, 10}, {60, 15}, {79, 23}, {200, 50}, {80, 24}} {
			e.d.Send(tea.WindowSizeMsg{Width: s[0], Height: s[1]})
			uitest.RequireFits(t, e.d.Screen(), s[0], s[1])
		}
	}
	e.fill("5.5.5")
	e.set(fVersion, strings.Repeat("v", 40))
	fits("form")
	e.set(fVersion, "5.5.5")
	e.focus(fAdd)
	e.d.Press("ctrl+o")
	if e.m.stage != stagePicker {
		t.Fatalf("ctrl+o did not open the picker:\n%s", e.d.Screen())
	}
	fits("picker")
	e.d.Press("esc")
	e.previewed()
	fits("preview")
	e.d.Press("enter")
	e.results()
	fits("results")
	if e.m.flow.Stage() != applyflow.StageResults {
		t.Fatal("no results")
	}
}

// TestRoutesFit registers the screens as the root would, so the lines
// the report asks the lead to add compile against these factories.
func TestRoutesFit(t *testing.T) {
	c, _ := uitest.Sandbox(t, "alice")
	reg := common.NewRegistry()
	common.Register(reg, common.Route[common.ProjectRef]("new-version"), Factory(c))
	common.Register(reg, common.Route[route.DetailArgs]("edit-version"), EditFactory(c))
	if _, err := reg.Build(uitest.Common(t), common.OpenMsg{Route: "new-version", Args: common.ProjectRef{Slug: "lumen"}}); err != nil {
		t.Fatal(err)
	}
}

// TestPickAFile adds a file through the file picker.
func TestPickAFile(t *testing.T) {
	t.Parallel()
	c, _ := uitest.Sandbox(t, "alice")
	e := open(t, c, "lumen", 80, 24)
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "only.jar"), []byte("jar"), 0o600); err != nil {
		t.Fatal(err)
	}
	e.focus(fAdd)
	e.d.Press("ctrl+o")
	e.m.picker = newPicker(10) // a new id: the listing of the current directory is dropped
	e.m.picker.CurrentDirectory = dir
	e.d.Send(e.m.picker.Init()())
	e.d.WaitForText("only.jar")
	e.d.Press("enter")
	e.d.WaitFor("the file listed", func() bool { return len(e.m.form.files) == 1 })
	if f := e.m.form.files[0]; f.name != "only.jar" || f.size != 3 || e.m.stage != stageForm {
		t.Errorf("files %+v, stage %d", e.m.form.files, e.m.stage)
	}
}

// TestPaste: a paste reaches the focused field and the changelog editor
// (it is not a key, so it used to go to the flow alone).
func TestPaste(t *testing.T) {
	t.Parallel()
	c, _ := uitest.Sandbox(t, "alice")
	e := open(t, c, "lumen", 100, 30)
	e.focus(fName)
	e.d.Send(tea.PasteMsg{Content: "Lumen pasted"})
	e.d.WaitFor("the pasted name", func() bool { return e.m.form.inputs[fName].Value() == "Lumen pasted" })
	e.focus(fChangelog)
	e.d.Press("enter")
	e.d.WaitFor("the changelog editor", func() bool { return e.m.stage == stageChangelog })
	e.d.Send(tea.PasteMsg{Content: "- fixed the glow"})
	e.d.WaitFor("the pasted changelog", func() bool { return strings.Contains(e.m.editor.Area.Value(), "- fixed the glow") })
}

// TestChangelogPreviewFollowsSizeAndTheme: the preview is rendered again
// for a new width (the last word wraps in, not cut off) and a new theme.
func TestChangelogPreviewFollowsSizeAndTheme(t *testing.T) {
	t.Parallel()
	c, _ := uitest.Sandbox(t, "alice")
	e := open(t, c, "lumen", 100, 30)
	e.focus(fChangelog)
	e.d.Press("enter")
	e.d.Send(tea.PasteMsg{Content: "alpha bravo charlie delta echo foxtrot golf hotel india juliet omega"})
	e.d.Press("tab")
	e.d.WaitForText("juliet omega")
	line := func() string {
		for l := range strings.SplitSeq(e.d.Raw(), "\n") {
			if strings.Contains(ansi.Strip(l), "alpha") {
				return l
			}
		}
		return ""
	}
	before := line()
	dark := e.m.common.Styles.Theme
	dark.Dark = !dark.Dark
	e.d.Send(common.ThemeMsg{Styles: common.NewStyles(dark)})
	e.d.WaitFor("the preview in the new theme's colours", func() bool { return !e.m.editor.Rendering() && line() != before })
	e.d.Send(tea.WindowSizeMsg{Width: 40, Height: 30})
	e.d.WaitForText("omega") // wrapped onto a line of its own, not cut at 40 columns
}

// TestEscAsksBeforeDroppingAChangedForm: one esc leaves an untouched
// form; on a changed one it asks first, and the next esc leaves.
func TestEscAsksBeforeDroppingAChangedForm(t *testing.T) {
	t.Parallel()
	c, _ := uitest.Sandbox(t, "alice")
	esc := func(e *env) bool {
		_, cmd := e.m.Update(uitest.Key("esc"))
		if cmd == nil {
			return false
		}
		_, back := cmd().(common.BackMsg)
		return back
	}
	e := open(t, c, "lumen", 100, 30)
	if e.m.form.inputs[fChannel].Value() == "" {
		t.Fatal("no default channel filled: the test needs one")
	}
	if !esc(e) {
		t.Fatal("esc on an untouched new version did not leave")
	}
	e.set(fName, "Lumen typed")
	if esc(e) {
		t.Fatal("one esc dropped a filled-in form")
	}
	if !strings.Contains(e.d.Screen(), "Press esc again to drop this new version; any other key keeps it.") {
		t.Fatalf("no warning:\n%s", e.d.Screen())
	}
	e.d.Press("tab") // another key disarms
	if esc(e) || !esc(e) {
		t.Fatal("esc after another key: want ask, then leave")
	}

	ed := openEdit(t, c, "7.2.0", 100, 30)
	if !esc(ed) {
		t.Fatal("esc on an untouched edit did not leave")
	}
	ed.chooseFile("b.jar")
	ed.d.Press("x")
	if esc(ed) || !strings.Contains(ed.d.Screen(), "Press esc again to drop this edit") || !esc(ed) {
		t.Fatalf("esc on an edit with a file removed: want ask, then leave:\n%s", ed.d.Screen())
	}
}

// TestAddReadsTildeAsHome: ~/ in the add field is the home directory,
// read in the command that looks at the file (common.ExpandHome).
func TestAddReadsTildeAsHome(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home) // not parallel: the environment is the process's
	if err := os.WriteFile(filepath.Join(home, "lumen.jar"), []byte("jar"), 0o600); err != nil {
		t.Fatal(err)
	}
	c, _ := uitest.Sandbox(t, "alice")
	e := open(t, c, "lumen", 100, 30)
	e.set(fAdd, "~/lumen.jar")
	e.d.Press("enter")
	e.d.WaitFor("the file listed", func() bool { return len(e.m.form.files) == 1 || e.m.form.addErr != "" })
	if f := e.m.form.files; len(f) != 1 || f[0].path != filepath.Join(home, "lumen.jar") || f[0].size != 3 {
		t.Fatalf("files %+v, error %q", f, e.m.form.addErr)
	}
}
