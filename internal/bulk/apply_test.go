package bulk

import (
	"context"
	"errors"
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
	v := c.current[id]
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
