package bulk

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"sync"
	"time"

	"golang.org/x/sync/errgroup"

	"rdash/api"
)

// Client is the part of the API client that bulk operations use.
type Client interface {
	UpdateVersions(ctx context.Context, projectID string, ids []string, patch *api.BulkPatch) (*api.BulkResult, error)
	DeleteVersions(ctx context.Context, projectID string, ids []string) (*api.BulkResult, error)
	GetVersion(ctx context.Context, projectID, versionID string) (*api.Version, *api.Response, error)
}

// Status is what is known of one version after a bulk operation.
type Status string

// The statuses. Unknown is only used when even a fresh read failed.
const (
	StatusUpdated    Status = "updated"
	StatusDeleted    Status = "deleted"
	StatusNotApplied Status = "not applied"
	StatusUnknown    Status = "unknown"
)

// Outcome is the result for one version. Error holds the server's reason
// when the request for it failed, even if the change turned out applied.
type Outcome struct {
	ID      string `json:"id"`
	Version string `json:"version"`
	Status  Status `json:"status"`
	Error   string `json:"error,omitempty"`
	// Retry is set on a version that did not end as intended when sending
	// it again may help: the request failed on the way or the server was
	// busy or failing. A refusal (a bad value, a missing scope or
	// permission, an unknown version) is not worth a retry.
	Retry bool `json:"retry,omitempty"`
	// NotSent is set on a version not applied because its request never
	// left: the run was interrupted first, the server could not be
	// reached, or the client refused the request.
	NotSent bool `json:"not_sent,omitempty"`
	// Differences say, in words, how what the server holds after the run
	// differs from what the change meant (verify.Version): a value it
	// kept, did not take, or chose itself. None when it holds the plan.
	Differences []string `json:"differences,omitempty"`
}

// Runner applies bulk operations to one project, journaling each first.
type Runner struct {
	Client Client
	// Reader, when set, reads back the versions the server's answers do
	// not give (Load's way: by pages past a few); nil reads them one by
	// one through Client.
	Reader  Reader
	Journal Journal
	Project string
	// Progress, when set, is called as requests end with the number of
	// versions done out of total. It may be called from several goroutines.
	Progress func(done, total int)
	// Now is the clock; nil means time.Now.
	Now func() time.Time
}

// concurrency bounds the verifying reads, and the calls of an undo with
// several patches; the client bounds the requests they make in flight.
const concurrency = 4

func (r *Runner) now() time.Time {
	if r.Now != nil {
		return r.Now()
	}
	return time.Now()
}

// Edit journals the old values of changes, applies patch to them, and
// verifies every version whose request failed. The journal is written
// before anything is sent; if that fails, nothing is sent.
//
// The caller has shown the preview and refused changes with a Problem
// (Check); the patch is checked once more, at the API boundary, by the
// client, which sends nothing when it is invalid.
func (r *Runner) Edit(ctx context.Context, changes []Change, patch *api.BulkPatch) (*Entry, error) {
	e := &Entry{Time: r.now(), Kind: KindEdit, Project: r.Project, Patch: patch}
	for _, c := range changes {
		e.Before = append(e.Before, c.Before)
		e.After = append(e.After, c.After)
	}
	return e, r.run(ctx, e, []Group{{IDs: ids(e.Before), Patch: patch}})
}

// Undo sends the plan u (see PlanUndo), journaled like an edit so that it
// can itself be undone, and marks the edit undone once every version it
// sent ended restored. A partial undo leaves the edit undoable, so the
// next undo finishes the job: versions already restored are left out then.
func (r *Runner) Undo(ctx context.Context, u *Undo) (*Entry, error) {
	if u.Entry.Kind != KindEdit {
		return nil, fmt.Errorf("entry %s is a %s and cannot be undone", u.Entry.ID, u.Entry.Kind)
	}
	e := &Entry{Time: r.now(), Kind: KindEdit, Project: u.Entry.Project, Undoes: u.Entry.ID, Kept: u.Kept}
	for _, c := range u.Changes {
		e.Before = append(e.Before, c.Before)
		e.After = append(e.After, c.After)
	}
	if err := r.run(ctx, e, u.Groups); err != nil {
		return e, err
	}
	if !e.complete() {
		return e, nil
	}
	u.Entry.UndoneBy = e.ID
	return e, r.Journal.MarkUndone(u.Entry.ID, e.ID)
}

