package bulk_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"rdash/api"
	"rdash/internal/bulk"
	"rdash/internal/verify"
	"rdash/internal/verify/verifytest"
)

// dropSources is the edit of lumen 1.3.0 (lumen-1.3.0.jar primary, and
// lumen-1.3.0-sources.jar) that keeps only the jar.
func dropSources(t *testing.T, c *api.Client) *bulk.Single {
	t.Helper()
	v, _, err := c.GetVersion(t.Context(), "lumen", "1.3.0")
	if err != nil {
		t.Fatal(err)
	}
	return &bulk.Single{Project: "lumen", Before: *v, Op: "this update",
		Request: api.UpdateVersionRequest{Files: []string{"lumen-1.3.0.jar"}}, Files: []verify.File{{Name: "lumen-1.3.0.jar"}}}
}

func texts(ds []verify.Difference) string { return strings.Join(verify.Texts(ds), "\n") }

// TestSingleEditOnTheSandbox: the sandbox reads data.files as the whole
// list, as rdash means it: no difference, nothing to follow up.
func TestSingleEditOnTheSandbox(t *testing.T) {
	t.Parallel()
	c := behind(t, func(h http.Handler, _ string) http.Handler { return h }, "alice")
	s := dropSources(t, c)
	res, err := s.Run(t.Context(), c, nil, time.Now())
	if err != nil || len(res.Differences) > 0 || s.FollowUp(res) != nil {
		t.Fatalf("Run = %+v, %v", res, err)
	}
}

