package ui

import (
	"context"
	"strings"
	"testing"

	"rdash/api"
	"rdash/ui/internal/uitest"
	"rdash/ui/versions"
)

// heldSort answers a sort's pages (those asked at api.LargePageSize)
// only once release is closed, whatever became of their context, as a
// slow server would.
type heldSort struct {
	Client
	release chan struct{}
}

func (h heldSort) ListVersions(ctx context.Context, p string, o *api.ListVersionsOptions) ([]api.Version, *api.Response, error) {
	if o.PageSize == api.LargePageSize {
		<-h.release
		ctx = context.WithoutCancel(ctx)
	}
	return h.Client.ListVersions(ctx, p, o)
}

// While a sort waits for a server that does not answer, the keys that
// work everywhere still work: ? opens the help, esc stops the load (and
// stays on the screen), and q quits. Before, the screen took every key
// during the load, so q did nothing until the server answered.
func TestKeysWorkWhileASortLoads(t *testing.T) {
	t.Parallel()
	c, _ := uitest.Sandbox(t, "alice")
	h := heldSort{Client: c, release: make(chan struct{})}
	t.Cleanup(func() { close(h.release) })
	d, m := start(t, setup{client: h, project: "emberforge-core", w: 120, h: 40})
	d.WaitForText("50 of 1,500")
	d.Press("s")
	d.WaitForText("esc cancels")
	if footer := lines(d.Screen())[39]; strings.Count(footer, "esc ") != 1 || !strings.Contains(footer, "esc cancel sort") {
		t.Errorf("footer: want esc once, as the sort's cancel: %q", footer)
	}
	d.Press("?")
	if !m.showHelp || !strings.Contains(d.Screen(), "cancel sort") {
		t.Fatalf("? during the load did not open the help:\n%s", d.Screen())
	}
	d.Press("?") // closes it
	d.Press("esc")
	if _, ok := m.top().(*versions.Model); !ok || !strings.Contains(d.Screen(), "server order") || strings.Contains(d.Screen(), "esc cancels") {
		t.Fatalf("esc did not stop the load on the versions screen:\n%s", d.Screen())
	}
	d.Press("s")
	d.WaitForText("esc cancels")
	d.Press("q")
	d.WaitFor("q to quit during the load", d.Quit)
}
