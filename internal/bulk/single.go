package bulk

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"rdash/api"
	"rdash/internal/verify"
)

// Single is the edit of one version, PATCH /projects/{projectId}/
// versions/{versionId}, as the command line (versions update) and the
// dashboard's edit screen both send it: one place holds which edits an
// undo can revert, how the journal records one, and how the server's
// answer is checked.
type Single struct {
	Project string
	Before  api.Version // the version as read before the edit
	Request api.UpdateVersionRequest
	// Channels resolve Request.Channel (an ID or slug) to the channel the
	// version moves to; one not among them stands for itself.
	Channels []api.Channel
	// Files is the file list the edit means, when Request.Files is set:
	// data.files in order, the first primary, with the uploads' sizes.
	Files []verify.File
	// Op names the edit in the sentences of its result: "this update".
	Op verify.Op

	followUp bool // made by FollowUp: offers none of its own
}

// SingleClient is what a single edit sends and reads with.
type SingleClient interface {
	UpdateVersion(ctx context.Context, projectID, versionID string, r *api.UpdateVersionRequest) (*api.Version, *api.Response, error)
	GetVersion(ctx context.Context, projectID, versionID string) (*api.Version, *api.Response, error)
}

// ErrNoJournal stops an undoable edit that could not be journaled.
var ErrNoJournal = errors.New("rdash has no state directory to keep the journal in, so nothing was sent; set RDASH_STATE_DIR")

// Undoable reports that an undo can revert the edit as it reverts a bulk
// edit: it changes neither the version string nor the files, which an
// undo cannot restore (it cannot upload the old files again).
func (s *Single) Undoable() bool { return s.Request.Version == nil && s.Request.Files == nil }

// NotUndoable says which part of the edit an undo cannot restore.
func (s *Single) NotUndoable() string {
	var lost []string
	if s.Request.Version != nil {
		lost = append(lost, "the version string")
	}
	if s.Request.Files != nil {
		lost = append(lost, "the files")
	}
	return "not undoable: an undo cannot restore " + strings.Join(lost, " or ")
}

// Want is the version's metadata as the edit means it to be.
func (s *Single) Want() api.Version {
	r, w := s.Request, s.Before
	if r.Channel != nil {
		w.Channel = resolveChannel(*r.Channel, s.Channels)
	}
	set := func(dst *string, v *string) {
		if v != nil {
			*dst = *v
		}
	}
	set(&w.Version, r.Version)
	set(&w.Name, r.Name)
	set(&w.Changelog, r.Changelog)
	if r.MinecraftVersions != nil {
		w.MinecraftVersions = r.MinecraftVersions
	}
	if r.Platforms != nil {
		w.Platforms = r.Platforms
	}
	if r.Dependencies != nil {
		w.Dependencies = r.Dependencies
	}
	return w
}

// Patch is the edit as the bulk edit the journal records, which undo
// reverts; only an undoable edit is journaled.
func (s *Single) Patch() *api.BulkPatch {
	r := s.Request
	return &api.BulkPatch{Channel: r.Channel, Name: r.Name, Changelog: r.Changelog,
		MinecraftVersions: r.MinecraftVersions, Platforms: r.Platforms, Dependencies: r.Dependencies}
}

// DropUnchanged leaves out of the request every field that holds the
// version's value already, and the files when the list is the version's
// (same names, same primary, no upload): a value that changes nothing is
// not sent, and an edit of nothing is not sent at all (Empty).
func (s *Single) DropUnchanged() {
	r, b := &s.Request, s.Before
	same := func(p *string, v string) *string {
		if p != nil && *p == v {
			return nil
		}
		return p
	}
	r.Version, r.Name, r.Changelog = same(r.Version, b.Version), same(r.Name, b.Name), same(r.Changelog, b.Changelog)
	if r.Channel != nil && verify.SameChannel(resolveChannel(*r.Channel, s.Channels), b.Channel) {
		r.Channel = nil
	}
	if r.MinecraftVersions != nil && slices.Equal(r.MinecraftVersions, b.MinecraftVersions) {
		r.MinecraftVersions = nil
	}
	if r.Platforms != nil && slices.Equal(r.Platforms, b.Platforms) {
		r.Platforms = nil
	}
	if r.Dependencies != nil && slices.Equal(r.Dependencies, b.Dependencies) {
		r.Dependencies = nil
	}
	if r.Files != nil && len(r.Uploads) == 0 && slices.Equal(r.Files, FileKeys(b.Files)) {
		r.Files, s.Files = nil, nil
	}
}

// Empty reports that the edit changes nothing, so nothing is to be sent.
func (s *Single) Empty() bool {
	r := s.Request
	return r.Channel == nil && r.Version == nil && r.Name == nil && r.Changelog == nil &&
		r.MinecraftVersions == nil && r.Platforms == nil && r.Dependencies == nil && r.Files == nil && len(r.Uploads) == 0
}

// FileKeys are the data.files items that keep files as they are, the
// primary first.
func FileKeys(files []api.File) []string {
	var primary, rest []string
	for _, f := range files {
		if f.IsPrimary {
			primary = append(primary, verify.Key(f))
		} else {
			rest = append(rest, verify.Key(f))
		}
	}
	return append(primary, rest...)
}

// entry is the journal's record of an undoable edit, before it is sent.
func (s *Single) entry(now time.Time) *Entry {
	return &Entry{Time: now, Kind: KindEdit, Project: s.Project, Patch: s.Patch(),
		Before: []api.Version{s.Before}, After: []api.Version{s.Want()}}
}

// journalError is a journal that could not be written before sending.
func journalError(err error) error { return fmt.Errorf("nothing was sent: %w", err) }
