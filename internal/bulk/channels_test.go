package bulk

import (
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