// TestSingleEditLearnsAdditions: a server that reads data.files as
// additions keeps the file the update removes. The result says so in
// words, and offers the follow-up; the follow-up's own check says the
// server kept the file again, and that rdash knows no other way.
func TestSingleEditLearnsAdditions(t *testing.T) {
	t.Parallel()
	c := behind(t, verifytest.AdditionsFiles, "alice")
	s := dropSources(t, c)
	res, err := s.Run(t.Context(), c, nil, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"the server kept lumen-1.3.0-sources.jar, which this update removes",
		"this server reads data.files as additions: it added what this update listed and removed nothing left out"} {
		if !strings.Contains(texts(res.Differences), want) {
			t.Fatalf("differences lack %q:\n%s", want, texts(res.Differences))
		}
	}
	f := s.FollowUp(res)
	if f == nil || !slices.Equal(f.Edit.Request.Files, []string{"lumen-1.3.0-sources.jar"}) || !strings.Contains(f.Why, "additions") {
		t.Fatalf("follow-up = %+v", f)
	}
	again, err := f.Edit.Run(t.Context(), c, nil, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	if why, fix := f.Edit.Stuck(again); !strings.Contains(why, "kept lumen-1.3.0-sources.jar again") ||
		fix != "remove lumen-1.3.0-sources.jar on the service itself" || f.Edit.FollowUp(again) != nil {
		t.Fatalf("after the follow-up: stuck %q, %q; differences:\n%s", why, fix, texts(again.Differences))
	}
}

// TestSingleEditLearnsThePrimary: a server that makes the last file
// listed primary: the result says which it made primary, and the
// follow-up that lists the wanted one last gets it.
func TestSingleEditLearnsThePrimary(t *testing.T) {
	t.Parallel()
	c := behind(t, verifytest.PrimaryLast, "alice")
	v, _, err := c.GetVersion(t.Context(), "lumen", "1.3.0")
	if err != nil {
		t.Fatal(err)
	}
	s := &bulk.Single{Project: "lumen", Before: *v, Op: "this update",
		Request: api.UpdateVersionRequest{Files: []string{"lumen-1.3.0-sources.jar", "lumen-1.3.0.jar"}},
		Files:   []verify.File{{Name: "lumen-1.3.0-sources.jar"}, {Name: "lumen-1.3.0.jar"}}}
	res, err := s.Run(t.Context(), c, nil, time.Now())
	if err != nil || texts(res.Differences) != "the server made lumen-1.3.0.jar primary, not lumen-1.3.0-sources.jar" {
		t.Fatalf("Run = %v; differences:\n%s", err, texts(res.Differences))
	}
	f := s.FollowUp(res)
	if f == nil {
		t.Fatal("no follow-up")
	}
	again, err := f.Edit.Run(t.Context(), c, nil, time.Now())
	if err != nil || len(again.Differences) > 0 {
		t.Fatalf("follow-up = %v; differences:\n%s", err, texts(again.Differences))
	}
	for _, file := range again.Version.Files {
		if file.IsPrimary != (file.Name == "lumen-1.3.0-sources.jar") {
			t.Fatalf("after the follow-up, files %+v", again.Version.Files)
		}
	}
}

// TestSingleEditJournalsTheTruth: an undoable edit is journaled before it
// is sent, and its entry holds the version as the server answered.
func TestSingleEditJournalsTheTruth(t *testing.T) {
	t.Parallel()
	c := behind(t, func(h http.Handler, _ string) http.Handler { return h }, "alice")
	v, _, err := c.GetVersion(t.Context(), "lumen", "1.3.0")
	if err != nil {
		t.Fatal(err)
	}
	j := bulk.Journal{Dir: t.TempDir()}
	s := &bulk.Single{Project: "lumen", Before: *v, Op: "this update", Request: api.UpdateVersionRequest{Name: api.Ptr("Lit")}}
	if _, err := s.Run(t.Context(), c, nil, time.Now()); err != bulk.ErrNoJournal {
		t.Fatalf("Run without a journal = %v", err)
	}
	res, err := s.Run(t.Context(), c, &j, time.Now())
	if err != nil || res.Entry == nil || !res.Entry.InJournal() || s.Record(res, "undo it") != "journaled: undo it" {
		t.Fatalf("Run = %+v, %v", res, err)
	}
	e, err := j.LastUndoable("lumen")
	if err != nil || e.After[0].Name != "Lit" || e.Outcomes[0].Status != bulk.StatusUpdated {
		t.Fatalf("journal: %+v, %v", e, err)
	}
}

// TestSingleEditAnsweredWithNothing: a server that answers the PATCH with
// 204 and no body changed the version all the same; the edit reads it
// and reports it changed, rather than "may or may not".
func TestSingleEditAnsweredWithNothing(t *testing.T) {
	t.Parallel()
	c := behind(t, verifytest.SilentWrites, "alice")
	s := dropSources(t, c)
	res, err := s.Run(t.Context(), c, nil, time.Now())
	if err != nil || res.Version == nil || len(res.Version.Files) != 1 || len(res.Differences) > 0 {
		t.Fatalf("Run = %+v, %v", res, err)
	}
}

// TestSingleEditPrimaryKeptOrLast: a server that keeps the primary file a
// version had. The answer cannot tell that from a server that takes the
// last file listed (the file it made primary is both), so the follow-up
// says both readings; its own answer shows the primary does not follow
// the order, and Stuck says so and what is left to do.
func TestSingleEditPrimaryKeptOrLast(t *testing.T) {
	t.Parallel()
	c := behind(t, verifytest.PrimaryKept, "alice")
	v, _, err := c.GetVersion(t.Context(), "lumen", "1.3.0")
	if err != nil {
		t.Fatal(err)
	}
	s := &bulk.Single{Project: "lumen", Before: *v, Op: "this update",
		Request: api.UpdateVersionRequest{Files: []string{"lumen-1.3.0-sources.jar", "lumen-1.3.0.jar"}},
		Files:   []verify.File{{Name: "lumen-1.3.0-sources.jar"}, {Name: "lumen-1.3.0.jar"}}}
	res, err := s.Run(t.Context(), c, nil, time.Now())
	if err != nil || texts(res.Differences) != "the server made lumen-1.3.0.jar primary, not lumen-1.3.0-sources.jar" {
		t.Fatalf("Run = %v; differences:\n%s", err, texts(res.Differences))
	}
	f := s.FollowUp(res)
	if f == nil || !strings.Contains(f.Why, "the file listed last and the primary before this update") ||
		strings.Contains(f.Why, "This server made the last file listed primary") {
		t.Fatalf("follow-up = %+v", f)
	}
	again, err := f.Edit.Run(t.Context(), c, nil, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	why, fix := f.Edit.Stuck(again)
	if !strings.Contains(why, "made lumen-1.3.0.jar primary again") || fix != "make lumen-1.3.0-sources.jar primary on the service itself" {
		t.Fatalf("after the follow-up: stuck %q, %q; differences:\n%s", why, fix, texts(again.Differences))
	}
}

// TestSingleEditPrimaryLastConclusive: where the last file listed was not
// primary before, the answer shows the server takes the last: said as
// such.
func TestSingleEditPrimaryLastConclusive(t *testing.T) {
	t.Parallel()
	c := behind(t, verifytest.PrimaryLast, "alice")
	v, _, err := c.GetVersion(t.Context(), "lumen", "1.3.0")
	if err != nil {
		t.Fatal(err)
	}
	s := &bulk.Single{Project: "lumen", Before: *v, Op: "this update",
		Request: api.UpdateVersionRequest{Files: []string{"lumen-1.3.0.jar", "lumen-1.3.0-sources.jar"}},
		Files:   []verify.File{{Name: "lumen-1.3.0.jar"}, {Name: "lumen-1.3.0-sources.jar"}}}
	res, err := s.Run(t.Context(), c, nil, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	f := s.FollowUp(res)
	if f == nil || !strings.HasPrefix(f.Why, "This server made the last file listed primary, not the first.") {
		t.Fatalf("follow-up = %+v; differences:\n%s", f, texts(res.Differences))
	}
	again, err := f.Edit.Run(t.Context(), c, nil, time.Now())
	if err != nil || len(again.Differences) > 0 {
		t.Fatalf("follow-up = %v; differences:\n%s", err, texts(again.Differences))
	}
	if why, _ := f.Edit.Stuck(again); why != "" {
		t.Fatalf("stuck after a follow-up that did it: %q", why)
	}
}

// TestWritesAnsweredWithNoVersion: a server that answers a single edit
// and a create 200 with a body that shows no version ({}, {"data":
// null}, {"data": {}}, nothing) changed it all the same: the edit and
// the create read the version back and report it as the server holds
// it. So do they when a client decodes such a body tolerantly, as no
// version and no error (tolerant): never a nil version reported done.
func TestWritesAnsweredWithNoVersion(t *testing.T) {
	t.Parallel()
	for _, body := range []string{`{}`, `{"data":null}`, `{"data":{}}`, ``} {
		for _, lenient := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/tolerant=%v", body, lenient), func(t *testing.T) {
				t.Parallel()
				api := behind(t, verifytest.WritesAnswered(http.StatusOK, body), "alice")
				var c writer = api
				if lenient {
					c = tolerant{api}
				}
				s := dropSources(t, api)
				res, err := s.Run(t.Context(), c, nil, time.Now())
				if err != nil || res.Version == nil || len(res.Version.Files) != 1 || len(res.Differences) > 0 {
					t.Fatalf("Run = %+v, %v", res, err)
				}
				r := &apiCreate{Version: "9.0.0", Name: "Nine", Channel: "beta", Files: []string{"https://cdn.example.org/nine.jar"}}
				v, _, err := c.CreateVersion(t.Context(), "lumen", r)
				v, err = bulk.Created(t.Context(), c, "lumen", r, v, err)
				if err != nil || v == nil || v.Version != "9.0.0" || v.ID == "" {
					t.Fatalf("Created = %+v, %v", v, err)
				}
			})
		}
	}
}