// Delete journals versions (metadata and changelog, for the record: the
// interface cannot restore them) and deletes them.
func (r *Runner) Delete(ctx context.Context, versions []api.Version) (*Entry, error) {
	e := &Entry{Time: r.now(), Kind: KindDelete, Project: r.Project, Before: versions}
	return e, r.run(ctx, e, []Group{{IDs: ids(versions)}})
}

// run journals e, sends every group, verifies failures, checks what the
// server holds against the plan (settle), and journals the outcomes and
// the versions as the server holds them.
//
// What the client would refuse before sending (a patch against the
// interface's rules) is refused here, before the journal is written: a
// request refused locally leaves no entry. An entry whose every version
// ended not applied
// (the server refused the request, or it never left) is removed at the
// end: it has nothing to undo, and it may be large.
func (r *Runner) run(ctx context.Context, e *Entry, groups []Group) error {
	for _, g := range groups {
		if g.Patch != nil {
			if err := g.Patch.Validate(); err != nil {
				return fmt.Errorf("nothing was sent: %w", err)
			}
		}
	}
	if err := r.Journal.Write(e); err != nil {
		return fmt.Errorf("nothing was sent: %w", err)
	}
	failed, returned := r.send(ctx, e.Kind, groups, len(e.Before))
	outcomes, read := r.verify(ctx, e, failed)
	e.Outcomes, e.Returned = outcomes, returned
	r.settle(ctx, e, byID(returned), versionsByID(read))
	if !e.changed() {
		return r.Journal.Discard(e)
	}
	return r.Journal.Write(e)
}

// send hands each group to the client in one call (the client splits it
// into requests and bounds those in flight) and returns the reason for
// each ID that failed, and the versions as the server answered for the
// parts that succeeded.
func (r *Runner) send(ctx context.Context, kind string, groups []Group, total int) (map[string]error, []api.Version) {
	var (
		mu       sync.Mutex
		failed   = map[string]error{}
		returned []api.Version
		done     = make([]int, len(groups)) // per group, as its call reports
		sum      int
	)
	// report is called with mu held.
	report := func(i, n int) {
		if r.Progress == nil || n <= done[i] {
			return
		}
		sum += n - done[i]
		done[i] = n
		r.Progress(sum, total)
	}
	var g errgroup.Group
	g.SetLimit(concurrency)
	for i, grp := range groups {
		gctx := api.WithBulkProgress(ctx, func(n, _ int) {
			mu.Lock()
			defer mu.Unlock()
			report(i, n)
		})
		g.Go(func() error {
			res, err := r.sendGroup(gctx, kind, grp)
			mu.Lock()
			defer mu.Unlock()
			recordFailures(failed, grp.IDs, res, err)
			if res != nil {
				returned = append(returned, res.Versions...)
			}
			report(i, len(grp.IDs)) // a client that reported nothing (a fake, a refusal)
			return nil
		})
	}
	_ = g.Wait() // calls report failures through the map, never an error
	return failed, returned
}

func (r *Runner) sendGroup(ctx context.Context, kind string, grp Group) (*api.BulkResult, error) {
	if kind == KindDelete {
		return r.Client.DeleteVersions(ctx, r.Project, grp.IDs)
	}
	return r.Client.UpdateVersions(ctx, r.Project, grp.IDs, grp.Patch)
}

// recordFailures keeps each failed ID's own reason: the part's error when
// the client reports parts, the whole error only when nothing came back.
func recordFailures(failed map[string]error, batch []string, res *api.BulkResult, err error) {
	if res == nil {
		if err != nil {
			for _, id := range batch {
				failed[id] = err
			}
		}
		return
	}
	for _, f := range res.Failed {
		for _, id := range f.IDs {
			failed[id] = f.Err
		}
	}
}

