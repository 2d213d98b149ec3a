package publish

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"rdash/ui/internal/uitest"
)

// keepAChangelog is a changelog as keepachangelog.com lays it out.
const keepAChangelog = "# Changelog\n\nAll notable changes to Lumen are documented here.\n\n" +
	"## [Unreleased]\n\n### Added\n- Something coming\n\n" +
	"## [2.7.0-beta.1] - 2025-05-01\n\n### Added\n- Coloured lights\n\n### Fixed\n- Flicker in caves\n\n" +
	"## [2.6.0] - 2025-03-01\n\n### Fixed\n- Older things\n\n" +
	"[unreleased]: https://example.org/compare/v2.7.0-beta.1...HEAD\n"

// writeLog writes a changelog file named name and returns its path.
func writeLog(t *testing.T, name, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// takeLogFrom presses ctrl+o on the changelog field, types path on the
// prompt and reads it.
func (e *env) takeLogFrom(path string) {
	e.t.Helper()
	e.focus(fChangelog)
	e.d.Press("ctrl+o")
	if e.m.stage != stageLogFile {
		e.t.Fatalf("ctrl+o on the changelog did not ask for a file:\n%s", e.d.Screen())
	}
	e.m.log.input.SetValue("")
	e.d.Type(path)
	e.d.Press("enter")
	e.d.WaitFor("the changelog file read", func() bool { return !e.m.log.reading })
}

// TestChangelogFromAFile takes the changelog from a Keep a Changelog
// file: the section of the version typed, marked with where it came
// from; a version typed next takes its own section, one the file lacks
// takes nothing and says why, and the preview sends the section.
func TestChangelogFromAFile(t *testing.T) {
	t.Parallel()
	c, _ := uitest.Sandbox(t, "alice")
	e := open(t, c, "lumen", 100, 30)
	e.fill("2.7.0-beta.1")
	e.takeLogFrom(writeLog(t, "CHANGELOG.md", keepAChangelog))
	if e.m.stage != stageForm || e.m.form.focus != fChangelog {
		t.Fatalf("not back on the changelog field (stage %d):\n%s", e.m.stage, e.d.Screen())
	}
	if want := "### Added\n- Coloured lights\n\n### Fixed\n- Flicker in caves"; e.m.form.changelog != want {
		t.Fatalf("changelog = %q, want %q", e.m.form.changelog, want)
	}
	if !strings.Contains(e.flat(), "from CHANGELOG.md: section [2.7.0-beta.1]") {
		t.Fatalf("the changelog's source is not marked:\n%s", e.d.Screen())
	}
	e.check()
	e.set(fVersion, "2.6.0")
	e.focus(fChangelog)
	if e.m.form.changelog != "### Fixed\n- Older things" || !strings.Contains(e.flat(), "from CHANGELOG.md: section [2.6.0]") {
		t.Fatalf("the version typed did not take its section: %q\n%s", e.m.form.changelog, e.d.Screen())
	}
	e.set(fVersion, "2.8.0")
	e.focus(fChangelog)
	if e.m.form.changelog != "" || !strings.Contains(e.flat(), "not taken: CHANGELOG.md follows Keep a Changelog but has no section [2.8.0]") {
		t.Fatalf("a version without a section kept another's: %q\n%s", e.m.form.changelog, e.d.Screen())
	}
	e.set(fVersion, "2.7.0-beta.1")
	e.previewed()
	if got := e.m.task.req.Changelog; !strings.HasPrefix(got, "### Added\n- Coloured lights") {
		t.Fatalf("the preview sends changelog %q", got)
	}
}

// TestChangelogFileEditedStaysTheUsers: once the changelog taken is
// edited, it is the user's: a version typed leaves it, and the mark goes.
func TestChangelogFileEditedStaysTheUsers(t *testing.T) {
	t.Parallel()
	c, _ := uitest.Sandbox(t, "alice")
	e := open(t, c, "lumen", 100, 30)
	e.set(fVersion, "2.7.0-beta.1")
	e.takeLogFrom(writeLog(t, "CHANGELOG.md", keepAChangelog))
	e.d.Press("enter") // the editor
	e.d.Type(" and more")
	e.d.Press("esc")
	edited := e.m.form.changelog
	if !strings.HasSuffix(edited, " and more") {
		t.Fatalf("the editor did not edit it: %q", edited)
	}
	e.set(fVersion, "2.6.0")
	e.focus(fChangelog)
	if e.m.form.changelog != edited || strings.Contains(e.flat(), "from CHANGELOG.md") {
		t.Fatalf("an edited changelog followed the file: %q\n%s", e.m.form.changelog, e.d.Screen())
	}
}

// TestChangelogFilePlainAndBad: a file that is not Keep a Changelog is
// taken whole; a file that is missing, too large or not text stays on
// the prompt with why; esc goes back to the form, the changelog as it was.
func TestChangelogFilePlainAndBad(t *testing.T) {
	t.Parallel()
	c, _ := uitest.Sandbox(t, "alice")
	e := open(t, c, "lumen", 100, 30)
	e.takeLogFrom(writeLog(t, "NOTES.md", "Fixed the flicker.\n\nMore light.\n"))
	if e.m.form.changelog != "Fixed the flicker.\n\nMore light." ||
		!strings.Contains(e.flat(), `from NOTES.md (the whole file: it has no "## [version]" sections)`) {
		t.Fatalf("a plain file was not taken whole: %q\n%s", e.m.form.changelog, e.d.Screen())
	}
	dir := t.TempDir()
	big := writeLog(t, "BIG.md", strings.Repeat("x", maxLogFile+1))
	binary := writeLog(t, "BIN.md", "\xff\xfe\x00")
	for path, want := range map[string]string{
		filepath.Join(dir, "nope.md"): "nope.md: no such file",
		dir:                           ": is not a regular file",
		big:                           fmt.Sprintf("BIG.md: is larger than %s", "1.0 MiB"),
		binary:                        "BIN.md: is not UTF-8 text",
	} {
		e.takeLogFrom(path)
		if e.m.stage != stageLogFile || !strings.Contains(e.flat(), want) {
			t.Fatalf("reading %s: stage %d, want %q:\n%s", path, e.m.stage, want, e.d.Screen())
		}
		e.check()
		e.d.Press("esc")
	}
	if e.m.stage != stageForm || e.m.form.changelog != "Fixed the flicker.\n\nMore light." {
		t.Fatalf("a bad file changed the changelog: %q", e.m.form.changelog)
	}
}

// TestChangelogFileGolden pins the prompt and the form with a section
// taken, at every size.
func TestChangelogFileGolden(t *testing.T) {
	t.Parallel()
	for _, size := range sizes {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			t.Parallel()
			c, _ := uitest.Sandbox(t, "alice")
			e := open(t, c, "lumen", size[0], size[1])
			e.set(fVersion, "2.7.0-beta.1")
			e.focus(fChangelog)
			e.d.Press("ctrl+o")
			e.pin(t, "prompt")
			e.d.Press("esc")
			e.takeLogFrom(writeLog(t, "CHANGELOG.md", keepAChangelog))
			e.pin(t, "taken")
		})
	}
}
