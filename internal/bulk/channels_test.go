package bulk

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"

	"rdash/api"
)

// TestUndoOfAnUnresolvedChannelRestores reads a journal written before
// channels were resolved, where the channel an edit moved to is the slug
// as typed: undo must still see the version as the edit left it.
func TestUndoOfAnUnresolvedChannelRestores(t *testing.T) {
	t.Parallel()
	snapshot := api.Channel{ID: "chSNP001", Slug: "snapshot", Name: "Snapshot"}
	before := sampleVersions()[0]
	typed := Apply(before, Edit{Channel: api.Ptr("snapshot")}, nil) // as the CLI once journaled it
	if typed.Channel.ID != "snapshot" {
		t.Fatalf("setup: channel %+v", typed.Channel)
	}
	now := before
	now.Channel = snapshot
	u := PlanUndo(&Entry{Kind: KindEdit, Before: []api.Version{before}, After: []api.Version{typed}}, []api.Version{now})
	if len(u.Kept) != 0 || len(u.Changes) != 1 || u.Changes[0].After.Channel != before.Channel ||
		u.Groups[0].Patch.Channel == nil || *u.Groups[0].Patch.Channel != before.Channel.ID {
		t.Fatalf("undo plan: kept %+v, changes %+v", u.Kept, u.Changes)
	}
	// A channel changed since to a third one is kept.
	now.Channel = api.Channel{ID: "chBETA01", Slug: "beta", Name: "Beta"}
	if u := PlanUndo(&Entry{Kind: KindEdit, Before: []api.Version{before}, After: []api.Version{typed}}, []api.Version{now}); len(u.Kept) != 1 {
		t.Fatalf("a channel changed since: kept %+v, changes %+v", u.Kept, u.Changes)
	}
}

// channelRefuser refuses any channel filter with a 400 that has no body.
type channelRefuser struct{}

func (channelRefuser) ListVersions(_ context.Context, _ string, o *api.ListVersionsOptions) ([]api.Version, *api.Response, error) {
	if len(o.Channels) > 0 {
		return nil, nil, &api.Error{StatusCode: http.StatusBadRequest, Method: "GET", Path: "/projects/lumen/versions"}
	}
	return sampleVersions(), nil, nil
}

func (channelRefuser) GetVersion(context.Context, string, string) (*api.Version, *api.Response, error) {
	return nil, nil, errors.New("not asked")
}

// TestChannelRefusedWithNoReason: a server that refuses the channel as a
// filter and gives no reason: the refusal says so, with no empty ": " in
// its place.
func TestChannelRefusedWithNoReason(t *testing.T) {
	t.Parallel()
	_, err := ResolveChannel(t.Context(), channelRefuser{}, "lumen", "nightly", nil)
	var ve *api.ValidationError
	if !errors.As(err, &ve) || !strings.Contains(ve.Rule, "it refused it as a filter and gave no reason; seen: ") ||
		strings.Contains(ve.Rule, ": ;") {
		t.Fatalf("ResolveChannel = %v", err)
	}
}
