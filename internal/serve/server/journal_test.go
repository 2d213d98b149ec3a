package server

import (
	"bytes"
	"encoding/json"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"rdash/api"
	"rdash/config"
	"rdash/internal/bulk"
)

func logLines(t *testing.T, b *bytes.Buffer) []map[string]any {
	t.Helper()
	var out []map[string]any
	for _, l := range strings.Split(strings.TrimSpace(b.String()), "\n") {
		if l == "" {
			continue
		}
		var m map[string]any
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatalf("not JSON: %q", l)
		}
		out = append(out, m)
	}
	b.Reset()
	return out
}

func TestJournalLog(t *testing.T) {
	dir := t.TempDir()
	j := bulk.Journal{Dir: bulk.JournalDir(dir)}
	old := &bulk.Entry{ID: "20261125T000000.000000000Z-edit-aaaa", Time: time.Now(), Kind: bulk.KindEdit, Project: "older",
		Before: []api.Version{{ID: "v1"}}}
	if err := j.Write(old); err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	log := slog.New(slog.NewJSONHandler(&buf, nil))
	w := newJournalLog(dir)
	w.scan(log)
	if lines := logLines(t, &buf); len(lines) != 0 {
		t.Fatalf("an entry from before the server started was logged: %v", lines)
	}
	e := &bulk.Entry{ID: "20261125T000001.000000000Z-edit-bbbb", Time: time.Now(), Kind: bulk.KindEdit, Project: "lumen",
		Before: []api.Version{{ID: "v1"}, {ID: "v2"}}}
	if err := j.Write(e); err != nil {
		t.Fatal(err)
	}
	w.scan(log)
	w.scan(log) // nothing new: nothing logged
	lines := logLines(t, &buf)
	if len(lines) != 1 || lines[0]["msg"] != "bulk edit sending" || lines[0]["project"] != "lumen" || lines[0]["versions"] != float64(2) {
		t.Fatalf("after the entry was written: %v", lines)
	}
	e.Outcomes = []bulk.Outcome{{ID: "v1", Status: "updated"}, {ID: "v2", Status: "unknown"}}
	if err := j.Write(e); err != nil {
		t.Fatal(err)
	}
	// The file's time may not move within the clock's resolution; its
	// size does.
	w.scan(log)
	lines = logLines(t, &buf)
	if len(lines) != 1 || lines[0]["msg"] != "bulk edit" {
		t.Fatalf("after the outcomes were written: %v", lines)
	}
	if o, _ := lines[0]["outcomes"].(map[string]any); o["updated"] != float64(1) || o["unknown"] != float64(1) {
		t.Fatalf("outcomes logged: %v", lines[0]["outcomes"])
	}
}

func TestLoggedSaveLogsTheProjectOpened(t *testing.T) {
	dir := t.TempDir()
	var buf bytes.Buffer
	save := loggedSave(dir, slog.New(slog.NewJSONHandler(&buf, nil)), config.State{Recent: []string{"lumen"}})
	for _, st := range []config.State{
		{Recent: []string{"lumen"}, Pinned: []string{"lumen"}}, // a pin: no project opened
		{Recent: []string{"emberforge-core", "lumen"}},
		{Recent: []string{"emberforge-core", "lumen"}},
	} {
		if err := save(st); err != nil {
			t.Fatal(err)
		}
	}
	lines := logLines(t, &buf)
	if len(lines) != 1 || lines[0]["msg"] != "project opened" || lines[0]["project"] != "emberforge-core" {
		t.Fatalf("logged: %v", lines)
	}
	if _, err := os.Stat(filepath.Join(dir, "state.json")); err != nil {
		t.Fatalf("the state was not saved: %v", err)
	}
}
