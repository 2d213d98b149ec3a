package ui

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"rdash/ui/common"
	"rdash/ui/invitations"
	"rdash/ui/versions"
)

// The : prompt jumps to a project, to a screen, and sets the list's
// filters, with tab completion of its commands and of the channels the
// list has seen; it says why it refuses what it cannot do.
func TestCommandLine(t *testing.T) {
	t.Parallel()
	d, m := start(t, setup{project: "lumen", w: 100, h: 30})
	ready(d, m, "lumen")
	settle(d, m)

	d.Type(":chan")
	d.Press("tab")
	d.Type(" be")
	d.Press("tab")
	if got := m.cmd.input.Value(); got != "channel beta" {
		t.Fatalf("tab completed %q, want \"channel beta\"", got)
	}
	d.Press("enter")
	settle(d, m)
	v := m.top().(*versions.Model)
	if !strings.Contains(d.Screen(), "beta") || m.cmd != nil {
		t.Fatalf(":channel beta:\n%s", d.Screen())
	}
	for _, row := range strings.Split(d.Screen(), "\n")[3:10] {
		if strings.Contains(row, " release ") {
			t.Fatalf(":channel beta lists a release:\n%s", d.Screen())
		}
	}
	d.Type(":clear")
	d.Press("enter")
	d.WaitForText("25 of 25")
	if v != m.top() {
		t.Fatal(":clear left the list")
	}

	d.Type(":emberforge-core")
	d.Press("enter")
	d.WaitFor("the other project", func() bool { return len(m.stack) == 2 && m.top().Title() == "emberforge-core" })

	d.Type(":invitations")
	d.Press("enter")
	d.WaitFor("the invitations", func() bool { _, ok := m.top().(*invitations.Model); return ok && len(m.stack) == 2 })

	d.Type(":nosuch thing")
	d.Press("enter")
	d.WaitForText("no command nosuch")
	d.Type(":game 1.21")
	d.Press("enter")
	d.WaitForText(":game works on a project's versions")
	d.Type(":x")
	d.Press("esc")
	if m.cmd != nil || !slices.ContainsFunc(m.common.Keys.Command.Keys(), func(k string) bool { return k == ":" }) {
		t.Fatal("esc did not close the prompt")
	}
}

// The : prompt never drops what a screen holds unsent: it says so, and
// the form stays.
func TestCommandLineKeepsUnsentInput(t *testing.T) {
	t.Parallel()
	d, m := start(t, setup{project: "lumen", w: 100, h: 30})
	ready(d, m, "lumen")
	path := filepath.Join(t.TempDir(), "lumen-9.4.0.jar")
	if err := os.WriteFile(path, []byte("jar"), 0o600); err != nil {
		t.Fatal(err)
	}
	d.Press("n")
	d.WaitForText("New version of lumen")
	d.WaitForText("release")
	d.Press("tab")
	d.Type("9.4.0")
	d.Press("tab", "tab") // the changelog, which takes no text: the form holds 9.4.0
	top := m.top()
	if _, ok := top.(common.Guard); !ok || m.capturing() {
		t.Fatalf("the form is not where : reaches:\n%s", d.Screen())
	}
	d.Type(":projects")
	d.Press("enter")
	d.WaitForText("holds what you have not sent")
	if m.top() != top {
		t.Fatal(":projects closed a form holding a draft")
	}
}
