package publish

import (
	"errors"
	"slices"
	"time"

	"rdash/api"
	"rdash/internal/bulk"
	"rdash/internal/safe"
)

// undoable reports that an edit can be undone as a bulk edit is: it
// changes neither the version string nor the files, which an undo cannot
// restore.
func undoable(u *api.UpdateVersionRequest) bool { return u.Version == nil && u.Files == nil }

// errNoStateDir stops an undoable edit that could not be journaled.
var errNoStateDir = errors.New("rdash has no state directory to keep the journal in, so nothing was sent; set RDASH_STATE_DIR")

// journalEntry is the edit as the journal records it, before it is sent:
// the version as it was and as the edit means it to be.
func journalEntry(project string, before api.Version, u *api.UpdateVersionRequest, channels []api.Channel, now time.Time) *bulk.Entry {
	after := before
	if u.Channel != nil {
		after.Channel = api.Channel{Slug: *u.Channel}
		if i := slices.IndexFunc(channels, func(c api.Channel) bool { return c.Slug == *u.Channel || c.ID == *u.Channel }); i >= 0 {
			after.Channel = channels[i]
		}
	}
	if u.Name != nil {
		after.Name = *u.Name
	}
	if u.Changelog != nil {
		after.Changelog = *u.Changelog
	}
	if u.MinecraftVersions != nil {
		after.MinecraftVersions = u.MinecraftVersions
	}
	if u.Platforms != nil {
		after.Platforms = u.Platforms
	}
	if u.Dependencies != nil {
		after.Dependencies = u.Dependencies
	}
	patch := &api.BulkPatch{Channel: u.Channel, Name: u.Name, Changelog: u.Changelog,
		MinecraftVersions: u.MinecraftVersions, Platforms: u.Platforms, Dependencies: u.Dependencies}
	return &bulk.Entry{Time: now, Kind: bulk.KindEdit, Project: project, Patch: patch,
		Before: []api.Version{before}, After: []api.Version{after}}
}

// recorded says what the journal holds after an edit that went through.
func recorded(j *bulk.Journal, e *bulk.Entry, v api.Version) string {
	if j == nil || e == nil {
		return "not journaled: an undo cannot restore a version string or files"
	}
	e.After = []api.Version{v}
	e.Outcomes = []bulk.Outcome{{ID: v.ID, Version: v.Version, Status: bulk.StatusUpdated}}
	if err := j.Write(e); err != nil {
		return "updated, but the journal could not record it (" + safe.Line(err.Error()) + "): undo may not find it"
	}
	return "journaled: u on the versions list undoes it"
}
