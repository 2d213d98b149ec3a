package e2e

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"rdash/internal/testwait"
)

// format returns tmux's value of a format such as #{alternate_on} for
// the pane.
func (tm *term) format(f string) string {
	tm.t.Helper()
	out, err := exec.Command("tmux", "-L", tm.sock, "display-message", "-p", "-t", "main", f).Output()
	if err != nil {
		tm.t.Fatalf("display-message %s: %v", f, err)
	}
	return strings.TrimSpace(string(out))
}

// waitFormat polls a tmux format until it has the value want.
func (tm *term) waitFormat(f, want string) {
	tm.t.Helper()
	deadline := time.Now().Add(testwait.Limit(tm.t))
	for {
		got := tm.format(f)
		if got == want {
			return
		}
		if time.Now().After(deadline) {
			tm.t.Fatalf("%s is %q, want %q; screen:\n%s", f, got, want, tm.screen())
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// rdashPID finds the rdash process under the pane's shell, by its
// executable: the test signals that process alone.
func (tm *term) rdashPID() int {
	tm.t.Helper()
	pane, err := strconv.Atoi(tm.format("#{pane_pid}"))
	if err != nil {
		tm.t.Fatal(err)
	}
	want, _ := filepath.EvalSymlinks(bin)
	queue := []int{pane}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		if exe, err := os.Readlink(fmt.Sprintf("/proc/%d/exe", p)); err == nil && exe == want {
			return p
		}
		kids, _ := os.ReadFile(fmt.Sprintf("/proc/%d/task/%d/children", p, p))
		for _, k := range strings.Fields(string(kids)) {
			if n, err := strconv.Atoi(k); err == nil {
				queue = append(queue, n)
			}
		}
	}
	tm.t.Fatalf("no rdash process under the pane (pid %d)", pane)
	return 0
}

// withTitle is argv run after the shell sets the window title, so the
// test can see that rdash gives it back.
func withTitle(title string, argv ...string) []string {
	return append([]string{"sh", "-c", `printf '\033]2;%s\033\\' "$0"; exec "$@"`, title}, argv...)
}

// TestSignalsRestoreTheTerminal sends each signal that ends rdash while the
// terminal survives: the pane must be back out of the alternate screen,
// with the cursor shown and the window title the user had.
func TestSignalsRestoreTheTerminal(t *testing.T) {
	requireE2E(t)
	for _, sig := range []syscall.Signal{syscall.SIGHUP, syscall.SIGQUIT, syscall.SIGTERM} {
		t.Run(sig.String(), func(t *testing.T) {
			tm := startTerm(t, 100, 30, nil, withTitle("before-rdash", bin, "demo")...)
			tm.waitFor("YOUR PROJECTS")
			tm.waitFormat("#{pane_title}", "rdash")
			if tm.format("#{alternate_on}") != "1" || tm.format("#{cursor_flag}") != "0" {
				t.Fatalf("rdash is not on the alternate screen with the cursor hidden")
			}
			if err := syscall.Kill(tm.rdashPID(), sig); err != nil {
				t.Fatal(err)
			}
			tm.waitFor("EXIT=")
			tm.waitFormat("#{alternate_on}", "0")
			tm.waitFormat("#{cursor_flag}", "1")
			tm.waitFormat("#{pane_title}", "before-rdash")
		})
	}
}

// TestQuitRestoresTheTitle: q gives back the title the user had, not an
// empty one.
func TestQuitRestoresTheTitle(t *testing.T) {
	requireE2E(t)
	tm := startTerm(t, 100, 30, nil, withTitle("my-shell-title", bin, "demo")...)
	tm.waitFor("YOUR PROJECTS")
	tm.waitFormat("#{pane_title}", "rdash")
	tm.send("q")
	tm.waitFor("EXIT=0")
	tm.waitFormat("#{pane_title}", "my-shell-title")
}
