package bulk

import (
	"context"
	"fmt"
	"maps"

	"golang.org/x/sync/errgroup"

	"rdash/api"
	"rdash/internal/verify"
)

// settle finds what the server holds of every version the run changed,
// compares it with the plan and records it: each version's differences
// in words in its outcome, and the version as the server holds it in
// e.After, which the journal keeps, so an undo restores from the truth.
//
// What the server holds is its answer where it gave one (a bulk PATCH may
// answer every version, one, or nothing: the interface does not say),
// else a read after the write; a version whose answer differs from the
// plan is read again before the difference is reported, since an answer
// may describe another moment (a server that answers the versions as
// they were). A deletion answers nothing, so every version deleted is
// looked for. Once ctx has ended (Ctrl+C) nothing is read.
func (r *Runner) settle(ctx context.Context, e *Entry, answered, fresh map[string]api.Version) {
	if ctx.Err() != nil {
		return
	}
	if e.Kind == KindDelete {
		r.settleDeletes(ctx, e)
		return
	}
	var unread []string
	for _, o := range e.Outcomes {
		_, a := answered[o.ID]
		if _, f := fresh[o.ID]; o.Status == StatusUpdated && !a && !f {
			unread = append(unread, o.ID)
		}
	}
	held := r.read(ctx, unread)
	maps.Copy(held, answered)
	before, want := byID(e.Before), byID(e.After)
	op := opOf(e)
	var again []string
	for _, o := range e.Outcomes {
		_, f := fresh[o.ID]
		if v, ok := held[o.ID]; ok && !f && o.Status == StatusUpdated && len(verify.Version(op, before[o.ID], want[o.ID], v)) > 0 {
			again = append(again, o.ID)
		}
	}
	maps.Copy(held, r.readEach(ctx, again))
	maps.Copy(held, fresh)
	for i, o := range e.Outcomes {
		v, ok := held[o.ID]
		if !ok || o.Status != StatusUpdated {
			continue
		}
		e.Outcomes[i].Differences = verify.Texts(verify.Version(op, before[o.ID], want[o.ID], v))
		e.setAfter(v)
	}
}

// settleDeletes looks for every version the run deleted: one the server
// still has was not deleted, whatever its answer said.
func (r *Runner) settleDeletes(ctx context.Context, e *Entry) {
	var ids []string
	for _, o := range e.Outcomes {
		if o.Status == StatusDeleted {
			ids = append(ids, o.ID)
		}
	}
	still := r.read(ctx, ids)
	for i, o := range e.Outcomes {
		if _, ok := still[o.ID]; ok && o.Status == StatusDeleted {
			e.Outcomes[i].Status = StatusNotApplied
			e.Outcomes[i].Differences = []string{fmt.Sprintf("the server still has %s after answering that it deleted it", o.Version)}
		}
	}
}

// read returns the versions of ids the server has, through Reader when
// there is one; one that cannot be read is left out (its outcome stands).
func (r *Runner) read(ctx context.Context, ids []string) map[string]api.Version {
	if r.Reader == nil || len(ids) == 0 {
		return r.readEach(ctx, ids)
	}
	found, _, err := LoadSome(ctx, r.Reader, r.Project, ids)
	if err != nil {
		return r.readEach(ctx, ids)
	}
	return byID(found)
}

// readEach reads each of ids through Client.
func (r *Runner) readEach(ctx context.Context, ids []string) map[string]api.Version {
	got := make([]*api.Version, len(ids))
	var g errgroup.Group
	g.SetLimit(concurrency)
	for i, id := range ids {
		g.Go(func() error {
			got[i], _, _ = r.Client.GetVersion(ctx, r.Project, id)
			return nil
		})
	}
	_ = g.Wait() // a version not read is left out, never an error
	return versionsByID(got)
}

// setAfter puts v in place of its version's expected values in e.After.
func (e *Entry) setAfter(v api.Version) {
	for i := range e.After {
		if e.After[i].ID == v.ID {
			e.After[i] = v
			return
		}
	}
}

// versionsByID are the versions of vs that are there, by ID.
func versionsByID(vs []*api.Version) map[string]api.Version {
	m := map[string]api.Version{}
	for _, v := range vs {
		if v != nil {
			m[v.ID] = *v
		}
	}
	return m
}

// opOf names the run in a sentence.
func opOf(e *Entry) verify.Op {
	if e.Undoes != "" {
		return "this undo"
	}
	return "this edit"
}
