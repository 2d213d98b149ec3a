package bulkedit

import (
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"rdash/api"
	"rdash/api/sandbox/sandboxtest"
	"rdash/config"
	"rdash/ui/internal/uitest"
)

// failPart stands between the client and the sandbox, as a proxy that
// drops one request would: the first bulk request whose ids hold id is
// answered 503 without reaching the sandbox; every other request goes
// through.
type failPart struct {
	next http.RoundTripper
	mu   sync.Mutex
	id   string
}

func (f *failPart) RoundTrip(req *http.Request) (*http.Response, error) {
	f.mu.Lock()
	hit := f.id != "" && req.Method != http.MethodGet && strings.Contains(","+req.URL.Query().Get("ids")+",", ","+f.id+",")
	if hit {
		f.id = ""
	}
	f.mu.Unlock()
	if !hit {
		return f.next.RoundTrip(req)
	}
	if req.Body != nil {
		req.Body.Close()
	}
	return &http.Response{StatusCode: http.StatusServiceUnavailable, Status: "503 Service Unavailable", Request: req,
		Header: http.Header{"Content-Type": {"application/json"}},
		Body:   io.NopCloser(strings.NewReader(`{"error":{"code":"unavailable","message":"the server is busy"}}`))}, nil
}

func (f *failPart) fail(id string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.id = id
}

// partedClient is a client of the sandbox, signed in as alice, whose bulk
// parts hold at most size IDs, behind a failPart.
func partedClient(t *testing.T, size int) (*api.Client, *failPart) {
	t.Helper()
	srv, base := uitest.Start(t)
	token, err := srv.MintToken("alice", config.AllScopes()...)
	if err != nil {
		t.Fatal(err)
	}
	fp := &failPart{next: sandboxtest.Bearer{Token: token}}
	c := uitest.Client(t, base, token, api.WithHTTPClient(&http.Client{Transport: fp, Timeout: 20 * time.Second}),
		api.WithBulkPartSize(size), api.WithRetryBackoff(time.Millisecond, 5*time.Millisecond, time.Second))
	return c, fp
}

// renameAll sets the name of the versions chosen, and previews.
func (e *env) renameAll(name string) {
	e.t.Helper()
	e.choose(nameMode, "set to")
	e.typeInto(target{field: fieldName, part: partText}, name)
	e.preview()
}

// TestEditInPartsSaysSo edits five versions with a part size of two:
// the preview says the edit goes in three parts, any of which can fail
// alone; the sandbox's answer to the second is lost (503), and the
// results say which part failed and mark its versions, while the others
// are updated; r sends that part's versions again.
func TestEditInPartsSaysSo(t *testing.T) {
	t.Parallel()
	c, fp := partedClient(t, 2)
	vs := versionsOf(t, c, "lumen", 5)
	e := openEdit(t, c, "lumen", vs, 100, 30)
	e.renameAll("Lumen in parts")
	if want := "5 versions, sent in 3 parts of up to 2: a part can fail while others succeed."; !strings.Contains(e.flat(), want) {
		t.Fatalf("the preview does not say %q:\n%s", want, e.d.Screen())
	}
	fp.fail(vs[2].ID)
	e.d.Press("enter")
	e.results()
	e.check()
	if want := "Sent in 3 parts of up to 2: 2 went through, 1 failed (part 2; its versions are marked ✗ below)."; !strings.Contains(e.flat(), want) {
		t.Fatalf("the results do not say %q:\n%s", want, e.d.Screen())
	}
	for i, v := range vs {
		want := "Lumen in parts"
		if i == 2 || i == 3 {
			want = v.Name
		}
		if got := current(t, c, "lumen", v.ID).Name; got != want {
			t.Errorf("%s is named %q, want %q", v.Version, got, want)
		}
	}
	for _, o := range e.m.flow.Outcomes() {
		if failed := o.ID == vs[2].ID || o.ID == vs[3].ID; failed != o.Failed {
			t.Errorf("outcome of %s: %+v", o.Name, o)
		}
	}
	e.d.Press("r")
	e.results()
	if strings.Contains(e.flat(), "failed") || !strings.Contains(e.flat(), "5 updated") {
		t.Fatalf("after r:\n%s", e.d.Screen())
	}
	if _, ids := e.client.sent(); len(ids) != 7 {
		t.Errorf("sent to %d IDs in all, want 5 then the 2 that failed", len(ids))
	}
}

