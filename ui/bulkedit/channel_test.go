package bulkedit

import (
	"slices"
	"strings"
	"testing"

	"rdash/api"
	"rdash/api/sandbox"
	"rdash/ui/applyflow"
	"rdash/ui/internal/uitest"
)

// typeChannel chooses the typed channel and types ref on the choice
// itself, as a user would, with no tab first.
func (e *env) typeChannel(ref string) {
	e.t.Helper()
	e.choose(chanMode, typedChoice)
	e.d.Type(ref)
	if got := e.m.form.chanText.Value(); got != ref {
		e.t.Fatalf("typed %q, the field holds %q", ref, got)
	}
}

// TestTypedChannelWithoutVersions moves two emberforge-core versions to
// lts, a channel no version is in (so no list offers it): it is typed,
// the preview notes that rdash could not check it, and the server,
// which has it, moves them.
func TestTypedChannelWithoutVersions(t *testing.T) {
	t.Parallel()
	c, _ := uitest.Sandbox(t, "alice")
	vs := versionsOf(t, c, "emberforge-core", 2)
	e := openEdit(t, c, "emberforge-core", vs, 120, 40)
	if slices.ContainsFunc(e.m.form.channels, func(ch api.Channel) bool { return ch.Slug == "lts" }) {
		t.Fatal("lts is among the channels seen: the test needs a channel without versions")
	}
	e.typeChannel("lts")
	e.preview()
	want := `note: channel "lts" has no version in emberforge-core that rdash can see (seen: alpha, beta, release), ` +
		"so it cannot be checked: it is sent as given, and the server decides"
	if !strings.Contains(e.flat(), want) {
		t.Fatalf("the preview does not note the unseen channel:\n%s", e.d.Screen())
	}
	e.check()
	e.d.Press("enter")
	e.results()
	if !strings.Contains(e.d.Screen(), "2 updated") {
		t.Fatalf("results:\n%s", e.d.Screen())
	}
	for _, v := range vs {
		if got := current(t, c, "emberforge-core", v.ID).Channel.Slug; got != "lts" {
			t.Errorf("%s is on %q, want lts", v.Version, got)
		}
	}
}

// TestTypedChannelSeen: a channel typed by the slug of one seen is sent
// by its ID, with no note.
func TestTypedChannelSeen(t *testing.T) {
	t.Parallel()
	c, _ := uitest.Sandbox(t, "alice")
	vs := byVersion(t, c, "lumen", "2.4.0", "2.3.1")
	e := openEdit(t, c, "lumen", vs, 100, 30)
	beta := e.m.form.channels[slices.IndexFunc(e.m.form.channels, func(ch api.Channel) bool { return ch.Slug == "beta" })]
	e.typeChannel("beta")
	e.preview()
	if strings.Contains(e.flat(), "note:") {
		t.Fatalf("a channel seen is noted:\n%s", e.d.Screen())
	}
	e.d.Press("enter")
	e.results()
	if patches, _ := e.client.sent(); len(patches) != 1 || patches[0].Channel == nil || *patches[0].Channel != beta.ID {
		t.Fatalf("sent %+v, want the channel by its ID %s", patches, beta.ID)
	}
}

// TestTypedChannelEmptyIsNamed: the typed choice with nothing typed is
// not sent; the field says what it needs.
func TestTypedChannelEmptyIsNamed(t *testing.T) {
	t.Parallel()
	c, _ := uitest.Sandbox(t, "alice")
	e := openEdit(t, c, "lumen", versionsOf(t, c, "lumen", 2), 100, 30)
	e.choose(chanMode, typedChoice)
	e.focus(target{field: fieldButton})
	e.d.Press("enter")
	if e.m.stage != stageForm || !strings.Contains(e.flat(), "Channel: type the slug or the ID of a channel of the project") {
		t.Fatalf("an empty typed channel went on:\n%s", e.d.Screen())
	}
	if e.m.form.focus != (target{field: fieldChannel, part: partText}) {
		t.Fatalf("the focus is on %+v, not the channel typed", e.m.form.focus)
	}
}

// TestTypedChannelTheServerRefuses types a channel lumen does not have:
// the sandbox refuses it as a filter, so the preview says so and sends
// nothing, and esc goes back to the form with the channel marked until
// it changes.
func TestTypedChannelTheServerRefuses(t *testing.T) {
	t.Parallel()
	c, _ := uitest.Sandbox(t, "alice")
	e := openEdit(t, c, "lumen", versionsOf(t, c, "lumen", 2), 100, 30)
	e.typeChannel("nosuch")
	e.preview()
	if !contains(e.flat(), `✗ channel: the server does not know channel "nosuch" in lumen`, "nothing can be sent") {
		t.Fatalf("the preview does not say the server refused the channel:\n%s", e.d.Screen())
	}
	e.d.Press("enter")
	if _, ids := e.client.sent(); len(ids) > 0 || !e.at(applyflow.StagePreview) {
		t.Fatalf("sent %v with a channel the server refused", ids)
	}
	e.d.Press("esc")
	if e.m.stage != stageForm || !strings.Contains(e.flat(), `! the server does not know channel "nosuch" in lumen`) {
		t.Fatalf("esc did not go back to the form with the channel marked:\n%s", e.d.Screen())
	}
	e.check()
	e.typeInto(target{field: fieldChannel, part: partText}, "beta")
	if strings.Contains(e.flat(), "does not know") {
		t.Fatalf("the mark stays on a channel changed:\n%s", e.d.Screen())
	}
}