// verify reads back every version whose request failed, since a failed
// request may still have been applied, and returns the outcomes and the
// versions read. A request that never left was not applied; once ctx has
// ended (Ctrl+C) nothing is read, since the run was asked to stop: a
// request cut off under way stays unknown, and one the server refused is
// not applied.
func (r *Runner) verify(ctx context.Context, e *Entry, failed map[string]error) ([]Outcome, []*api.Version) {
	out := make([]Outcome, len(e.Before))
	read := make([]*api.Version, len(e.Before))
	after := byID(e.After)
	var g errgroup.Group
	g.SetLimit(concurrency)
	for i, before := range e.Before {
		reason, bad := failed[before.ID]
		out[i] = Outcome{ID: before.ID, Version: before.Version, Status: done(e.Kind)}
		if !bad {
			continue
		}
		o := &out[i]
		o.Error, o.Retry = reason.Error(), retryable(reason)
		switch {
		case notSent(reason):
			o.Status, o.NotSent = StatusNotApplied, true
			continue
		case ctx.Err() != nil && errors.Is(reason, api.ErrMaybeApplied):
			o.Status = StatusUnknown
			continue
		case ctx.Err() != nil: // refused: the client marks every failure that may have been applied
			o.Status = StatusNotApplied
			continue
		}
		g.Go(func() error {
			o.Status, read[i] = r.check(ctx, e.Kind, before, after[before.ID])
			o.Retry = o.Retry && (o.Status == StatusNotApplied || o.Status == StatusUnknown)
			return nil
		})
	}
	_ = g.Wait() // checks record their answer in out, never an error
	return out, read
}

// notSent reports whether a failed request certainly never reached the
// server: the client refused it, or it got no response and the client
// does not say it may have been applied (it says so of every request
// that left).
func notSent(err error) bool {
	var ve *api.ValidationError
	return errors.As(err, &ve) || errors.Is(err, api.ErrNoResponse) && !errors.Is(err, api.ErrMaybeApplied)
}

func done(kind string) Status {
	if kind == KindDelete {
		return StatusDeleted
	}
	return StatusUpdated
}

// check reads one version back and says which state it is in, with the
// version read (nil when there is none).
func (r *Runner) check(ctx context.Context, kind string, before, want api.Version) (Status, *api.Version) {
	got, _, err := r.Client.GetVersion(ctx, r.Project, before.ID)
	switch {
	case kind == KindDelete && isNotFound(err):
		return StatusDeleted, nil
	case err != nil:
		return StatusUnknown, nil
	case kind == KindDelete:
		return StatusNotApplied, got
	case len(Diff(want, *got)) == 0:
		return StatusUpdated, got
	case len(Diff(before, *got)) == 0:
		return StatusNotApplied, got
	}
	return StatusUnknown, got
}

func ids(vs []api.Version) []string {
	out := make([]string, len(vs))
	for i, v := range vs {
		out[i] = v.ID
	}
	return out
}

func byID(vs []api.Version) map[string]api.Version {
	m := make(map[string]api.Version, len(vs))
	for _, v := range vs {
		m[v.ID] = v
	}
	return m
}

func isNotFound(err error) bool { return errors.Is(err, api.ErrNotFound) }

// retryable reports whether a failed request may succeed when sent again:
// not when the service refused it with a 4xx other than 408 and 429, nor
// when the client refused it before sending.
func retryable(err error) bool {
	var ve *api.ValidationError
	var ae *api.Error
	switch {
	case errors.As(err, &ve):
		return false
	case errors.As(err, &ae):
		return ae.StatusCode >= 500 || ae.StatusCode == http.StatusTooManyRequests || ae.StatusCode == http.StatusRequestTimeout
	}
	return true // the connection, the context, a malformed answer
}