// TestCreatedNeverReportsNothing: a create answered with no version and
// no error, whose version cannot be read back either, is an error, not a
// nil version.
func TestCreatedNeverReportsNothing(t *testing.T) {
	t.Parallel()
	c := behind(t, func(h http.Handler, _ string) http.Handler { return h }, "alice")
	r := &apiCreate{Version: "9.9.9", Name: "Nope", Channel: "beta", Files: []string{"https://cdn.example.org/nope.jar"}}
	v, err := bulk.Created(t.Context(), c, "lumen", r, nil, nil)
	if v != nil || err == nil || !strings.Contains(err.Error(), "9.9.9") {
		t.Fatalf("Created = %+v, %v", v, err)
	}
}

type apiCreate = api.CreateVersionRequest

// writer is what the tests write with: a single edit's client, and a
// create.
type writer interface {
	bulk.SingleClient
	CreateVersion(ctx context.Context, projectID string, r *api.CreateVersionRequest) (*api.Version, *api.Response, error)
}

// tolerant is a client that decodes a write's answer showing no version
// as no version and no error, as a lenient decoder would.
type tolerant struct{ *api.Client }

func (c tolerant) UpdateVersion(ctx context.Context, project, id string, r *api.UpdateVersionRequest) (*api.Version, *api.Response, error) {
	return lenient(c.Client.UpdateVersion(ctx, project, id, r))
}

func (c tolerant) CreateVersion(ctx context.Context, project string, r *api.CreateVersionRequest) (*api.Version, *api.Response, error) {
	return lenient(c.Client.CreateVersion(ctx, project, r))
}

func lenient(v *api.Version, resp *api.Response, err error) (*api.Version, *api.Response, error) {
	if errors.Is(err, api.ErrMalformedResponse) {
		return nil, resp, nil
	}
	return v, resp, err
}
