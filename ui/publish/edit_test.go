package publish

import (
	"io"
	"strings"
	"testing"

	"rdash/api"
	"rdash/internal/bulk"
	"rdash/ui/common"
	"rdash/ui/internal/uitest"
	"rdash/ui/route"
)

func uploadOf(name, body string) api.Upload {
	return api.Upload{Name: name, Open: func() (io.ReadCloser, error) { return io.NopCloser(strings.NewReader(body)), nil }}
}

// openEdit creates a version with two uploads and a URL, and opens its
// edit screen.
func openEdit(t *testing.T, c *api.Client, version string, w, h int) *env {
	t.Helper()
	return openEditOf(t, c, &api.CreateVersionRequest{Channel: "release", Version: version,
		Name: "Lumen " + version, Files: []string{"a.jar", "b.jar", "https://example.com/c.zip"},
		Uploads: []api.Upload{uploadOf("a.jar", "aaaa"), uploadOf("b.jar", "bbbbbbbb")}}, w, h)
}

// openEditOf creates the version r and opens its edit screen.
func openEditOf(t *testing.T, c *api.Client, r *api.CreateVersionRequest, w, h int) *env {
	t.Helper()
	v, _, err := c.CreateVersion(t.Context(), "lumen", r)
	if err != nil {
		t.Fatal(err)
	}
	return openEditOn(t, c, *v, w, h)
}

// openEditOn opens the edit screen of v, talking to cl, with a journal of
// its own.
func openEditOn(t *testing.T, cl Client, v api.Version, w, h int) *env {
	t.Helper()
	cc := uitest.Common(t)
	cc.Config.Env.StateDir = t.TempDir()
	m := NewEdit(cc, cl, route.DetailArgs{Project: common.ProjectRef{Slug: "lumen"}, Version: v})
	e := &env{t: t, m: m, w: w, h: h}
	e.d = uitest.NewDriver(t, uitest.Screen{S: m}, w, h)
	e.d.WaitFor("the version", func() bool { return m.before != nil && !m.sampling })
	return e
}

// chooseFile puts the files list's cursor on name.
func (e *env) chooseFile(name string) {
	e.t.Helper()
	e.focus(fFiles)
	for i, f := range e.m.form.files {
		if f.name == name {
			e.m.form.chosen = i
			return
		}
	}
	e.t.Fatalf("no file %s", name)
}

// TestEditFiles renames a version and adds, replaces and removes files
// against the sandbox; the preview says each before it is sent.
func TestEditFiles(t *testing.T) {
	t.Parallel()
	c, _ := uitest.Sandbox(t, "alice")
	e := openEdit(t, c, "6.6.6", 100, 30)
	e.set(fName, "Lumen six")
	e.chooseFile("https://example.com/c.zip")
	e.d.Press("x")
	e.addFile("a.jar", 10) // replaces a.jar
	e.addFile("d.jar", 20) // added
	e.chooseFile("d.jar")
	e.d.Press("p")
	e.previewed()
	for _, want := range []string{"Edit 6.6.6 of lumen", "Lumen 6.6.6 → Lumen six", "d.jar added, an upload of 20 B primary",
		"a.jar replaced by an upload of 10 B", "b.jar kept", "https://example.com/c.zip removed"} {
		if !strings.Contains(e.d.Screen(), want) {
			t.Errorf("preview lacks %q:\n%s", want, e.d.Screen())
		}
	}
	e.check()
	e.d.Press("enter")
	e.results()
	if !strings.Contains(e.d.Screen(), "1 updated") {
		t.Fatalf("results:\n%s", e.d.Screen())
	}
	v, _, err := c.GetVersion(t.Context(), "lumen", "6.6.6")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range v.Files {
		got = append(got, f.Name)
		if f.Name == "a.jar" && f.Size != 10 {
			t.Errorf("a.jar was not replaced: %+v", f)
		}
	}
	if v.Name != "Lumen six" || strings.Join(got, " ") != "d.jar a.jar b.jar" || !v.Files[0].IsPrimary {
		t.Errorf("after the edit: name %q, files %v", v.Name, got)
	}
}

// TestEditNothingChanged sends nothing, and says why in the user's words.
func TestEditNothingChanged(t *testing.T) {
	t.Parallel()
	c, _ := uitest.Sandbox(t, "alice")
	e := openEdit(t, c, "6.6.7", 100, 30)
	e.focus(fButton)
	e.d.Press("enter")
	e.d.WaitFor("the status", func() bool {
		for _, m := range e.d.Seen {
			if s, ok := m.(common.StatusMsg); ok && s.Text == "Nothing to send: no field is changed yet." {
				return true
			}
		}
		return false
	})
	if e.m.stage != stageForm {
		t.Error("an empty edit left the form")
	}
}