// contains reports that s holds every one of want.
func contains(s string, want ...string) bool {
	for _, w := range want {
		if !strings.Contains(s, w) {
			return false
		}
	}
	return true
}

// TestRefusedEditGoesBackToTheForm: the strict sandbox lists a channel it
// does not have as empty, so a channel typed goes out with a note, and
// the bulk PATCH is refused for it. The results say what to change and
// offer e; esc asks before dropping the edit; e goes back to the form
// with every field kept and the channel marked with the server's reason.
func TestRefusedEditGoesBackToTheForm(t *testing.T) {
	t.Parallel()
	c := sandboxAs(t, "alice", sandbox.Options{Strict: true})
	e := openEdit(t, c, "lumen", versionsOf(t, c, "lumen", 2), 100, 30)
	e.typeChannel("nosuch")
	e.choose(nameMode, "set to")
	e.typeInto(target{field: fieldName, part: partText}, "Lumen kept")
	e.preview()
	if !strings.Contains(e.flat(), `note: channel "nosuch" has no version in lumen that rdash can see`) {
		t.Fatalf("the preview does not note the unseen channel:\n%s", e.d.Screen())
	}
	e.d.Press("enter")
	e.results()
	if !contains(e.flat(), "2 not applied", `no channel "nosuch"`, "e back to the form, every field kept",
		"journal: nothing kept, as no version changed") {
		t.Fatalf("results:\n%s", e.d.Screen())
	}
	e.back(t, fieldChannel, `! the server: no channel "nosuch" in project lumen`)
	if f := e.m.form; f.chanText.Value() != "nosuch" || !f.nameSet || f.name.Value() != "Lumen kept" {
		t.Fatalf("the edit was not kept: channel %q, name %v %q", f.chanText.Value(), f.nameSet, f.name.Value())
	}
}

// back checks the results of a refused edit: esc asks first, and e goes
// back to the form, the focus on field fd, marked with mark.
func (e *env) back(t *testing.T, fd field, mark string) {
	t.Helper()
	if !e.m.Guards(uitest.Key("esc")) {
		t.Fatal("the results of a refused edit are not guarded")
	}
	e.d.Press("esc")
	if !e.at(applyflow.StageResults) || !strings.Contains(e.flat(), "Press esc again to drop this edit") {
		t.Fatalf("esc on a refused edit did not ask:\n%s", e.d.Screen())
	}
	e.d.Press("e")
	if e.m.stage != stageForm || e.m.form.focus.field != fd {
		t.Fatalf("e did not go back to the field refused (stage %d, focus %+v)", e.m.stage, e.m.form.focus)
	}
	if !strings.Contains(e.flat(), mark) {
		t.Fatalf("the field refused is not marked %q:\n%s", mark, e.d.Screen())
	}
	e.check()
}

// TestRefusedFieldIsMarked adds a game version longer than the sandbox
// takes: the bulk PATCH is refused for that field, and e goes back to it,
// marked, until it changes; a second preview's esc goes back to the form.
func TestRefusedFieldIsMarked(t *testing.T) {
	t.Parallel()
	c, _ := uitest.Sandbox(t, "alice")
	e := openEdit(t, c, "lumen", versionsOf(t, c, "lumen", 2), 100, 30)
	long := "1.21.5-far-too-long-for-the-sandbox"
	e.choose(gameMode, "add and remove")
	e.typeInto(target{field: fieldGame, part: partAdd}, long)
	e.preview()
	e.d.Press("enter")
	e.results()
	e.back(t, fieldGame, "! the server: at most 32 characters")
	if got := e.m.form.game.add.Value(); got != long {
		t.Fatalf("the game version typed was not kept: %q", got)
	}
	e.typeInto(target{field: fieldGame, part: partAdd}, "1.21.5")
	if strings.Contains(e.flat(), "the server:") {
		t.Fatalf("the mark stays on a changed field:\n%s", e.d.Screen())
	}
	e.preview()
	e.d.Press("esc")
	if e.m.stage != stageForm {
		t.Fatal("esc on the second preview did not go back to the form")
	}
}
