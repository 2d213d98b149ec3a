package applyflow

import (
	"slices"
	"strings"
	"testing"

	"rdash/ui/internal/uitest"
)

// TestRefusedIsNotRetried: a version the server refused would be refused
// again, so r does not send it, the results say what to change, and r is
// neither in the footer nor in the help; one lost on the way is offered r.
func TestRefusedIsNotRetried(t *testing.T) {
	t.Parallel()
	f := &fake{refuse: map[string]bool{"A": true}, fail: map[string]bool{"C": true}}
	fl, d := open(t, f, Options{})
	d.WaitForText("enter sends them")
	d.Press("enter")
	d.WaitFor("the results", func() bool { return fl.Stage() == StageResults })
	screen := strings.Join(strings.Fields(d.Screen()), " ")
	for _, want := range []string{"✗ refused", "refused: A", "→ rename A", "r sends the 1 version that may go through again",
		"the 1 refused is not retried: change what → says first"} {
		if !strings.Contains(screen, want) {
			t.Errorf("no %q in the results:\n%s", want, screen)
		}
	}
	if !slices.Equal(keys(fl.Retryable()), []string{"C"}) {
		t.Fatalf("retryable %v, want C alone", fl.Retryable())
	}
	d.Press("r")
	d.WaitFor("the retry's results", func() bool { return fl.Stage() == StageResults && len(f.runs) == 2 })
	if !slices.Equal(f.runs[1], []string{"C"}) {
		t.Fatalf("the retry sent %v, want C alone", f.runs[1])
	}
	d.Press("r")
	if len(f.runs) != 2 || fl.Stage() != StageResults {
		t.Fatal("r sent a refused version again")
	}
	for _, b := range fl.ShortHelp() {
		if slices.Contains(b.Keys(), "r") {
			t.Errorf("r in the help with nothing worth retrying: %v", b.Help())
		}
	}
	if s := d.Screen(); strings.Contains(s, "r sends") || !strings.Contains(s, "→ rename A") {
		t.Errorf("after the retry:\n%s", s)
	}
	uitest.RequireFits(t, d.Screen(), 80, 24)
}

// TestQuestionWrapsAndKeepsItsButtons: at a narrow width the question
// wraps and its buttons stand whole on a line of their own; a long
// header line wraps rather than ending in "…".
func TestQuestionWrapsAndKeepsItsButtons(t *testing.T) {
	t.Parallel()
	f := &fake{confirm: Confirm{Question: "Apply this edit to 3 versions of emberforge-core?", Yes: "Apply"},
		header: "Deleting cannot be undone: the service cannot restore a deleted version."}
	fl, d := open(t, f, Options{})
	d.Send(sizeMsg(30, 12))
	d.WaitForText("Send 3 versions")
	d.Press("enter")
	if !fl.Asking() {
		t.Fatal("no question")
	}
	lines := strings.Split(d.Screen(), "\n")
	if !slices.Contains(lines, "[ Cancel ] [ Apply ]") {
		t.Errorf("the buttons are not on a line of their own:\n%s", d.Screen())
	}
	flat := strings.Join(strings.Fields(d.Screen()), " ")
	for _, want := range []string{"Apply this edit to 3 versions of emberforge-core?", "cannot restore a deleted version."} {
		if !strings.Contains(flat, want) {
			t.Errorf("%q is not whole:\n%s", want, d.Screen())
		}
	}
	if strings.Contains(d.Screen(), "…") {
		t.Errorf("a line is cut:\n%s", d.Screen())
	}
	uitest.RequireFits(t, d.Screen(), 30, 12)
}

// TestShortHeightKeepsTheQuestion: where the height cannot hold the
// header and the question, the header gives way; the question and its
// buttons stay.
func TestShortHeightKeepsTheQuestion(t *testing.T) {
	t.Parallel()
	f := &fake{confirm: Confirm{Question: "Apply this edit to 3 versions of emberforge-core?", Yes: "Apply"},
		header: "Deleting cannot be undone: the service cannot restore a deleted version, nor its files."}
	fl, d := open(t, f, Options{})
	d.Send(sizeMsg(24, 6))
	d.WaitFor("the plan", func() bool { return fl.Plan() != nil })
	d.Press("enter")
	if !fl.Asking() {
		t.Fatal("no question")
	}
	lines := strings.Split(d.Screen(), "\n")
	if len(lines) > 6 || lines[len(lines)-1] != "[ Cancel ] [ Apply ]" || !strings.Contains(d.Screen(), "Apply this edit") {
		t.Fatalf("the question gave way at 24x6:\n%s", d.Screen())
	}
}