// TestEditGolden pins the edit form and its preview.
func TestEditGolden(t *testing.T) {
	t.Parallel()
	for _, size := range sizes {
		t.Run(strings.Join([]string{itoa(size[0]), itoa(size[1])}, "x"), func(t *testing.T) {
			t.Parallel()
			c, _ := uitest.Sandbox(t, "alice")
			e := openEditOf(t, c, &api.CreateVersionRequest{Channel: "release", Version: "6.6.8",
				Name: "Lumen 6.6.8", Changelog: "# 6.6.8\n\n- Fixes the lantern flicker.\n- Faster light updates.\n",
				Files:   []string{"a.jar", "b.jar", "https://example.com/c.zip"},
				Uploads: []api.Upload{uploadOf("a.jar", "aaaa"), uploadOf("b.jar", "bbbbbbbb")}}, size[0], size[1])
			e.set(fPlatforms, "paper, folia")
			e.m.form.changelog = "# 6.6.8\n\n- Fixes the lantern flicker in caves.\n- Faster light updates.\n"
			e.chooseFile("b.jar")
			e.d.Press("p")
			e.pin(t, "form")
			e.previewed()
			e.pin(t, "preview")
		})
	}
}

// TestEditJournaled renames a version: the edit is journaled before it
// is sent, with its outcome after, so the bulk undo finds it.
func TestEditJournaled(t *testing.T) {
	t.Parallel()
	c, _ := uitest.Sandbox(t, "alice")
	e := openEdit(t, c, "6.6.9", 100, 30)
	e.set(fName, "Lumen renamed")
	e.previewed()
	e.d.WaitForText("Journaled first")
	e.d.Press("enter")
	e.results()
	if !strings.Contains(e.d.Screen(), "journaled: u on the versions list undoes it") {
		t.Fatalf("results:\n%s", e.d.Screen())
	}
	j := bulk.Journal{Dir: bulk.JournalDir(e.m.common.Config.Env.StateDir)}
	entry, err := j.LastUndoable("lumen")
	if err != nil {
		t.Fatal(err)
	}
	if len(entry.Before) != 1 || entry.Before[0].Name != "Lumen 6.6.9" || *entry.Patch.Name != "Lumen renamed" ||
		len(entry.Outcomes) != 1 || entry.Outcomes[0].Status != bulk.StatusUpdated {
		t.Errorf("entry = %+v", entry)
	}
}

// TestEditKeepsFieldsItDrewDifferently: the form shows a name with
// clusters the terminal measures badly (a Hindi conjunct, a skin tone)
// as U+FFFD; changing only the changelog must not send that damaged
// name, nor the game versions or dependencies drawn the same way.
func TestEditKeepsFieldsItDrewDifferently(t *testing.T) {
	t.Parallel()
	c, _ := uitest.Sandbox(t, "alice")
	name := "लुमेन नमस्ते 👍🏽"
	e := openEditOf(t, c, &api.CreateVersionRequest{Channel: "release", Version: "7.1.0", Name: name,
		Files: []string{"a.jar"}, Uploads: []api.Upload{uploadOf("a.jar", "aaaa")}}, 100, 30)
	if got := e.m.form.inputs[fName].Value(); got == name {
		t.Fatalf("the name is drawn as it is (%q): the test needs one safe.Line changes", got)
	}
	e.m.form.changelog = "only this changed"
	r := e.m.updateRequest()
	if r.Name != nil || r.Version != nil || r.Channel != nil || r.MinecraftVersions != nil || r.Platforms != nil || r.Dependencies != nil {
		t.Fatalf("untouched fields sent: name %v version %v channel %v game %v platforms %v deps %v",
			r.Name, r.Version, r.Channel, r.MinecraftVersions, r.Platforms, r.Dependencies)
	}
	if r.Changelog == nil || *r.Changelog != "only this changed" {
		t.Fatalf("changelog = %v", r.Changelog)
	}
	e.set(fName, "Lumen seven")
	if r := e.m.updateRequest(); r.Name == nil || *r.Name != "Lumen seven" {
		t.Fatalf("an edited name is not sent: %v", r.Name)
	}
}
