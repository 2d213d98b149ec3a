package download

import (
	"slices"
	"strings"
	"testing"

	"charm.land/bubbles/v2/key"

	tea "charm.land/bubbletea/v2"

	"rdash/api"
	"rdash/ui/common"
	"rdash/ui/internal/uitest"
)

// Every key that works on the download screen is in its help, and every
// hint of its footer works, in each of its states: the files (a file to
// save, an external one), the directory typed, a download going, the
// question about a file already there, and how it ended.
func TestEveryKeyIsInTheHelp(t *testing.T) {
	t.Parallel()
	c, _ := uitest.Sandbox(t, "alice")
	v := publishOne(t, c, "8.9.3", map[string]string{"lumen-8.9.3.jar": strings.Repeat("z", 5000)},
		"https://example.com/lumen-8.9.3-sources.zip")
	empty := publishOne(t, c, "8.9.4", nil, "https://example.com/only.zip")
	at := func(v api.Version, keys ...string) func(t *testing.T) common.Screen {
		return func(t *testing.T) common.Screen {
			e := open(t, c, v, t.TempDir(), 80, 24)
			e.d.Press(keys...)
			return e.m
		}
	}
	running := func(t *testing.T) common.Screen {
		e := open(t, c, v, t.TempDir(), 80, 24)
		e.d.Press("enter") // the download's command waits in the driver: it stays running
		return e.m
	}
	exists := func(t *testing.T) common.Screen {
		e := open(t, c, v, t.TempDir(), 80, 24)
		e.d.Press("enter")
		e.done()
		e.d.Press("enter", "enter")
		e.d.WaitFor("the question", func() bool { return e.m.stage == stageExists })
		return e.m
	}
	saved := func(t *testing.T) common.Screen {
		e := open(t, c, v, t.TempDir(), 80, 24)
		e.d.Press("enter")
		e.done()
		return e.m
	}
	failed := func(t *testing.T) common.Screen {
		e := open(t, c, v, t.TempDir(), 80, 24)
		e.m.dir.SetValue(t.TempDir() + "/no/such/directory")
		e.d.Press("enter")
		e.done()
		return e.m
	}
	unread := func(t *testing.T) common.Screen {
		e := open(t, c, api.Version{ID: "nosuchid", Version: "9.9.9"}, t.TempDir(), 80, 24)
		return e.m
	}
	uitest.RequireKeysInHelp(t,
		uitest.KeyState{Name: "a file", Build: at(v)},
		uitest.KeyState{Name: "an external file", Build: at(v, "down")},
		uitest.KeyState{Name: "only an external file", Build: at(empty)},
		uitest.KeyState{Name: "the directory", Build: at(v, "tab"), Typing: true},
		uitest.KeyState{Name: "files not read", Build: unread},
		uitest.KeyState{Name: "downloading", Build: running},
		uitest.KeyState{Name: "already there", Build: exists},
		uitest.KeyState{Name: "saved", Build: saved},
		uitest.KeyState{Name: "failed", Build: failed},
	)
}

// TestFilesNotReadSayWhy: files that could not be read stay said, with r
// to read them again, and the error's retry reads them again too. The
// retry used to be a read started as it was made: the screen went back to
// "Loading the files…" at once and for good.
func TestFilesNotReadSayWhy(t *testing.T) {
	t.Parallel()
	c, _ := uitest.Sandbox(t, "alice")
	e := open(t, c, api.Version{ID: "nosuchid", Version: "9.9.9"}, t.TempDir(), 80, 24)
	offered := slices.ContainsFunc(e.m.ShortHelp(), func(b key.Binding) bool { return b.Enabled() && b.Help().Key == "r" })
	if e.m.loadErr == nil || e.m.loading || !offered {
		t.Fatalf("the error is not shown, or r not offered:\n%s", e.d.Screen())
	}
	var retry tea.Cmd
	e.d.WaitFor("the error's report", func() bool {
		for _, msg := range e.d.Seen {
			if em, ok := msg.(common.ErrorMsg); ok {
				retry = em.Retry
			}
		}
		return retry != nil
	})
	e.d.Send(retry())
	if !e.m.loading {
		t.Fatal("the retry does not read the files again")
	}
	e.d.WaitFor("the files", func() bool { return !e.m.loading })
	e.d.Press("r")
	if !e.m.loading {
		t.Fatal("r does not read the files again")
	}
}
