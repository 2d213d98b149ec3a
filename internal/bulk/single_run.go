package bulk

import (
	"context"
	"errors"
	"fmt"
	"time"

	"rdash/api"
	"rdash/internal/verify"
)

// SingleResult is how a single edit ended.
type SingleResult struct {
	// Version is the version as the server holds it after the edit: its
	// answer, or a read after it where the answer differs from the plan.
	// Nil when the edit failed.
	Version *api.Version
	// Differences say how Version differs from the plan, metadata and
	// files (Files.Differences are among them).
	Differences []verify.Difference
	Files       verify.FileReport
	// Entry is the journal's record of an undoable edit: the version as
	// it was and as the server holds it now. Nil for an edit not
	// undoable, and for one that failed and was taken back.
	Entry *Entry
	// JournalErr is why the journal could not record the outcome of an
	// edit that went through, or take back the entry of one that failed.
	JournalErr error
}

// Run sends the edit: an undoable one is journaled first, and nothing is
// sent when that fails (j nil: ErrNoJournal). The server's answer is
// checked against the plan (a read after it where they differ, since an
// answer may describe another moment), and the journal records the
// version as the server holds it, so an undo restores from the truth. An
// answer that shows no version (a success with no body) is a read after
// it. A failure is returned as the client's error, with the entry taken back
// unless the edit may have been applied (an undo then compares the
// version as it is with what the edit meant).
func (s *Single) Run(ctx context.Context, c SingleClient, j *Journal, now time.Time) (*SingleResult, error) {
	res := &SingleResult{}
	if s.Undoable() {
		if j == nil {
			return nil, ErrNoJournal
		}
		res.Entry = s.entry(now)
		if err := j.Write(res.Entry); err != nil {
			return nil, journalError(err)
		}
	}
	req := s.Request
	v, _, err := c.UpdateVersion(ctx, s.Project, s.Before.ID, &req)
	if shownNothing(v, err) {
		// The server said it changed the version and showed nothing of
		// it (a 204, {}, data null; or a client that decodes that as no
		// version and no error): what it holds is read.
		again, _, gerr := c.GetVersion(ctx, s.Project, s.Before.ID)
		switch {
		case gerr == nil:
			v, err = again, nil
		case err == nil:
			err = fmt.Errorf("version %s: the server answered the change without showing the version, and reading it failed (%w): "+
				"it may or may not have been changed: %w", s.Before.Version, gerr, api.ErrMaybeApplied)
		}
	}
	if err != nil {
		if res.Entry != nil && !errors.Is(err, api.ErrMaybeApplied) {
			res.JournalErr = j.Discard(res.Entry)
			res.Entry = nil
		}
		return res, err
	}
	res.Version = v
	if s.check(res); len(res.Differences) > 0 {
		if again, _, err := c.GetVersion(ctx, s.Project, v.ID); err == nil {
			res.Version = again
			s.check(res)
		}
	}
	if e := res.Entry; e != nil {
		e.After = []api.Version{*res.Version}
		e.Outcomes = []Outcome{{ID: v.ID, Version: v.Version, Status: StatusUpdated, Differences: verify.Texts(res.Differences)}}
		res.JournalErr = j.Write(e)
	}
	return res, nil
}

// shownNothing reports a write's answer that shows no version: a success
// the client could not decode as one, or none with no error.
func shownNothing(v *api.Version, err error) bool {
	return errors.Is(err, api.ErrMalformedResponse) || v == nil && err == nil
}

// check compares res.Version with the plan.
func (s *Single) check(res *SingleResult) {
	got := *res.Version
	res.Differences = verify.Version(s.Op, s.Before, s.Want(), got)
	res.Files = verify.FileReport{}
	if s.Request.Files != nil {
		res.Files = verify.Files(s.Op, s.Before.Files, s.Files, got.Files)
		res.Differences = append(res.Differences, res.Files.Differences...)
	}
}

// Record says what the journal holds after an edit that went through;
// undo says how to undo it on this surface ("u on the versions list
// undoes it").
func (s *Single) Record(res *SingleResult, undo string) string {
	switch {
	case res.Entry == nil:
		return s.NotUndoable()
	case res.JournalErr != nil:
		return "updated, but the journal could not record it (" + res.JournalErr.Error() + "): undo may not find it"
	}
	return "journaled: " + undo
}
