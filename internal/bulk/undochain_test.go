package bulk

import (
	"context"
	"errors"
	"slices"
	"sync"
	"testing"

	"rdash/api"
)

// memClient is a service in memory that refuses the versions in fail.
type memClient struct {
	mu   sync.Mutex
	vs   map[string]api.Version
	fail map[string]bool
}

func newMemClient(vs []api.Version) *memClient {
	m := &memClient{vs: map[string]api.Version{}, fail: map[string]bool{}}
	for _, v := range vs {
		m.vs[v.ID] = v
	}
	return m
}

func (m *memClient) UpdateVersions(_ context.Context, _ string, ids []string, p *api.BulkPatch) (*api.BulkResult, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	res := &api.BulkResult{Parts: 1}
	for _, id := range ids {
		if m.fail[id] {
			res.Failed = append(res.Failed, api.BulkFailure{IDs: []string{id}, Err: errors.New("injected")})
			continue
		}
		v := m.vs[id]
		if p.Name != nil {
			v.Name = *p.Name
		}
		m.vs[id] = v
		res.Succeeded = append(res.Succeeded, id)
		res.Versions = append(res.Versions, v)
	}
	if len(res.Failed) > 0 {
		return res, &api.BulkError{Failed: res.Failed, Parts: 1}
	}
	return res, nil
}

func (m *memClient) DeleteVersions(context.Context, string, []string) (*api.BulkResult, error) {
	return nil, errors.New("not here")
}

func (m *memClient) GetVersion(_ context.Context, _, id string) (*api.Version, *api.Response, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	v, ok := m.vs[id]
	if !ok {
		return nil, nil, api.ErrNotFound
	}
	return &v, nil, nil
}

func (m *memClient) current(ids []string) []api.Version {
	m.mu.Lock()
	defer m.mu.Unlock()
	out := make([]api.Version, len(ids))
	for i, id := range ids {
		out[i] = m.vs[id]
	}
	return out
}

// TestFinishedUndoChainIsNotUndoneAgain is issue 10's second report: an
// undo cut short by faults, finished by a second undo, must not be offered
// as the last edit, whose undo would re-apply the edit to the versions of
// the second pass.
func TestFinishedUndoChainIsNotUndoneAgain(t *testing.T) {
	t.Parallel()
	start := sampleVersions()
	c := newMemClient(start)
	r := &Runner{Client: c, Project: "p", Journal: Journal{Dir: t.TempDir()}}
	edit := Edit{Name: api.Ptr("Renamed")}
	patch, err := edit.Patch()
	if err != nil {
		t.Fatal(err)
	}
	e, err := r.Edit(t.Context(), Preview(start, edit, nil), patch)
	if err != nil {
		t.Fatal(err)
	}
	c.fail[start[1].ID] = true // the first undo reaches only the first version
	for pass := range 2 {
		last, err := r.Journal.LastUndoable("p")
		if err != nil || last.ID != e.ID {
			t.Fatalf("pass %d: the last edit is %v (%v), want the edit %s", pass, last, err, e.ID)
		}
		if _, err := r.Undo(t.Context(), PlanUndo(last, c.current(e.IDs()))); err != nil {
			t.Fatal(err)
		}
		clear(c.fail)
	}
	for i, v := range c.current(e.IDs()) {
		if v.Name != start[i].Name {
			t.Fatalf("%s: name %q after the undo chain, want %q", v.ID, v.Name, start[i].Name)
		}
	}
	if last, err := r.Journal.LastUndoable("p"); !errors.Is(err, ErrNothingToUndo) {
		t.Fatalf("after the chain the last edit is %+v (%v), want nothing to undo", last, err)
	}
	if names := []string{c.current(e.IDs())[0].Name, c.current(e.IDs())[1].Name}; !slices.Equal(names, []string{"One", "Two"}) {
		t.Fatalf("names = %v", names)
	}
}
