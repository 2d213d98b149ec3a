package bulk

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"rdash/api"
)

// partsClient fails each ID's part with its own error and reads every
// version back unchanged.
type partsClient struct {
	reasons map[string]error
	current map[string]api.Version
}

func (c partsClient) UpdateVersions(_ context.Context, _ string, ids []string, _ *api.BulkPatch) (*api.BulkResult, error) {
	res := &api.BulkResult{Parts: len(ids)}
	for _, id := range ids {
		res.Failed = append(res.Failed, api.BulkFailure{IDs: []string{id}, Err: c.reasons[id]})
	}
	return res, &api.BulkError{Failed: res.Failed, Parts: res.Parts}
}

func (c partsClient) DeleteVersions(context.Context, string, []string) (*api.BulkResult, error) {
	return nil, errors.New("not used")
}

func (c partsClient) GetVersion(_ context.Context, _, id string) (*api.Version, *api.Response, error) {
	v, ok := c.current[id]
	if !ok {
		panic("read back " + id + ", which the test says is not read")
	}
	return &v, nil, nil
}

func TestOutcomesKeepEachPartsReason(t *testing.T) {
	t.Parallel()
	vs := sampleVersions()
	c := partsClient{
		reasons: map[string]error{vs[0].ID: errors.New("403 not yours"), vs[1].ID: errors.New("500 boom")},
		current: map[string]api.Version{vs[0].ID: vs[0], vs[1].ID: vs[1]},
	}
	edit := Edit{Name: api.Ptr("x")}
	p, err := edit.Patch()
	if err != nil {
		t.Fatal(err)
	}
	r := &Runner{Client: c, Journal: Journal{Dir: t.TempDir()}}
	e, err := r.Edit(t.Context(), Preview(vs, edit, nil), p)
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range []string{"403 not yours", "500 boom"} {
		if o := e.Outcomes[i]; o.Error != want || o.Status != StatusNotApplied {
			t.Errorf("outcome %d = %+v, want its own reason %q and not applied", i, o, want)
		}
	}
}

// noResponse is a request that never left, as the client reports it: no
// response, and not marked as maybe applied.
type noResponse struct{}

func (noResponse) Error() string { return "PATCH /x: context canceled" }
func (noResponse) Is(target error) bool {
	return target == api.ErrNoResponse || target == context.Canceled
}

// TestOutcomesOfAnInterruptedRun: once the run's context has ended, no
// version is read back; one whose request never left is not sent, one
// cut off under way is unknown, one the server refused is not applied.
func TestOutcomesOfAnInterruptedRun(t *testing.T) {
	t.Parallel()
	vs := append(sampleVersions(), api.Version{ID: "v0000003", Version: "1.2.0", Channel: release})
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	c := partsClient{reasons: map[string]error{
		vs[0].ID: noResponse{},
		vs[1].ID: fmt.Errorf("PATCH /x: context canceled (%w)", api.ErrMaybeApplied),
		vs[2].ID: &api.Error{StatusCode: 403, Message: "not yours"},
	}} // no current values: a read back would panic
	edit := Edit{Name: api.Ptr("x")}
	p, err := edit.Patch()
	if err != nil {
		t.Fatal(err)
	}
	r := &Runner{Client: c, Journal: Journal{Dir: t.TempDir()}}
	e, err := r.Edit(ctx, Preview(vs, edit, nil), p)
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range []Outcome{
		{Status: StatusNotApplied, NotSent: true, Retry: true},
		{Status: StatusUnknown, Retry: true},
		{Status: StatusNotApplied},
	} {
		o := e.Outcomes[i]
		if o.Status != want.Status || o.NotSent != want.NotSent || o.Retry != want.Retry {
			t.Errorf("%s: %+v, want %+v", vs[i].ID, o, want)
		}
	}
}
