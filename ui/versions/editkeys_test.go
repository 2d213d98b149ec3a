package versions

import (
	"strings"
	"testing"

	"rdash/ui/common"
	"rdash/ui/internal/uitest"
	"rdash/ui/route"
)

// One row, no marks: e opens that version's own edit, prefilled, as the
// detail's e does; where that screen is not offered (rdash serve), the
// bulk edit of the row.
func TestEOnOneRowEditsThatVersion(t *testing.T) {
	t.Parallel()
	d, m, _ := start(t, "lumen", 80, 24)
	d.Press("j", "e")
	d.WaitFor("an OpenMsg", func() bool { return len(opened(d, route.EditVersion.Key())) == 1 })
	args := opened(d, route.EditVersion.Key())[0].(route.DetailArgs)
	if args.Version.ID != m.versionAt(1).ID || args.Project.Key() != "lumen" {
		t.Fatalf("e opened the edit of %s in %s, want %s", args.Version.Version, args.Project.Key(), m.versionAt(1).Version)
	}
	if !strings.Contains(footerOf(m), "e edit") {
		t.Errorf("the footer does not say e edits the version: %q", footerOf(m))
	}

	c, _ := uitest.Sandbox(t, "alice")
	cm := uitest.Common(t)
	cm.Routes = func(r common.RouteKey) bool { return r != route.EditVersion.Key() }
	m2 := New(cm, c, route.VersionsArgs{Project: common.ProjectRef{Slug: "lumen"}})
	d2 := uitest.NewDriver(t, uitest.Screen{S: m2}, 80, 24)
	waitLoaded(d2, m2)
	d2.Press("e")
	if a := lastOpen(t, d2, route.BulkEdit); len(a.Versions) != 1 {
		t.Fatalf("without the edit screen, e bulk edits %d versions", len(a.Versions))
	}
}

// shift+↓ held marks a run as it moves; V marks every row from the one
// marked last to the cursor.
func TestRangeMarking(t *testing.T) {
	t.Parallel()
	d, m, _ := start(t, "lumen", 80, 24)
	d.Press("shift+down", "shift+down")
	if m.marks.len() != 2 || m.table.Cursor() != 2 {
		t.Fatalf("shift+↓ twice: %d marks, cursor at %d", m.marks.len(), m.table.Cursor())
	}
	d.Press("j", "j", "j", "V")
	if m.marks.len() != 6 {
		t.Fatalf("V from row 1 to row 5 left %d marks, want 6", m.marks.len())
	}
	for i := range 6 {
		if !m.marks.has(m.versionAt(i).ID) {
			t.Errorf("row %d is not marked", i)
		}
	}
	d.Press("A")
	if m.rangeStart() >= 0 {
		t.Fatal("V is offered with nothing marked")
	}
}

func opened(d *uitest.Driver, r common.RouteKey) []any {
	var out []any
	for _, msg := range d.Seen {
		if o, ok := msg.(common.OpenMsg); ok && o.Route == r {
			out = append(out, o.Args)
		}
	}
	return out
}

func footerOf(m *Model) string {
	var hints []string
	for _, b := range m.ShortHelp() {
		if b.Enabled() {
			hints = append(hints, b.Help().Key+" "+b.Help().Desc)
		}
	}
	return strings.Join(hints, " • ")
}

// Over SSH no browser opens: o copies the address of the version's
// primary file and says so, with the address.
func TestOOverSSHCopiesAndSays(t *testing.T) {
	t.Parallel()
	c, _ := uitest.Sandbox(t, "alice")
	cm := uitest.Common(t)
	cfg := *cm.Config
	cfg.Env.SSH = true
	cm.Config = &cfg
	m := New(cm, c, route.VersionsArgs{Project: common.ProjectRef{Slug: "lumen"}})
	d := uitest.NewDriver(t, uitest.Screen{S: m}, 80, 24)
	waitLoaded(d, m)
	d.Press("o")
	d.WaitFor("the copy", func() bool { return len(d.Clipboard()) == 1 })
	said := ""
	d.WaitFor("the status", func() bool {
		for _, msg := range d.Seen {
			if s, ok := msg.(common.StatusMsg); ok {
				said = s.Text
			}
		}
		return said != ""
	})
	if !strings.Contains(said, "no browser opens here (over SSH): "+d.Clipboard()[0]) {
		t.Fatalf("o said %q and copied %q", said, d.Clipboard())
	}
}

// CREATED is never cut inside its word ("10mo a…", "just n…"): the column
// is as wide as its widest cell, or left out.
func TestCreatedIsNeverCut(t *testing.T) {
	t.Parallel()
	for _, size := range uitest.Sizes {
		_, m, _ := start(t, "lumen", size[0], size[1])
		lines := strings.Split(m.View(), "\n")
		if !strings.Contains(lines[1], "CREATED") {
			continue // left out whole at this width
		}
		for _, l := range lines[2:] {
			if l = strings.TrimRight(l, " "); strings.Contains(l, "…") && strings.HasSuffix(l, "…") {
				t.Errorf("%dx%d: a cut CREATED: %q", size[0], size[1], l)
			}
		}
	}
}

// r says what it brought; s goes to the top of the new order.
func TestRefreshSaysSoAndSortGoesToTheTop(t *testing.T) {
	t.Parallel()
	d, m, _ := start(t, "lumen", 80, 24)
	d.Press("r")
	d.WaitFor("the note", func() bool {
		for _, msg := range d.Seen {
			if s, ok := msg.(common.StatusMsg); ok && s.Text == "refreshed lumen: 25 of 25 versions listed" {
				return true
			}
		}
		return false
	})
	d.Press("j", "j", "j", "s")
	if m.table.Cursor() != 0 {
		t.Fatalf("after s the cursor is on row %d, not the top", m.table.Cursor())
	}
}

// With versions marked, the first esc says that leaving drops the marks
// and keeps the screen (Guards); the second leaves; another key between
// them keeps the marks and the screen.
func TestEscWithMarksAsksFirst(t *testing.T) {
	t.Parallel()
	d, m, _ := start(t, "lumen", 80, 24)
	esc := uitest.Key("esc")
	if m.Guards(esc) {
		t.Fatal("esc is held with nothing marked")
	}
	d.Press("space", "space")
	if !m.Guards(esc) {
		t.Fatal("esc leaves at once with 2 marks")
	}
	d.Press("esc")
	said := ""
	d.WaitFor("the note", func() bool {
		for _, msg := range d.Seen {
			if s, ok := msg.(common.StatusMsg); ok {
				said = s.Text
			}
		}
		return strings.Contains(said, "esc again leaves lumen and drops its 2 marks")
	})
	if m.Guards(esc) {
		t.Fatal("the second esc is held too")
	}
	d.Press("j")
	if !m.Guards(esc) || m.marks.len() != 2 {
		t.Fatal("a key between the two esc did not keep the marks and the question")
	}
}
