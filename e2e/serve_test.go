package e2e

import (
	"bufio"
	"encoding/json"
	"fmt"
	"html"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"rdash/internal/bulk"
	"rdash/internal/testwait"
)

// requireSSHClient skips unless OpenSSH's client and ssh-keygen are on
// PATH; CI installs them (RDASH_REQUIRE_SSH=1 turns the skip into a
// failure). Unlike requireSSH no root is needed: rdash serve is the server.
func requireSSHClient(t *testing.T) {
	t.Helper()
	requireE2E(t)
	for _, name := range []string{"ssh", "ssh-keygen"} {
		if _, err := exec.LookPath(name); err != nil {
			msg := "rdash serve's test needs OpenSSH's client: apt-get install openssh-client"
			if os.Getenv("RDASH_REQUIRE_SSH") == "1" {
				t.Fatal(msg)
			}
			t.Skip(msg)
		}
	}
}

// served is one `rdash serve --demo` on loopback.
type served struct {
	t    *testing.T
	dir  string // its HOME, config and state
	port int
	ak   string // the authorized_keys file
	log  string // its JSON log
	pid  int    // its process
}

// startServe runs rdash serve --demo on a free loopback port with a fresh
// HOME, allowing the public keys of keys.
func startServe(t *testing.T, dir string, flags []string, keys ...string) *served {
	t.Helper()
	s := &served{t: t, dir: dir, port: freePort(t), ak: filepath.Join(dir, "authorized_keys"), log: filepath.Join(dir, "serve.log")}
	s.allow(keys...)
	args := append([]string{"serve", "--demo", "--addr", fmt.Sprintf("127.0.0.1:%d", s.port),
		"--authorized-keys", s.ak, "--log", s.log, "--shutdown-grace", "2s",
		"--token-store", "sealed"}, flags...) // the same store whether or not the runner has a keyring
	cmd := exec.Command(bin, args...)
	cmd.Env = append(os.Environ(), "HOME="+dir, "XDG_CONFIG_HOME="+filepath.Join(dir, "config"),
		"XDG_STATE_HOME="+filepath.Join(dir, "state"), "RDASH_CONFIG_DIR=", "RDASH_STATE_DIR=", "RDASH_TOKEN=",
		"RDASH_SERVE_HEAPPROFILE="+filepath.Join(dir, "heap.pprof")) // for held: SIGUSR1 logs the live heap
	out, err := os.Create(filepath.Join(dir, "serve.out"))
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stdout, cmd.Stderr = out, out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	s.pid = cmd.Process.Pid
	t.Cleanup(func() {
		_ = cmd.Process.Signal(syscall.SIGTERM)
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		select {
		case <-done:
		case <-time.After(testwait.Limit(t)):
			_ = cmd.Process.Kill()
			<-done
			t.Errorf("rdash serve did not stop after SIGTERM before the test's deadline")
		}
		out.Close()
	})
	for i := 0; ; i++ {
		c, err := net.Dial("tcp", fmt.Sprintf("127.0.0.1:%d", s.port))
		if err == nil {
			c.Close()
			return s
		}
		if i == 100 {
			b, _ := os.ReadFile(filepath.Join(dir, "serve.out"))
			t.Fatalf("rdash serve is not listening: %v\n%s", err, b)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// allow rewrites the authorized_keys file to hold the public keys of keys.
func (s *served) allow(keys ...string) {
	s.t.Helper()
	var b strings.Builder
	for _, k := range keys {
		pub, err := os.ReadFile(k + ".pub")
		if err != nil {
			s.t.Fatal(err)
		}
		b.Write(pub)
	}
	tmp := s.ak + ".tmp"
	if err := os.WriteFile(tmp, []byte(b.String()), 0o600); err != nil {
		s.t.Fatal(err)
	}
	if err := os.Rename(tmp, s.ak); err != nil {
		s.t.Fatal(err)
	}
}

// ssh is the OpenSSH command line that connects with key.
func (s *served) ssh(key string, extra ...string) []string {
	return append([]string{"ssh", "-i", key, "-p", fmt.Sprint(s.port), "-o", "IdentitiesOnly=yes",
		"-o", "BatchMode=yes", "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null",
		"-o", "LogLevel=ERROR", "-o", "ConnectTimeout=5"}, append(extra, "127.0.0.1")...)
}

// logged returns the log lines whose msg is msg.
func (s *served) logged(msg string) []map[string]any {
	s.t.Helper()
	f, err := os.Open(s.log)
	if err != nil {
		s.t.Fatal(err)
	}
	defer f.Close()
	var out []map[string]any
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var m map[string]any
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
			s.t.Fatalf("log line is not JSON: %q", sc.Text())
		}
		if m["msg"] == msg {
			out = append(out, m)
		}
	}
	return out
}

func newKey(t *testing.T, path string) string {
	t.Helper()
	if out, err := exec.Command("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", filepath.Base(path), "-f", path).CombinedOutput(); err != nil {
		t.Fatalf("ssh-keygen: %v\n%s", err, out)
	}
	return path
}

func fingerprint(t *testing.T, key string) string {
	t.Helper()
	out, err := exec.Command("ssh-keygen", "-l", "-E", "sha256", "-f", key+".pub").Output()
	if err != nil {
		t.Fatal(err)
	}
	return strings.Fields(string(out))[1]
}

// keyDirs are the key directories under the state root (beside them is
// the record of the allow-lists the server started with).
func keyDirs(root string) ([]os.DirEntry, error) {
	all, err := os.ReadDir(root)
	var dirs []os.DirEntry
	for _, e := range all {
		if e.IsDir() {
			dirs = append(dirs, e)
		}
	}
	return dirs, err
}

var hiddenInput = regexp.MustCompile(`<input type="hidden" name="([^"]+)" value="([^"]*)">`)

// approveAs plays the user's browser on the sandbox's consent page:
// choose user, Authorize, and return the address the browser ends on,
// which shows the code.
func approveAs(t *testing.T, authorize, user string) string {
	t.Helper()
	resp, err := http.Get(authorize)
	if err != nil {
		t.Fatal(err)
	}
	var page strings.Builder
	_, _ = bufio.NewReader(resp.Body).WriteTo(&page)
	resp.Body.Close()
	form := url.Values{"user": {user}, "decision": {"approve"}}
	for _, m := range hiddenInput.FindAllStringSubmatch(page.String(), -1) {
		form.Set(html.UnescapeString(m[1]), html.UnescapeString(m[2]))
	}
	if form.Get("state") == "" {
		t.Fatalf("no consent form at %s:\n%s", authorize, page.String())
	}
	u, _ := url.Parse(authorize)
	u.RawQuery = ""
	resp, err = http.PostForm(u.String(), form)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if !strings.Contains(resp.Request.URL.RawQuery, "code=") {
		t.Fatalf("consent ended on %s, with no code", resp.Request.URL)
	}
	return resp.Request.URL.String()
}

// signInServed signs a fresh session in as user by the paste-the-code
// flow: the account screen, the address on one line, the consent page in
// "a browser elsewhere", the pasted address.
func signInServed(tm *term, user string) {
	tm.t.Helper()
	tm.waitFor("rdash › projects")
	tm.send("@")
	tm.waitFor("Press enter to sign in")
	tm.send("Enter")
	tm.waitFor("Then paste the code")
	tm.send("u")
	joined := tm.waitForJoined("The sign-in address, on one line:")
	authorize := authorizeURL.FindString(joined)
	if authorize == "" {
		tm.t.Fatalf("no authorize URL on screen:\n%s", joined)
	}
	tm.send("Enter")
	tm.waitFor("Then paste the code")
	final := approveAs(tm.t, authorize, user)
	tm.send("Enter")
	tm.typeText(final)
	tm.send("Enter")
	tm.waitFor("@" + user)
}

// TestServeOverSSH serves the demo to two keys with OpenSSH's client:
// each signs in by pasting a code, as a different seeded user; one
// bulk-edits, the other accepts an invitation; neither sees the other's
// tokens, state or journal; a reconnect needs no second sign-in; an
// unknown key is refused; a resize reaches the dashboard; removing a key
// from the allow-list ends its session.
func TestServeOverSSH(t *testing.T) {
	requireSSHClient(t)
	// Not t.TempDir (its name is long, and the log is read after the
	// server stops in Cleanup, which runs before TempDir's removal anyway).
	dir, err := os.MkdirTemp("", "rdash-serve-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	keyA, keyB := newKey(t, filepath.Join(dir, "key_a")), newKey(t, filepath.Join(dir, "key_b"))
	stranger := newKey(t, filepath.Join(dir, "key_stranger"))
	s := startServe(t, dir, nil, keyA, keyB)

	// An unknown key is refused before any session.
	out, err := exec.Command(s.ssh(stranger, "-tt")[0], s.ssh(stranger, "-tt")[1:]...).CombinedOutput()
	if err == nil || !strings.Contains(string(out), "Permission denied (publickey)") {
		t.Fatalf("an unknown key got in (err %v):\n%s", err, out)
	}
	if refused := s.logged("key refused"); len(refused) != 1 || refused[0]["key"] != fingerprint(t, stranger) {
		t.Fatalf("the log's refusals: %v", refused)
	}

	a := startTerm(t, 100, 30, nil, s.ssh(keyA, "-tt")...)
	signInServed(a, "alice")
	// The account screen names the server's store, not the user's own
	// keyring.
	if screen := a.waitFor("Token stored in", "sealed token file"); strings.Contains(screen, "system keyring") {
		t.Fatalf("a served session's account screen:\n%s", screen)
	}
	// Key B at 80x24: the client's size from the start.
	b := startTerm(t, 80, 24, nil, s.ssh(keyB, "-tt")...)
	signInServed(b, "dave")
	if lines := strings.Split(strings.TrimRight(b.screen(), "\n"), "\n"); len(lines) != 24 || !strings.Contains(lines[23], "quit") {
		t.Fatalf("at 80x24 the help line is not on row 24:\n%s", b.screen())
	}

	// A bulk edit as alice, over key A.
	a.send("Escape")
	a.waitFor("YOUR PROJECTS", "lumen")
	a.send("/")
	a.typeText("lumen")
	a.send("Enter")
	a.waitFor("projects › lumen", "25 of 25")
	a.send("Space", "Space", "Space")
	a.waitFor("3 marked")
	a.send("e")
	a.waitFor("Edit 3 versions of lumen")
	a.send("Right", "Right")
	a.waitFor("‹ beta", "1 field set")
	a.send("Enter")
	a.waitFor("Preview: 2 versions of lumen")
	a.send("Enter")
	a.waitFor("Results: 2 versions of lumen", "2 updated")

	// An invitation accepted as dave, over key B.
	b.send("Escape")
	b.waitFor("type a slug or ID to open any project")
	b.send("i")
	b.waitFor("ORGANIZATIONS")
	b.send("o")
	b.typeText("emberforge")
	b.send("Enter")
	b.waitFor("you may have an invitation here")
	b.send("a")
	b.waitFor("Accept")
	b.send("y")
	b.waitFor("accepted: answered with success; not checked: you may not list its invitations")

	// A resize reaches the dashboard over SSH: at 120x40 the help line is
	// on row 40.
	if out, err := exec.Command("tmux", "-L", a.sock, "resize-window", "-t", "main", "-x", "120", "-y", "40").CombinedOutput(); err != nil {
		t.Fatalf("resize-window: %v\n%s", err, out)
	}
	deadline := time.Now().Add(testwait.Limit(t))
	for {
		lines := strings.Split(strings.TrimRight(a.screen(), "\n"), "\n")
		if len(lines) == 40 && strings.Contains(lines[39], "q quit") {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("after a resize to 120x40 the help line is not on row 40:\n%s", a.screen())
		}
		time.Sleep(50 * time.Millisecond)
	}

	a.send("Escape")
	a.waitFor("25 of 25")

	// Copy reaches the client's terminal as OSC 52: the served session
	// has no tmux of its own, and the client's tmux, told to take
	// clipboard escapes, makes a buffer of it.
	if out, err := exec.Command("tmux", "-L", a.sock, "set-option", "-s", "set-clipboard", "on").CombinedOutput(); err != nil {
		t.Fatalf("set-clipboard: %v\n%s", err, out)
	}
	a.send("Enter")
	screen := a.waitFor("projects › lumen ›", "ID")
	id := regexp.MustCompile(`ID\s+(\S+)`).FindStringSubmatch(screen)
	if id == nil {
		t.Fatalf("no ID on the detail:\n%s", screen)
	}
	a.send("y")
	a.waitFor("to the terminal's clipboard")
	deadline = time.Now().Add(testwait.Limit(t))
	for {
		out, _ := exec.Command("tmux", "-L", a.sock, "show-buffer").Output()
		if strings.TrimSpace(string(out)) == id[1] {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the client's tmux buffer holds %q, want the ID %q", out, id[1])
		}
		time.Sleep(50 * time.Millisecond)
	}
	a.send("Escape")
	a.waitFor("25 of 25")
	a.send("q")
	a.waitFor("EXIT=0")
	b.send("Escape")
	b.waitFor("type a slug or ID to open any project")
	b.send("q")
	b.waitForJoined("EXIT=0") // after a full last line at 80 columns, EXIT= wraps

	// Each key's state is its own: alice's journal and recent project
	// under key A's directory only; no token in plain text anywhere.
	root := filepath.Join(dir, "state", "rdash", "serve")
	entries, err := keyDirs(root)
	if err != nil || len(entries) != 2 {
		t.Fatalf("want two key directories under %s, got %v (%v)", root, entries, err)
	}
	var withJournal, withLumen int
	for _, e := range entries {
		kd := filepath.Join(root, e.Name())
		if info, err := os.Stat(kd); err != nil || info.Mode().Perm() != 0o700 {
			t.Fatalf("%s: %v, mode %v; want 0700", kd, err, info.Mode())
		}
		if js, _ := os.ReadDir(filepath.Join(kd, "journal")); len(js) > 0 {
			withJournal++
		}
		if st, _ := os.ReadFile(filepath.Join(kd, "state.json")); strings.Contains(string(st), "lumen") {
			withLumen++
		}
		if _, err := os.Stat(filepath.Join(kd, "tokens.json")); err == nil {
			t.Fatalf("%s holds a plain-text token file", kd)
		}
		if _, err := os.Stat(filepath.Join(kd, "tokens.sealed")); err != nil {
			t.Fatalf("%s has no sealed token store: %v", kd, err)
		}
	}
	if withJournal != 1 || withLumen != 1 {
		t.Fatalf("journals in %d key directories and lumen remembered in %d; want 1 and 1", withJournal, withLumen)
	}

	// A second session of key B is signed in as dave at once, and has no
	// recent project: dave opened none, and alice's lumen is key A's.
	b2 := startTerm(t, 100, 30, nil, s.ssh(keyB, "-tt")...)
	screen = b2.waitFor("@dave", "i invitations")
	if strings.Contains(screen, "RECENT") {
		t.Fatalf("key B's session shows a recent project:\n%s", screen)
	}
	// Key A's next session does, as the picker's section shows.
	a2 := startTerm(t, 100, 30, nil, s.ssh(keyA, "-tt")...)
	a2.waitFor("@alice", "RECENT")
	a2.send("q")
	a2.waitFor("EXIT=0")

	// Removing key B from the allow-list ends its session within seconds.
	s.allow(keyA)
	b2.waitFor("session ended: key removed from the allow-list", "EXIT=")
	out, err = exec.Command(s.ssh(keyB, "-tt")[0], s.ssh(keyB, "-tt")[1:]...).CombinedOutput()
	if err == nil || !strings.Contains(string(out), "Permission denied (publickey)") {
		t.Fatalf("a removed key got in (err %v):\n%s", err, out)
	}

	// Who did what, without a token.
	log, err := os.ReadFile(s.log)
	if err != nil {
		t.Fatal(err)
	}
	signedIn := map[string]any{}
	for _, l := range s.logged("signed in") {
		signedIn[fmt.Sprint(l["account"])] = l["key"]
	}
	if signedIn["alice"] != fingerprint(t, keyA) || signedIn["dave"] != fingerprint(t, keyB) {
		t.Errorf("the log's sign-ins by key: %v", signedIn)
	}
	if bulk := s.logged("bulk edit"); len(bulk) != 1 || bulk[0]["key"] != fingerprint(t, keyA) || bulk[0]["project"] != "lumen" ||
		fmt.Sprint(bulk[0]["outcomes"]) != "map[updated:2]" {
		t.Errorf("the log's bulk edits: %v", bulk)
	}
	if opened := s.logged("project opened"); len(opened) != 1 || opened[0]["key"] != fingerprint(t, keyA) || opened[0]["project"] != "lumen" {
		t.Errorf("the log's opened projects: %v", opened)
	}
	for _, want := range []string{`"msg":"session end"`, `"why":"key removed from the allow-list"`} {
		if !strings.Contains(string(log), want) {
			t.Errorf("the log lacks %s:\n%s", want, log)
		}
	}
	if strings.Contains(string(log), "access_token") || regexp.MustCompile(`"(token|refresh_token)":`).Match(log) {
		t.Errorf("the log holds a token:\n%s", log)
	}
}

// TestServeDisconnectMidBulkEdit drops the SSH client while a bulk edit's
// request is in flight (the demo's sandbox answers slowly): the server
// logs the session's end, the key's journal holds the edit (written
// before anything was sent: what was asked, and the versions as they
// were, so the outcome can be checked and undone), and the key's next
// session is signed in at once and finds the edit in the journal.
func TestServeDisconnectMidBulkEdit(t *testing.T) {
	requireSSHClient(t)
	dir, err := os.MkdirTemp("", "rdash-serve-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	key := newKey(t, filepath.Join(dir, "key_a"))
	s := startServe(t, dir, []string{"--demo-latency", "400ms"}, key)

	a := startTerm(t, 100, 30, nil, s.ssh(key, "-tt")...)
	signInServed(a, "alice")
	a.send("Escape")
	a.waitFor("YOUR PROJECTS", "lumen")
	a.send("/")
	a.typeText("lumen")
	a.send("Enter")
	a.waitFor("projects › lumen", "25 of 25")
	a.send("Space", "Space", "Space")
	a.waitFor("3 marked")
	a.send("e")
	a.waitFor("Edit 3 versions of lumen")
	a.send("Right", "Right")
	a.waitFor("‹ beta", "1 field set")
	a.send("Enter")
	a.waitFor("Preview: 2 versions of lumen")

	entries, err := keyDirs(filepath.Join(dir, "state", "rdash", "serve"))
	if err != nil || len(entries) != 1 {
		t.Fatalf("key directories: %v, %v", entries, err)
	}
	journal := filepath.Join(dir, "state", "rdash", "serve", entries[0].Name(), "journal")
	a.send("Enter")
	// The journal entry is written before the request is sent; the client
	// goes as soon as it is there, with the request in flight. Only a
	// finished entry counts: one being written is a temporary file.
	var written []string
	deadline := time.Now().Add(testwait.Limit(t))
	for len(written) == 0 {
		if time.Now().After(deadline) {
			t.Fatalf("no journal entry in %s after applying; screen:\n%s", journal, a.screen())
		}
		time.Sleep(20 * time.Millisecond)
		written = journalEntries(journal)
	}
	if out, err := exec.Command("tmux", "-L", a.sock, "kill-server").CombinedOutput(); err != nil {
		t.Fatalf("kill-server: %v\n%s", err, out)
	}
	deadline = time.Now().Add(testwait.Limit(t))
	for len(s.logged("session end")) == 0 {
		if time.Now().After(deadline) {
			t.Fatal("the server did not log the end of the dropped session")
		}
		time.Sleep(50 * time.Millisecond)
	}
	// The job, cancelled with the session, writes the outcomes it knows:
	// "unknown" for a request cut off in flight (the server may have
	// applied it), "updated" for one answered before.
	var entry struct {
		Kind     string
		Before   []json.RawMessage
		Outcomes []struct{ Status, Error string }
	}
	var b []byte
	deadline = time.Now().Add(testwait.Limit(t))
	for {
		b, err = os.ReadFile(filepath.Join(journal, written[0]+".json"))
		if err == nil && json.Unmarshal(b, &entry) == nil && len(entry.Outcomes) > 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the journal entry has no outcome after the drop (%v):\n%s", err, b)
		}
		time.Sleep(50 * time.Millisecond)
	}
	if entry.Kind != "edit" || len(entry.Before) != 2 || len(entry.Outcomes) != 2 {
		t.Fatalf("the journal entry:\n%s", b)
	}
	for _, o := range entry.Outcomes {
		if o.Status != "unknown" && o.Status != "updated" {
			t.Fatalf("outcome %q (%s) after a dropped session:\n%s", o.Status, o.Error, b)
		}
	}

	again := startTerm(t, 100, 30, nil, s.ssh(key, "-tt")...)
	again.waitFor("@alice")
}

// journalEntries are the IDs of the finished entries in the journal
// directory dir, as rdash lists them (bulk.EntryID).
func journalEntries(dir string) []string {
	des, _ := os.ReadDir(dir)
	var ids []string
	for _, de := range des {
		if id, ok := bulk.EntryID(de.Name()); ok {
			ids = append(ids, id)
		}
	}
	return ids
}