// TestOnePartSaysNothing: an edit that goes in one request, as five
// versions do with the default part size, says nothing of parts.
func TestOnePartSaysNothing(t *testing.T) {
	t.Parallel()
	c, _ := partedClient(t, api.DefaultBulkPartSize)
	e := openEdit(t, c, "lumen", versionsOf(t, c, "lumen", 5), 100, 30)
	e.renameAll("Lumen in one")
	if strings.Contains(e.flat(), "parts") {
		t.Fatalf("the preview of one part speaks of parts:\n%s", e.d.Screen())
	}
	e.d.Press("enter")
	e.results()
	if strings.Contains(e.flat(), "parts") {
		t.Fatalf("the results of one part speak of parts:\n%s", e.d.Screen())
	}
}

// TestDeleteAndUndoInPartsSaySo: a deletion and an undo of more versions
// than a part holds say so before they are sent.
func TestDeleteAndUndoInPartsSaySo(t *testing.T) {
	t.Parallel()
	c, _ := partedClient(t, 2)
	vs := versionsOf(t, c, "lumen", 5)
	d := open(t, c, DeleteFactory, selection("lumen", vs, 0), 100, 30)
	d.settle()
	if want := "5 versions, sent in 3 parts of up to 2: a part can fail while others succeed."; !strings.Contains(d.flat(), want) {
		t.Fatalf("the deletion's preview does not say %q:\n%s", want, d.d.Screen())
	}
	e := openEdit(t, c, "lumen", vs, 100, 30)
	e.choose(target{field: fieldChannel}, "beta")
	e.preview()
	e.d.Press("enter")
	e.results()
	e.d.Press("u")
	e.d.WaitFor("the undo's preview", func() bool { p := e.plan(); return p != nil && p.kind == kindUndo })
	// One of the five was on beta already: four are moved, and put back.
	if want := "4 versions, sent in 2 parts of up to 2: a part can fail while others succeed."; !strings.Contains(e.flat(), want) {
		t.Fatalf("the undo's preview does not say it goes in parts:\n%s", e.d.Screen())
	}
}

// TestPartsGolden pins the preview and the results of an edit in parts,
// one of which failed, at every size.
func TestPartsGolden(t *testing.T) {
	t.Parallel()
	for _, size := range sizes {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			t.Parallel()
			c, fp := partedClient(t, 2)
			vs := versionsOf(t, c, "lumen", 5)
			e := openEdit(t, c, "lumen", vs, size[0], size[1])
			e.renameAll("Lumen in parts")
			e.pin(t, "preview")
			fp.fail(vs[2].ID)
			e.d.Press("enter")
			e.results()
			e.pinNormal(t, "results")
		})
	}
}

// TestTwelveHundredVersionsInParts previews an edit of 1,200 versions at
// the default part size: twelve parts of up to 100.
func TestTwelveHundredVersionsInParts(t *testing.T) {
	t.Parallel()
	c, _ := uitest.Sandbox(t, "alice")
	e := openEdit(t, c, "emberforge-core", versionsOf(t, c, "emberforge-core", 1200), 120, 40)
	e.renameAll("Emberforge, renamed")
	if want := "1,200 versions, sent in 12 parts of up to 100: a part can fail while others succeed."; !strings.Contains(e.flat(), want) {
		t.Fatalf("the preview does not say %q:\n%s", want, e.d.Screen())
	}
}
