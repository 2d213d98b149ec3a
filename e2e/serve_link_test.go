package e2e

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

// TestServeOverASlowLink runs a served session through a link held to
// 3 KB/s, as TestDashboardOverASlowLink does a dashboard under sshd: the
// served session paces its frames by the link (each waits for the client
// to confirm the one before) instead of a fixed 10 a second. A burst of
// keys lands where it should; it logs the bytes, to set beside that
// test's.
func TestServeOverASlowLink(t *testing.T) {
	requireSSHClient(t)
	dir, err := os.MkdirTemp("", "rdash-serve-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	key := newKey(t, filepath.Join(dir, "key_a"))
	s := startServe(t, dir, nil, key)
	ssh, link := throughRelay(t, s.ssh(key, "-tt"), 3*1024)
	tm := startTerm(t, 100, 30, nil, ssh...)
	signInServed(tm, "alice")
	tm.send("Escape")
	tm.waitFor("type a slug or ID to open any project")
	tm.send("/")
	tm.typeText("emberforge-core")
	tm.send("Enter")
	before := tm.waitFor("projects › emberforge-core", "of 1,500")
	rows := versionRows(before)
	if len(rows) < 12 {
		t.Fatalf("too few rows on screen:\n%s", before)
	}
	start := link.quiet(500*time.Millisecond, 10*time.Second)
	keys := make([]string, 10)
	for i := range keys {
		keys[i] = "j"
	}
	tm.send(keys...)
	end := link.quiet(500*time.Millisecond, 20*time.Second)
	t.Logf("served, 3 KB/s link: 10 × j at once cost %d bytes on the link", end-start)
	for range 10 {
		tm.send("k")
		time.Sleep(33 * time.Millisecond) // pacing the input, asserting nothing
	}
	held := link.quiet(500*time.Millisecond, 20*time.Second)
	t.Logf("served, 3 KB/s link: 10 × k held (30/s) cost %d bytes on the link", held-end)
	tm.send("Enter")
	tm.waitFor("emberforge-core › " + rows[0])
	tm.send("q")
	tm.waitFor("EXIT=")
}
