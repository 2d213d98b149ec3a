package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"rdash/api/sandbox"
)

// longChangelogID is a version the harness adds to lumen with a changelog
// far longer than the screen, to scroll.
const longChangelogID = "BnchLong"

// seed is the sandbox's embedded seed read from the source tree, with
// emberforge-core generating versions and lumen holding a version with a
// long changelog, the newest of the project.
func (b *batch) seed(versions int) ([]byte, error) {
	raw, err := os.ReadFile(filepath.Join(b.root, "api", "sandbox", "testdata", "seed.json"))
	if err != nil {
		return nil, err
	}
	var seed map[string]any
	if err := json.Unmarshal(raw, &seed); err != nil {
		return nil, fmt.Errorf("the sandbox seed: %w", err)
	}
	projects, _ := seed["projects"].([]any)
	var gen, lumen bool
	for _, p := range projects {
		p, _ := p.(map[string]any)
		switch p["slug"] {
		case "emberforge-core":
			g, ok := p["generate"].(map[string]any)
			if !ok {
				return nil, errors.New("the sandbox seed: emberforge-core generates no versions any more")
			}
			g["count"], gen = versions, true
		case "lumen":
			vs, _ := p["versions"].([]any)
			p["versions"], lumen = append(vs, longChangelogVersion()), true
		}
	}
	if !gen || !lumen {
		return nil, errors.New("the sandbox seed has no emberforge-core or lumen project any more")
	}
	return json.Marshal(seed)
}

func longChangelogVersion() map[string]any {
	var b strings.Builder
	b.WriteString("# Lumen 2.5.0\n\nA long changelog for the scrolling benchmark.\n\n## Changed\n\n")
	for i := 1; i <= 200; i++ {
		if i%25 == 0 {
			fmt.Fprintf(&b, "\n## Part %d\n\n", i/25)
		}
		fmt.Fprintf(&b, "- Line %03d: lights fade %d ticks sooner near water when chunks reload\n", i, i%7+1)
	}
	return map[string]any{
		"id": longChangelogID, "version": "2.5.0", "name": "Lumen 2.5.0: Long notes", "channel": "release",
		"created_at": "2025-12-01T12:00:00Z", "downloads": 1, "changelog": b.String(),
		"files": []any{map[string]any{"id": "BnchFile", "name": "lumen-2.5.0.jar", "content": "bench\n"}},
	}
}

// sandboxRun is a sandbox served on loopback and the environment that
// signs rdash in to it.
type sandboxRun struct {
	srv *sandbox.Server
	run *sandbox.Running
	env []string
}

func (b *batch) startSandbox(versions int, latency time.Duration) (*sandboxRun, error) {
	data, err := b.seed(versions)
	if err != nil {
		return nil, err
	}
	srv, err := sandbox.New(sandbox.Options{Data: data, Latency: latency})
	if err != nil {
		return nil, err
	}
	run, err := srv.Start("127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	tok, err := srv.MintToken("alice")
	if err != nil {
		run.Close()
		return nil, err
	}
	state, err := os.MkdirTemp(b.dir, "state-")
	if err != nil {
		run.Close()
		return nil, err
	}
	env := append(run.Env(), "RDASH_TOKEN="+tok, "RDASH_CONFIG_DIR="+state, "RDASH_STATE_DIR="+state)
	return &sandboxRun{srv: srv, run: run, env: env}, nil
}

func (s *sandboxRun) close() { s.run.Close() }
