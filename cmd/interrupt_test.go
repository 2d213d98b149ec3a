package cmd

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"

	"rdash/api"
	"rdash/api/sandbox"
)

// TestEditCountsAsThePreviewDoes: versions that already have the values
// are not sent, and the results count them apart, as the preview does.
func TestEditCountsAsThePreviewDoes(t *testing.T) {
	t.Parallel()
	c := newCLI(t, "alice", sandbox.Options{})
	// 1.0.0 has bukkit; 1.1.0 and 1.2.0-beta.1 do not.
	r := c.run("", "versions", "edit", "lumen", "--ids", "13ubedvV,NMpyYgF1,ZeQwbCa6", "--add-platform", "bukkit", "--yes")
	if r.code != 0 {
		t.Fatalf("exit %d\n%s\n%s", r.code, r.out, r.err)
	}
	for _, want := range []string{"3 versions, 2 of them change", "3 versions: 2 updated, 1 already so (not sent), 0 failed"} {
		if !strings.Contains(r.out, want) {
			t.Errorf("output lacks %q:\n%s", want, r.out)
		}
	}
	if strings.Contains(r.out, "updated      13ubedvV") {
		t.Errorf("a version already so is reported updated:\n%s", r.out)
	}
	r = c.run("", "versions", "undo", "--yes")
	if r.code != 0 || !strings.Contains(r.out, "2 versions, 2 of them change") || !strings.Contains(r.out, "2 versions: 2 restored, 0 failed") {
		t.Fatalf("undo: exit %d\n%s\n%s", r.code, r.out, r.err)
	}
}

// cancelGate lets the first `pass` bulk PATCHes through and holds the
// next ones; once it holds as many as the client sends at once, every
// request slot is taken, so the passed ones have surely been answered:
// it cancels the command then (Ctrl+C) and lets everything through.
type cancelGate struct {
	next   http.Handler
	pass   int
	cancel context.CancelFunc

	mu           sync.Mutex
	passed, held []int // the IDs in each request let through, held
	open         bool
}

func (g *cancelGate) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	ids := r.URL.Query().Get("ids")
	if r.Method != http.MethodPatch || ids == "" {
		g.next.ServeHTTP(w, r)
		return
	}
	n := strings.Count(ids, ",") + 1
	g.mu.Lock()
	if g.open || len(g.passed) < g.pass {
		if !g.open {
			g.passed = append(g.passed, n)
		}
		g.mu.Unlock()
		g.next.ServeHTTP(w, r)
		return
	}
	g.held = append(g.held, n)
	if len(g.held) == api.DefaultConcurrency {
		g.open = true
		g.cancel()
	}
	g.mu.Unlock()
	<-r.Context().Done() // the client hangs up, cancelled; the change is never made
}

func sum(ns []int) int {
	s := 0
	for _, n := range ns {
		s += n
	}
	return s
}

// TestInterruptedEditSaysWhatHappened: Ctrl+C while an edit of 700
// versions is sending (2 parts applied, 4 under way, 1 not sent yet)
// exits 2 and counts each kind, and undo reverts exactly the applied.
func TestInterruptedEditSaysWhatHappened(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	g := &cancelGate{pass: 2, cancel: cancel}
	c := newCLIBehind(t, "alice", sandbox.Options{}, func(next http.Handler) http.Handler {
		g.next = next
		return g
	})
	var ids []string
	before := map[string][]string{}
	for _, v := range listIDs(t, c, "emberforge-core", "--all", "--page-size", "100") {
		if !slices.Contains(v.Platforms, "datapack") && len(ids) < 700 {
			ids = append(ids, v.ID)
			before[v.ID] = v.Platforms
		}
	}
	r := c.runCtx(ctx, "versions", "edit", "emberforge-core", "--ids", strings.Join(ids, ","), "--add-platform", "datapack", "--yes")
	g.mu.Lock()
	applied, underWay := sum(g.passed), sum(g.held)
	g.mu.Unlock()
	if len(g.passed) != 2 || len(g.held) != api.DefaultConcurrency {
		t.Fatalf("the gate let %d parts through and held %d", len(g.passed), len(g.held))
	}
	want := fmt.Sprintf("interrupted: %d updated, %d not sent, %d unknown (cut off while being sent); `rdash versions undo` reverts the updated ones",
		applied, len(ids)-applied-underWay, underWay)
	if r.code != ExitCancel || !strings.Contains(r.err, want) {
		t.Fatalf("exit %d, stderr %q; want exit 2 and %q", r.code, r.err, want)
	}
	if strings.Contains(r.err, "--ids") {
		t.Errorf("an interrupted edit asks for IDs to be pasted back: %q", r.err)
	}
	c.ok("versions", "undo", "--yes")
	for _, v := range listIDs(t, c, "emberforge-core", "--all", "--page-size", "100") {
		if old, ok := before[v.ID]; ok && !slices.Equal(v.Platforms, old) {
			t.Fatalf("%s after the undo: %v, want %v", v.ID, v.Platforms, old)
		}
	}
}
