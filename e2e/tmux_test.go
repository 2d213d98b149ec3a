package e2e

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"rdash/internal/testwait"
)

// bin is the rdash binary built once by TestMain.
var bin string

// terms numbers tmux servers so each has its own socket.
var terms atomic.Int64

func TestMain(m *testing.M) {
	if os.Getenv("RDASH_E2E") != "1" {
		os.Exit(m.Run()) // every test skips, saying why
	}
	dir, err := os.MkdirTemp("", "rdash-e2e-")
	if err == nil {
		// 0755 so the SSH test user can run the binary too.
		err = os.Chmod(dir, 0o755)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	bin = filepath.Join(dir, "rdash")
	build := exec.Command("go", "build", "-o", bin, "..")
	build.Stdout, build.Stderr = os.Stdout, os.Stderr
	if err := build.Run(); err != nil {
		fmt.Fprintln(os.Stderr, "e2e: building rdash:", err)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// requireE2E skips unless RDASH_E2E=1: these drive the real binary in tmux
// and take seconds each. CI sets it, so there they are mandatory.
func requireE2E(t *testing.T) {
	t.Helper()
	if bin == "" {
		t.Skip("set RDASH_E2E=1 to run the real binary in tmux (CI does)")
	}
}

// term is one tmux server with one pane running a command.
type term struct {
	t    *testing.T
	sock string
}

// startTerm runs argv in a new detached tmux pane of w×h cells with the
// given extra environment. When the command ends the pane shows EXIT=code
// and stays, so tests can read the status.
func startTerm(t *testing.T, w, h int, env []string, argv ...string) *term {
	t.Helper()
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Fatal("tmux is required for the end-to-end tests: apt-get install tmux")
	}
	tm := &term{t: t, sock: fmt.Sprintf("rdash-e2e-%d-%d", os.Getpid(), terms.Add(1))}
	quoted := make([]string, len(argv))
	for i, a := range argv {
		quoted[i] = shellQuote(a)
	}
	shell := strings.Join(quoted, " ") + `; echo "EXIT=$?"; sleep 600`
	args := []string{"-L", tm.sock, "-f", "/dev/null", "new-session", "-d", "-s", "main",
		"-x", fmt.Sprint(w), "-y", fmt.Sprint(h)}
	for _, e := range env {
		args = append(args, "-e", e)
	}
	args = append(args, "sh", "-c", shell)
	if out, err := exec.Command("tmux", args...).CombinedOutput(); err != nil {
		t.Fatalf("tmux new-session: %v\n%s", err, out)
	}
	t.Cleanup(func() { _ = exec.Command("tmux", "-L", tm.sock, "kill-server").Run() })
	return tm
}

// send sends tmux key names ("j", "Enter", "Escape", "C-c").
func (tm *term) send(keys ...string) {
	tm.t.Helper()
	args := append([]string{"-L", tm.sock, "send-keys", "-t", "main"}, keys...)
	if out, err := exec.Command("tmux", args...).CombinedOutput(); err != nil {
		tm.t.Fatalf("send-keys %v: %v\n%s", keys, err, out)
	}
}

// typeText types s literally.
func (tm *term) typeText(s string) {
	tm.t.Helper()
	if out, err := exec.Command("tmux", "-L", tm.sock, "send-keys", "-t", "main", "-l", s).CombinedOutput(); err != nil {
		tm.t.Fatalf("send-keys -l %q: %v\n%s", s, err, out)
	}
}

// screen returns the pane's text.
func (tm *term) screen() string {
	tm.t.Helper()
	out, err := exec.Command("tmux", "-L", tm.sock, "capture-pane", "-p", "-t", "main").Output()
	if err != nil {
		tm.t.Fatalf("capture-pane: %v", err)
	}
	return string(out)
}

// waitFor polls the screen until it contains every want, and returns it.
// On timeout the test fails with the last screen, which is the evidence.
func (tm *term) waitFor(want ...string) string {
	tm.t.Helper()
	deadline := time.Now().Add(testwait.Limit(tm.t))
	for {
		s := tm.screen()
		if containsAll(s, want) {
			return s
		}
		if time.Now().After(deadline) {
			tm.t.Fatalf("timed out waiting for %q; screen:\n%s", want, s)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// waitGone polls until the screen no longer contains s.
func (tm *term) waitGone(s string) string {
	tm.t.Helper()
	deadline := time.Now().Add(testwait.Limit(tm.t))
	for {
		scr := tm.screen()
		if !strings.Contains(scr, s) {
			return scr
		}
		if time.Now().After(deadline) {
			tm.t.Fatalf("timed out waiting for %q to go; screen:\n%s", s, scr)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func containsAll(s string, want []string) bool {
	for _, w := range want {
		if !strings.Contains(s, w) {
			return false
		}
	}
	return true
}

func shellQuote(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }

// waitForJoined is waitFor on the screen with wrapped lines joined, for
// text longer than a line, such as a URL.
func (tm *term) waitForJoined(want ...string) string {
	tm.t.Helper()
	deadline := time.Now().Add(testwait.Limit(tm.t))
	for {
		out, err := exec.Command("tmux", "-L", tm.sock, "capture-pane", "-p", "-J", "-t", "main").Output()
		if err != nil {
			tm.t.Fatalf("capture-pane: %v", err)
		}
		if containsAll(string(out), want) {
			return string(out)
		}
		if time.Now().After(deadline) {
			tm.t.Fatalf("timed out waiting for %q; screen:\n%s", want, out)
		}
		time.Sleep(50 * time.Millisecond)
	}
}
