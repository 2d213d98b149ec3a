package publish

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"rdash/internal/artifact/artifacttest"

	"rdash/api"
	"rdash/ui/applyflow"
	"rdash/ui/internal/uitest"
)

// gated holds CreateVersion until release is closed, and tells entered
// once it is inside; stall makes each upload stop after its first read
// until the request's context ends, as a slow link would.
type gated struct {
	Client
	entered chan struct{}
	release chan struct{}
	stall   bool
	once    sync.Once
}

func newGated(c Client, stall bool) *gated {
	return &gated{Client: c, entered: make(chan struct{}), release: make(chan struct{}), stall: stall}
}

func (g *gated) CreateVersion(ctx context.Context, p string, r *api.CreateVersionRequest) (*api.Version, *api.Response, error) {
	if !g.stall {
		g.once.Do(func() { close(g.entered) })
		select {
		case <-g.release:
		case <-ctx.Done():
		}
		return g.Client.CreateVersion(ctx, p, r)
	}
	r.Uploads = append([]api.Upload(nil), r.Uploads...)
	for i, up := range r.Uploads {
		open := up.Open
		r.Uploads[i].Open = func() (io.ReadCloser, error) {
			rc, err := open()
			if err != nil {
				return nil, err
			}
			return &stalling{File: rc.(*os.File), ctx: ctx, g: g}, nil
		}
	}
	return g.Client.CreateVersion(ctx, p, r)
}

type stalling struct {
	*os.File
	ctx  context.Context
	g    *gated
	read bool
}

func (s *stalling) Read(b []byte) (int, error) {
	if !s.read {
		s.read = true
		n, err := s.File.Read(b[:min(len(b), 1000)])
		s.g.once.Do(func() { close(s.g.entered) })
		return n, err
	}
	<-s.ctx.Done()
	return 0, s.ctx.Err()
}

// sizes are the terminal sizes the goldens pin, from the smallest the
// dashboard supports to a large one.
var sizes = [][2]int{{60, 20}, {80, 24}, {120, 40}, {200, 60}}

// TestGolden pins the form, the preview, the upload's progress and the
// results at every size (go test ./ui/publish -update refreshes them).
func TestGolden(t *testing.T) {
	t.Parallel()
	for _, size := range sizes {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			t.Parallel()
			c, _ := uitest.Sandbox(t, "alice")
			g := newGated(c, false)
			e := open(t, g, "lumen", size[0], size[1])
			e.fill("2.5.0")
			e.set(fVersion, "2.5.0-this-version-string-is-far-too-long")
			e.set(fGame, "1.21.4, 1.21.5")
			e.set(fPlatforms, "pap")
			e.d.Press("tab")
			e.set(fDeps, "required:project:prjQuart optional:name:LuckPerms=https://luckperms.net")
			e.focus(fFiles)
			e.pin(t, "form")
			e.set(fVersion, "2.5.0")
			e.previewed()
			e.pin(t, "preview")
			e.d.Press("enter")
			e.entered(g)
			up := e.m.task.up
			up.Start(uitest.Now().Add(-4 * time.Second))
			up.Set(3<<20, 8<<20)
			e.pin(t, "progress")
			e.d.Press("esc")
			close(g.release)
			e.results()
			e.pin(t, "results")
		})
	}
}

// TestRefusedGolden pins a publish the server refuses (a version string
// taken after the check before the preview, see racing): the results, the
// question esc asks before the draft is dropped, and the form e goes back
// to, the refused field marked.
func TestRefusedGolden(t *testing.T) {
	t.Parallel()
	for _, size := range sizes {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			t.Parallel()
			c, _ := uitest.Sandbox(t, "alice")
			e := open(t, racing{c}, "lumen", size[0], size[1])
			e.fill("2.4.0")
			e.previewed()
			e.d.Press("enter")
			e.results()
			e.pin(t, "refused")
			e.d.Press("esc")
			e.pin(t, "leaving")
			e.d.Press("e")
			e.pin(t, "draft")
		})
	}
}

// TestCancelMidUpload cancels an upload that has begun: the result says
// the version may or may not exist, and how to check.
func TestCancelMidUpload(t *testing.T) {
	t.Parallel()
	c, _ := uitest.Sandbox(t, "alice")
	g := newGated(c, true)
	e := open(t, g, "lumen", 100, 30)
	e.fill("7.7.7")
	e.previewed()
	e.d.Press("enter")
	e.entered(g)
	e.d.WaitForText("esc cancels the upload")
	e.d.Press("esc")
	e.results()
	e.check()
	out := e.m.flow.Outcomes()
	if len(out) != 1 || out[0].Status != "unknown" || !out[0].Failed {
		t.Fatalf("outcomes = %+v; screen:\n%s", out, e.d.Screen())
	}
	if s := e.flat(); !contains(s, "7.7.7", "Cancelled during the upload", "nothing is published twice", "r sends the 1 version") {
		t.Errorf("results do not say what exists:\n%s", s)
	}
	if e.m.flow.Stage() != applyflow.StageResults {
		t.Fatal("not on the results")
	}
}

// entered waits, feeding the screen, until g's CreateVersion has begun.
func (e *env) entered(g *gated) {
	e.t.Helper()
	e.d.WaitFor("the request to begin", func() bool {
		select {
		case <-g.entered:
			return true
		default:
			return false
		}
	})
}

// TestPrefilledGolden pins the form filled from a plugin's jar, each
// value marked with its source and what was assumed under the files, at
// every size. At every size each source and the report are read whole,
// wrapped, never cut.
func TestPrefilledGolden(t *testing.T) {
	t.Parallel()
	for _, size := range sizes {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			t.Parallel()
			c, _ := uitest.Sandbox(t, "alice")
			e := open(t, c, "lumen", size[0], size[1])
			e.withConfig(lumenYml)
			e.choose(artifacttest.Fixture(t, "jars/bukkit", "lumen-2.5.0.jar"))
			marks := e.marks()
			if len(marks) != 6 {
				t.Fatalf("marks %v, want six fields marked", marks)
			}
			for i := range fieldCount {
				src, ok := marks[labels[i]]
				if !ok {
					continue
				}
				e.focus(i)
				if s := e.d.Screen(); strings.Contains(s, "…") || !strings.Contains(e.flat(), "from "+src) {
					t.Errorf("%s's source %q is cut or missing:\n%s", labels[i], src, s)
				}
			}
			e.focus(fChannel)
			e.d.Screen() // the form scrolls as it is drawn: to its top
			e.focus(fVersion)
			e.pin(t, "form")
			e.focus(fFiles)
			if s := e.d.Screen(); strings.Contains(strings.ReplaceAll(s, "jar fills…", ""), "…") || // a hint shortened at a word
				!strings.Contains(e.flat(), "later ones are not included") {
				t.Errorf("the report is cut or missing:\n%s", s)
			}
			e.pin(t, "files")
		})
	}
}

// TestExistingGolden pins what takes the preview's place when the
// project already has the version string, with other files.
func TestExistingGolden(t *testing.T) {
	t.Parallel()
	for _, size := range sizes {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			t.Parallel()
			c, _ := uitest.Sandbox(t, "alice")
			e := open(t, c, "lumen", size[0], size[1])
			e.fill("2.4.0")
			e.previewed()
			e.pin(t, "exists")
		})
	}
}
