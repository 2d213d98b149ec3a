package bulk_test

import (
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"rdash/api"
	"rdash/api/sandbox"
	"rdash/api/sandbox/sandboxtest"
	"rdash/config"
	"rdash/internal/bulk"
	"rdash/internal/verify/verifytest"
)

// behind is a client signed in as user to a sandbox behind choice: a
// server that answers or acts as the interface document allows and the
// sandbox does not.
func behind(t *testing.T, choice verifytest.Choice, user string) *api.Client {
	t.Helper()
	srv, _ := sandboxtest.Start(t, sandbox.Options{})
	hs := httptest.NewServer(choice(srv.Handler(), sandbox.APIPrefix))
	t.Cleanup(hs.Close)
	tok, err := srv.MintToken(user, config.AllScopes()...)
	if err != nil {
		t.Fatal(err)
	}
	c, err := api.New(hs.URL+sandbox.APIPrefix, api.WithHTTPClient(&http.Client{Transport: sandboxtest.Bearer{Token: tok}, Timeout: 20 * time.Second}))
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// editLumen applies edit to lumen's versions ids through a runner on c
// that reads back with c, and returns the entry as the journal holds it.
func editLumen(t *testing.T, c *api.Client, edit bulk.Edit, ids ...string) (*bulk.Entry, bulk.Journal) {
	t.Helper()
	vs, err := bulk.Load(t.Context(), c, "lumen", ids)
	if err != nil {
		t.Fatal(err)
	}
	patch, err := edit.Patch()
	if err != nil {
		t.Fatal(err)
	}
	j := bulk.Journal{Dir: t.TempDir()}
	r := &bulk.Runner{Client: c, Reader: c, Project: "lumen", Journal: j}
	e, err := r.Edit(t.Context(), bulk.Preview(vs, edit, nil), patch)
	if err != nil {
		t.Fatal(err)
	}
	held, err := j.Read(e.ID)
	if err != nil {
		t.Fatal(err)
	}
	return held, j
}

// TestEditSaysWhatTheServerKept: a server that answers a bulk change as
// applied but removes nothing. Each version's outcome says what it kept,
// and the journal holds the versions as the server has them, not as the
// edit meant them.
func TestEditSaysWhatTheServerKept(t *testing.T) {
	t.Parallel()
	c := behind(t, verifytest.IgnoreRemovals, "alice")
	edit := bulk.Edit{GameVersions: bulk.ListEdit[string]{Mode: bulk.AddRemove, Add: []string{"1.21.9"}, Remove: []string{"1.18.2"}}}
	e, _ := editLumen(t, c, edit, "13ubedvV", "NMpyYgF1")
	for i, o := range e.Outcomes {
		want := "the server kept game version 1.18.2, which this edit removes"
		if o.Status != bulk.StatusUpdated || !slices.Equal(o.Differences, []string{want}) {
			t.Errorf("outcome %d = %+v; want updated, saying %q", i, o, want)
		}
		if got := e.After[i].MinecraftVersions; !slices.Contains(got, "1.18.2") || !slices.Contains(got, "1.21.9") {
			t.Errorf("journal after %d = %v; want what the server holds", i, got)
		}
	}
}

// TestUndoRestoresWhatTheServerHolds: a server that keeps text without
// the spaces around it holds "Lit" where the edit sent "Lit "; the
// journal used to record the edit's "Lit ", so the undo took the name
// for one changed since and kept it. From the truth, it restores it.
func TestUndoRestoresWhatTheServerHolds(t *testing.T) {
	t.Parallel()
	c := behind(t, verifytest.TrimsText, "alice")
	e, j := editLumen(t, c, bulk.Edit{Name: api.Ptr("Lit ")}, "13ubedvV")
	current, err := bulk.Load(t.Context(), c, "lumen", e.IDs())
	if err != nil {
		t.Fatal(err)
	}
	u := bulk.PlanUndo(e, current)
	if len(u.Kept) != 0 || len(u.Changes) != 1 || u.Changes[0].After.Name != e.Before[0].Name {
		t.Fatalf("undo plan: kept %+v, changes %+v", u.Kept, u.Changes)
	}
	if o := e.Outcomes[0]; !slices.Equal(o.Differences, []string{`the server's name is "Lit", where this edit means "Lit "`}) {
		t.Fatalf("outcome = %+v", o)
	}
	r := &bulk.Runner{Client: c, Reader: c, Project: "lumen", Journal: j}
	if _, err := r.Undo(t.Context(), u); err != nil {
		t.Fatal(err)
	}
	if v, _, _ := c.GetVersion(t.Context(), "lumen", "13ubedvV"); v.Name != e.Before[0].Name {
		t.Fatalf("after the undo the name is %q, want %q", v.Name, e.Before[0].Name)
	}
}

// TestEditAnsweredOtherwiseIsReadBack: a bulk change answered with the
// versions as they were, or with nothing, is read back; what the server
// holds is the edit, so no difference is reported and the journal holds
// the new values.
func TestEditAnsweredOtherwiseIsReadBack(t *testing.T) {
	t.Parallel()
	for name, choice := range map[string]verifytest.Choice{"stale": verifytest.StaleAnswers, "silent": verifytest.SilentBulk} {
		c := behind(t, choice, "alice")
		e, _ := editLumen(t, c, bulk.Edit{Name: api.Ptr("Lit")}, "13ubedvV", "G4T7DMwW")
		for i, o := range e.Outcomes {
			if o.Status != bulk.StatusUpdated || len(o.Differences) > 0 || e.After[i].Name != "Lit" {
				t.Errorf("%s: outcome %+v, journal after %q", name, o, e.After[i].Name)
			}
		}
	}
}

// TestDeleteTheServerDidNotDo: a deletion answered 204 whose version is
// still there is not applied, and says so.
func TestDeleteTheServerDidNotDo(t *testing.T) {
	t.Parallel()
	c := behind(t, verifytest.KeepsOnDelete("G4T7DMwW"), "alice")
	vs, err := bulk.Load(t.Context(), c, "lumen", []string{"13ubedvV", "G4T7DMwW"})
	if err != nil {
		t.Fatal(err)
	}
	r := &bulk.Runner{Client: c, Reader: c, Project: "lumen", Journal: bulk.Journal{Dir: t.TempDir()}}
	e, err := r.Delete(t.Context(), vs)
	if err != nil {
		t.Fatal(err)
	}
	if o := e.Outcomes[0]; o.Status != bulk.StatusDeleted || len(o.Differences) > 0 {
		t.Errorf("the deleted one: %+v", o)
	}
	if o := e.Outcomes[1]; o.Status != bulk.StatusNotApplied || len(o.Differences) != 1 ||
		!strings.Contains(o.Differences[0], "the server still has 1.0.1 after answering that it deleted it") {
		t.Errorf("the one kept: %+v", o)
	}
}
