package clipboard

import (
	"encoding/base64"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"rdash/config"
	"rdash/ui/common"
)

// run runs cmd as bubbletea would, returning every message, batches
// unpacked.
func run(cmd tea.Cmd) []tea.Msg {
	if cmd == nil {
		return nil
	}
	msg := cmd()
	if b, ok := msg.(tea.BatchMsg); ok {
		var out []tea.Msg
		for _, c := range b {
			out = append(out, run(c)...)
		}
		return out
	}
	return []tea.Msg{msg}
}

func statusOf(t *testing.T, msgs []tea.Msg) string {
	t.Helper()
	for _, m := range msgs {
		if s, ok := m.(common.StatusMsg); ok {
			return s.Text
		}
	}
	t.Fatalf("no status in %v", msgs)
	return ""
}

func TestCopyOutsideTmuxDoesNotClaimSuccess(t *testing.T) {
	t.Parallel()
	msgs := run(Copy(&config.Config{}, "abc", "the ID"))
	if got := statusOf(t, msgs); got != "sent the ID to the terminal's clipboard (cannot confirm)" {
		t.Fatalf("status %q", got)
	}
	if !sentOSC52(msgs) {
		t.Fatal("no OSC 52")
	}
}

// The tmux tests swap lookTmux: not parallel.

func TestCopyInsideTmuxLoadsItsBuffer(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "args")
	fake := filepath.Join(dir, "tmux")
	script := "#!/bin/sh\necho \"$@\" >> " + out + "\ncat >> " + out + ".stdin\n"
	if err := os.WriteFile(fake, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	old := lookTmux
	t.Cleanup(func() { lookTmux = old })
	lookTmux = func() (string, error) { return fake, nil }

	cfg := &config.Config{Env: config.Env{Tmux: "/tmp/tmux-0/default,123,0"}}
	msgs := run(Copy(cfg, "8Zk id", "the ID"))
	if got := statusOf(t, msgs); got != "copied the ID to tmux's buffer" || len(msgs) != 1 {
		t.Fatalf("status %q, messages %v (no OSC 52 besides: tmux would keep it twice)", got, msgs)
	}
	args, _ := os.ReadFile(out)
	stdin, _ := os.ReadFile(out + ".stdin")
	if string(args) != "-S /tmp/tmux-0/default load-buffer -w -\n" || string(stdin) != "8Zk id" {
		t.Fatalf("tmux ran with %q, stdin %q", args, stdin)
	}
}

func TestCopyInsideTmuxWithoutTheBinaryIsHonest(t *testing.T) {
	old := lookTmux
	t.Cleanup(func() { lookTmux = old })
	lookTmux = func() (string, error) { return "", os.ErrNotExist }

	cfg := &config.Config{Env: config.Env{Tmux: "/tmp/tmux-0/default,123,0"}}
	msgs := run(Copy(cfg, "abc", "the ID"))
	if got := statusOf(t, msgs); !strings.HasPrefix(got, "sent the ID to the terminal's clipboard (cannot confirm)") ||
		!strings.Contains(got, "not on PATH") {
		t.Fatalf("status %q", got)
	}
	if !sentOSC52(msgs) {
		t.Fatal("no plain OSC 52 besides the passthrough")
	}
	var raw string
	for _, m := range msgs {
		if r, ok := m.(tea.RawMsg); ok {
			raw, _ = r.Msg.(string)
		}
	}
	want := "\x1bPtmux;\x1b\x1b]52;c;" + base64.StdEncoding.EncodeToString([]byte("abc")) + "\a\x1b\\"
	if raw != want {
		t.Fatalf("passthrough %q, want %q", raw, want)
	}
}

func TestCopyReportsTmuxRefusing(t *testing.T) {
	dir := t.TempDir()
	fake := filepath.Join(dir, "tmux")
	if err := os.WriteFile(fake, []byte("#!/bin/sh\necho 'no server running on /x' >&2\nexit 1\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	old := lookTmux
	t.Cleanup(func() { lookTmux = old })
	lookTmux = func() (string, error) { return fake, nil }
	msgs := run(Copy(&config.Config{Env: config.Env{Tmux: "/x,1,0"}}, "abc", "the ID"))
	if got := statusOf(t, msgs); !strings.Contains(got, "cannot confirm") || !strings.Contains(got, "no server running") {
		t.Fatalf("status %q", got)
	}
}

// sentOSC52 reports a tea.SetClipboard among msgs (its type is bubbletea's
// own, unexported).
func sentOSC52(msgs []tea.Msg) bool {
	for _, m := range msgs {
		if fmt.Sprintf("%T", m) == "tea.setClipboardMsg" {
			return true
		}
	}
	return false
}

// TestDownloadURLCopyIsHonest: the download URL goes through Copy, so its
// status does not claim a copy the terminal never confirms.
func TestDownloadURLCopyIsHonest(t *testing.T) {
	t.Parallel()
	d := common.DownloadURLMsg{Version: "1.4.2", URL: "https://cdn.example/a.jar"}
	msgs := run(CopyDownloadURL(&config.Config{}, d))
	if got := statusOf(t, msgs); got != "sent the download URL of 1.4.2 to the terminal's clipboard (cannot confirm)" {
		t.Fatalf("status %q", got)
	}
	if !sentOSC52(msgs) {
		t.Fatal("no OSC 52")
	}
	d.Err = fmt.Errorf("no file")
	for _, m := range run(CopyDownloadURL(&config.Config{}, d)) {
		if _, ok := m.(common.StatusMsg); ok {
			t.Errorf("a failed lookup copied something: %v", m)
		}
	}
}
