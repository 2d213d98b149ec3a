package ui

import (
	"strings"
	"testing"

	"rdash/ui/internal/uitest"
)

// fieldHelp types ? where a field, a question or the delete count has
// the keys, through the whole dashboard, and requires the help: the
// overlay is up, the field kept what it held, and the first key after
// closes the overlay and goes nowhere else. what names the field, keep a
// text the screen shows before and after.
func fieldHelp(t *testing.T, d *uitest.Driver, m *Model, what, keep string) {
	t.Helper()
	if !m.capturing() {
		t.Fatalf("%s: no field has the keys:\n%s", what, d.Screen())
	}
	before := d.Screen()
	d.Type("?")
	if !m.showHelp || !strings.Contains(d.Screen(), "help") {
		t.Fatalf("%s: ? did not open the help:\n%s", what, d.Screen())
	}
	if strings.Contains(footer(d), "q quit") {
		t.Errorf("%s: the help over a field says q quits, where q is typed: %q", what, footer(d))
	}
	d.Press("q") // closes the help; over a field it neither quits nor types
	if m.showHelp || d.Quit() || d.Screen() != before {
		t.Fatalf("%s: the key after the help did more than close it:\n%s", what, d.Screen())
	}
	if !strings.Contains(d.Screen(), keep) {
		t.Fatalf("%s: %q is gone:\n%s", what, keep, d.Screen())
	}
}

// ? opens the help from every kind of field: the filters of the list,
// the channel picker, the new version's channel (which holds "release":
// a channel takes no ?), the delete count and the invite form; in a
// phrase being typed (the search) ? is text, and f1 opens the help.
func TestQuestionMarkOpensTheHelpFromFields(t *testing.T) {
	t.Parallel()
	d, m := start(t, setup{project: "lumen", w: 100, h: 30})
	ready(d, m, "lumen")
	settle(d, m)

	d.Press("/")
	fieldHelp(t, d, m, "the search", "search:")
	d.Type("lumen?")
	if m.showHelp || !strings.Contains(d.Screen(), "search: lumen?") {
		t.Fatalf("? in a search holding text is not typed:\n%s", d.Screen())
	}
	if !strings.Contains(footer(d), "f1 help") {
		t.Errorf("the search's footer does not say f1 helps: %q", footer(d))
	}
	d.Press("f1")
	if !m.showHelp {
		t.Fatalf("f1 did not open the help from the search:\n%s", d.Screen())
	}
	d.Press("esc", "ctrl+u", "esc")
	settle(d, m)

	d.Press("v")
	fieldHelp(t, d, m, "the game versions", "game versions:")
	d.Press("esc", "c")
	fieldHelp(t, d, m, "the channel picker", "Show channels")
	d.Press("o")
	fieldHelp(t, d, m, "a channel typed", "channel:")
	d.Press("esc", "esc")
	settle(d, m)

	d.Press("n")
	d.WaitForText("New version of lumen")
	d.WaitForText("release")
	fieldHelp(t, d, m, "the new version's channel", "release")
	d.Press("esc")
	d.WaitForText("25 of 25")

	d.Press("D")
	d.WaitForText("Type 1 to delete")
	fieldHelp(t, d, m, "the delete count", "Type 1 to delete")
	d.Press("esc")
	d.WaitForText("25 of 25")

	d.Press("esc", "i")
	d.WaitForText("you manage invitations")
	settle(d, m)
	d.Press("n")
	d.WaitForText("Invite someone to")
	fieldHelp(t, d, m, "the invite form", "Invitee")
}
