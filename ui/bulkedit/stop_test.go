package bulkedit

import (
	"net/http"
	"strings"
	"sync"
	"testing"

	"rdash/api"
	"rdash/api/sandbox/sandboxtest"
	"rdash/config"
	"rdash/internal/bulk"
	"rdash/ui/applyflow"
	"rdash/ui/internal/uitest"
)

// heldPatch holds the first PATCH until release is closed, after saying
// on held that it is under way.
type heldPatch struct {
	next    http.RoundTripper
	first   sync.Once
	held    chan struct{} // closed once the first PATCH waits
	release chan struct{}
}

func (h *heldPatch) RoundTrip(r *http.Request) (*http.Response, error) {
	if r.Method == http.MethodPatch {
		h.first.Do(func() {
			close(h.held)
			<-h.release
		})
	}
	return h.next.RoundTrip(r)
}

// esc while a bulk edit runs stops it between its parts: the part under
// way ends and is updated; the parts not yet sent are not sent, and the
// results and the journal say exactly which; r sends them.
func TestEscStopsARunningEdit(t *testing.T) {
	t.Parallel()
	srv, base := uitest.Start(t)
	token, err := srv.MintToken("alice", config.AllScopes()...)
	if err != nil {
		t.Fatal(err)
	}
	hold := &heldPatch{next: sandboxtest.Bearer{Token: token}, held: make(chan struct{}), release: make(chan struct{})}
	c := uitest.Client(t, base, "", api.WithHTTPClient(&http.Client{Transport: hold}),
		api.WithBulkPartSize(1), api.WithConcurrency(1))
	vs := versionsOf(t, c, "lumen", 3)
	e := openEdit(t, c, "lumen", vs, 80, 24)
	e.choose(nameMode, "set to")
	e.typeInto(target{field: fieldName, part: partText}, "Lumen stopped")
	e.preview()
	e.d.Press("enter")
	if e.m.flow.Asking() {
		e.d.Press("y")
	}
	e.d.WaitFor("the first part under way", func() bool {
		select {
		case <-hold.held:
			return true
		default:
			return false
		}
	})
	if !strings.Contains(e.d.Screen(), "esc stops sending") {
		t.Errorf("the run does not say esc stops it:\n%s", e.d.Screen())
	}
	e.d.Press("esc")
	close(hold.release)
	e.results()
	screen := e.d.Screen()
	for _, want := range []string{"1 updated", "2 not sent", "Stopped: 2 versions not sent"} {
		if !strings.Contains(screen, want) {
			t.Errorf("the results lack %q:\n%s", want, screen)
		}
	}
	if len(e.m.entries) != 1 {
		t.Fatalf("%d journal entries kept, want 1", len(e.m.entries))
	}
	var updated, unsent int
	for _, o := range e.m.entries[0].Outcomes {
		switch {
		case o.Status == bulk.StatusUpdated:
			updated++
		case o.Status == bulk.StatusNotApplied && o.NotSent:
			unsent++
		}
	}
	if updated != 1 || unsent != 2 {
		t.Fatalf("the journal says %d updated, %d not sent; want 1 and 2", updated, unsent)
	}
	e.d.Press("r")
	e.d.WaitFor("the retry's results", func() bool {
		return e.at(applyflow.StageResults) && strings.Contains(e.d.Screen(), "3 updated")
	})
}
