package e2e

import (
	"bufio"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

const sshUser = "rdash-e2e"

// requireSSH skips unless the test can add a user and run sshd; CI sets
// RDASH_REQUIRE_SSH=1, which turns the skip into a failure.
func requireSSH(t *testing.T) {
	t.Helper()
	requireE2E(t)
	_, err := os.Stat("/usr/sbin/sshd")
	if os.Geteuid() == 0 && err == nil {
		return
	}
	msg := "the SSH run needs root and /usr/sbin/sshd (apt-get install openssh-server openssh-client)"
	if os.Getenv("RDASH_REQUIRE_SSH") == "1" {
		t.Fatal(msg)
	}
	t.Skip(msg)
}

// startSSHD runs sshd on a free loopback port for sshUser, with a fresh
// home, and returns the ssh command that logs in (shared/RECIPES.md §3).
func startSSHD(t *testing.T) []string {
	t.Helper()
	// Not t.TempDir: its parent is 0700, and sshd reads the keys as the user.
	d, err := os.MkdirTemp("", "rdash-sshd-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(d) })
	must := func(name string, args ...string) {
		t.Helper()
		if out, err := exec.Command(name, args...).CombinedOutput(); err != nil {
			t.Fatalf("%s %v: %v\n%s", name, args, err, out)
		}
	}
	if exec.Command("id", sshUser).Run() != nil {
		must("useradd", "-m", "-s", "/bin/sh", sshUser)
	}
	must("usermod", "-p", "*", sshUser) // a locked account cannot log in even by key
	home := "/home/" + sshUser
	must("rm", "-rf", filepath.Join(home, ".config"), filepath.Join(home, ".local"))
	must("mkdir", "-p", "/run/sshd")
	must("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", filepath.Join(d, "host_key"))
	must("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", filepath.Join(d, "user_key"))
	must("cp", filepath.Join(d, "user_key.pub"), filepath.Join(d, "authorized_keys"))
	must("chmod", "755", d)
	must("chmod", "644", filepath.Join(d, "authorized_keys"))
	port := freePort(t)
	conf := fmt.Sprintf(`ListenAddress 127.0.0.1
Port %d
HostKey %s/host_key
PidFile %s/sshd.pid
AuthorizedKeysFile %s/authorized_keys
StrictModes no
PasswordAuthentication no
KbdInteractiveAuthentication no
UsePAM no
X11Forwarding no
AllowUsers %s
`, port, d, d, d, sshUser)
	if err := os.WriteFile(filepath.Join(d, "sshd_config"), []byte(conf), 0o644); err != nil {
		t.Fatal(err)
	}
	sshd := exec.Command("/usr/sbin/sshd", "-D", "-f", filepath.Join(d, "sshd_config"), "-E", filepath.Join(d, "sshd.log"))
	if err := sshd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = sshd.Process.Kill(); _ = sshd.Wait() })
	ssh := []string{"ssh", "-i", filepath.Join(d, "user_key"), "-p", fmt.Sprint(port),
		"-o", "BatchMode=yes", "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null",
		"-o", "LogLevel=ERROR", "-o", "ConnectTimeout=5", sshUser + "@127.0.0.1"}
	for i := 0; ; i++ {
		if exec.Command(ssh[0], append(ssh[1:], "true")...).Run() == nil {
			return ssh
		}
		if i == 50 {
			log, _ := os.ReadFile(filepath.Join(d, "sshd.log"))
			t.Fatalf("cannot log in over SSH; sshd.log:\n%s", log)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

func freePort(t *testing.T) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// startSandbox runs `rdash sandbox` and returns its RDASH_* settings.
func startSandbox(t *testing.T, args ...string) []string {
	t.Helper()
	cmd := exec.Command(bin, append([]string{"sandbox"}, args...)...)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	var env []string
	sc := bufio.NewScanner(out)
	for len(env) < 4 && sc.Scan() {
		env = append(env, sc.Text())
	}
	if len(env) < 4 {
		t.Fatalf("rdash sandbox printed %q", env)
	}
	return env
}

var authorizeURL = regexp.MustCompile(`http://127\.0\.0\.1:\d+/auth/oauth/authorize\?\S+`)

// TestSignInOverSSH signs in on a remote box the way a user over SSH does:
// no browser and no keyring there, so rdash prints the URL, a browser
// elsewhere approves, and the pasted address finishes the sign-in; the
// token goes to the plain-text file only after a yes.
func TestSignInOverSSH(t *testing.T) {
	requireSSH(t)
	ssh := startSSHD(t)
	env := startSandbox(t, "--approve-as", "dave")
	remote := func(args ...string) []string {
		return append(append(append(ssh, "-tt", "env"), env...), append([]string{bin}, args...)...)
	}

	tm := startTerm(t, 100, 30, nil, remote("auth", "login")...)
	tm.waitFor("Store the token in plain text?", "Yes", "No")
	tm.send("y") // the question's key for yes: it answers at once
	screen := tm.waitForJoined("Open this URL in a browser on any machine")
	u := authorizeURL.FindString(screen)
	if u == "" {
		t.Fatalf("no authorize URL on screen:\n%s", screen)
	}
	resp, err := http.Get(u) // the browser elsewhere, where the user approves
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	tm.typeText(resp.Request.URL.String())
	tm.send("Enter")
	tm.waitFor("as dave", "plain text", "EXIT=0")

	st := startTerm(t, 100, 30, nil, remote("auth", "status")...)
	st.waitFor("dave", "tokens.json", "EXIT=0")

	dash := startTerm(t, 100, 30, nil, remote()...)
	dash.waitFor("rdash › projects", "@dave")
	// Signed out from the account screen, the sign-in screen cuts the URL
	// at the width; u prints it on one line of the released terminal,
	// which tmux wraps softly (capture-pane -J joins it back).
	// Each key only once the screen takes it: "account" is on the
	// picker's help line too, and s, y and enter do nothing on the
	// account screen until it has loaded the account (the help then
	// offers s), asked (y sign out), and reloaded after the sign-out
	// (enter sign in); a key sent sooner was dropped on a loaded machine.
	dash.send("@")
	dash.waitFor("Account on", "s sign out")
	dash.send("s")
	dash.waitFor("y sign out")
	dash.send("y")
	dash.waitFor("Signed out: removed the token", "Press enter to sign in")
	dash.send("Enter")
	dash.waitFor("Store it there?") // no keyring over SSH: the plain-text file, again
	dash.send("y")
	dash.waitGone("Store it there?")
	// The screen's lines joined: the URL runs on into the next sentence.
	onScreen := authorizeURL.FindString(strings.ReplaceAll(dash.waitForJoined("on any machine"), "\n", ""))
	dash.send("u")
	joined := dash.waitForJoined("The sign-in address, on one line:")
	if got := authorizeURL.FindString(joined); !strings.Contains(got, "&state=") || !strings.HasPrefix(onScreen, got) {
		t.Fatalf("u printed %q, the screen showed %q:\n%s", got, onScreen, joined)
	}
	dash.send("Enter")
	dash.waitFor("on any machine")
	dash.send("q")
	dash.waitFor("EXIT=0")

	if out, _ := exec.Command("pgrep", "-u", sshUser, "dbus-daemon").Output(); len(out) > 0 {
		t.Fatalf("a D-Bus daemon was left running for %s: %s", sshUser, strings.TrimSpace(string(out)))
	}
}

// throughRelay is the ssh command with its port swapped for a relay's, at
// bytesPerSec.
func throughRelay(t *testing.T, ssh []string, bytesPerSec int) ([]string, *relay) {
	t.Helper()
	out := append([]string(nil), ssh...)
	for i := range out[:len(out)-1] {
		if out[i] == "-p" {
			r := startRelay(t, "127.0.0.1:"+out[i+1], bytesPerSec)
			_, port, _ := net.SplitHostPort(r.addr)
			out[i+1] = port
			return out, r
		}
	}
	t.Fatalf("no -p in %v", ssh)
	return nil, nil
}

// versionRows are the version strings of the table's rows on screen, top
// to bottom.
func versionRows(screen string) []string {
	var rows []string
	for _, l := range strings.Split(screen, "\n") {
		if f := strings.Fields(l); len(f) > 1 && regexp.MustCompile(`^\d+\.\d+\.\d+`).MatchString(f[0]) {
			rows = append(rows, f[0])
		}
	}
	return rows
}

// TestDashboardOverASlowLink runs the dashboard over SSH through a link
// held to 3 KB/s, as from a remote box on a bad line: a burst of keys (a
// held j) and a held k must each land where they should, and q must still
// end it cleanly. It logs the bytes each key cost. 13 j then 10 k put
// the cursor on the fourth row: any key dropped or doubled opens another.
func TestDashboardOverASlowLink(t *testing.T) {
	requireSSH(t)
	ssh, link := throughRelay(t, startSSHD(t), 3*1024)
	tm := startTerm(t, 100, 30, nil, append(append(ssh, "-tt"), bin, "demo", "--project", "emberforge-core")...)
	before := tm.waitFor("projects › emberforge-core", "of 1,500")
	rows := versionRows(before)
	if len(rows) < 14 {
		t.Fatalf("too few rows on screen:\n%s", before)
	}
	paneLog := filepath.Join(t.TempDir(), "pane.log")
	if out, err := exec.Command("tmux", "-L", tm.sock, "pipe-pane", "-o", "-t", "main", "cat >> "+shellQuote(paneLog)).CombinedOutput(); err != nil {
		t.Fatalf("pipe-pane: %v\n%s", err, out)
	}
	drawn := func() int64 {
		fi, _ := os.Stat(paneLog)
		if fi == nil {
			return 0
		}
		return fi.Size()
	}
	start := link.quiet(500*time.Millisecond, 10*time.Second)
	startDrawn := drawn()
	keys := make([]string, 13)
	for i := range keys {
		keys[i] = "j"
	}
	tm.send(keys...) // a held key: 13 presses at once
	end := link.quiet(500*time.Millisecond, 20*time.Second)
	endDrawn := drawn()
	t.Logf("3 KB/s link: 13 × j at once cost %d bytes on the link, %d drawn", end-start, endDrawn-startDrawn)
	// Held down, a key repeats about 30 times a second: every frame the
	// renderer draws between two presses is sent, so fewer frames a second
	// over SSH (ui.ProgramOptions) cost fewer bytes.
	for range 10 {
		tm.send("k")
		time.Sleep(33 * time.Millisecond) // pacing the input, asserting nothing
	}
	held := link.quiet(500*time.Millisecond, 20*time.Second)
	t.Logf("3 KB/s link: 10 × k held (30/s) cost %d bytes on the link, %d drawn", held-end, drawn()-endDrawn)
	tm.send("Enter")
	opened := regexp.MustCompile(`emberforge-core › (\S+)`).FindStringSubmatch(tm.waitFor("emberforge-core › "))
	if opened == nil || opened[1] != rows[3] {
		t.Fatalf("opened %q, not the fourth row %s: keys were lost or doubled on the way", opened, rows[3])
	}
	tm.send("q")
	tm.waitFor("EXIT=0")
}

// TestDumbTerminalOverSSH: with TERM=dumb on the client (ssh passes it on)
// the dashboard draws without colour but keeps the cursor visible, with
// reverse video and a marker, and still quits cleanly.
func TestDumbTerminalOverSSH(t *testing.T) {
	requireSSH(t)
	ssh := startSSHD(t)
	tm := startTerm(t, 100, 30, nil, append(append([]string{"env", "TERM=dumb"}, append(ssh, "-tt")...), bin, "demo")...)
	tm.waitFor("YOUR PROJECTS")
	out, err := exec.Command("tmux", "-L", tm.sock, "capture-pane", "-p", "-e", "-t", "main").Output()
	if err != nil {
		t.Fatal(err)
	}
	screen := string(out)
	if strings.Contains(screen, "\x1b[38;") || strings.Contains(screen, "\x1b[48;") {
		t.Fatalf("TERM=dumb: colours drawn:\n%q", screen)
	}
	if !strings.Contains(screen, "\x1b[7m") || !strings.Contains(tm.screen(), "> ") {
		t.Fatalf("TERM=dumb: the cursor row is not marked:\n%q", screen)
	}
	tm.send("j", "Enter")
	tm.waitFor("projects › ")
	tm.send("q")
	tm.waitFor("EXIT=0")
}
