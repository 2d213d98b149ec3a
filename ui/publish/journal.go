package publish

import (
	"context"
	"errors"
	"strings"

	tea "charm.land/bubbletea/v2"

	"rdash/api"
	"rdash/internal/bulk"
	"rdash/internal/safe"
	"rdash/internal/verify"
	"rdash/ui/applyflow"
)

// undoable reports that an edit can be undone as a bulk edit is
// (bulk.Single.Undoable, the one place the rule lives).
func undoable(u *api.UpdateVersionRequest) bool { return (&bulk.Single{Request: *u}).Undoable() }

// single is the edit as bulk.Single sends it: the request of the fields
// the form changed, the version as read, and the file list it means; or
// the follow-up a run offered, when r sends it.
func (t *task) single() *bulk.Single {
	if t.followUp != nil {
		return t.followUp.Edit
	}
	return &bulk.Single{Project: t.project.Key(), Before: *t.before, Request: *t.update, Channels: t.channels,
		Files: verifyFiles(t.files), Op: "this edit"}
}

// verifyFiles is the form's file list as the server's answer is checked
// against: data.files in order, the first primary.
func verifyFiles(files []entry) []verify.File {
	out := make([]verify.File, len(files))
	for i, e := range files {
		out[i] = verify.File{Name: e.name, Upload: e.isUpload(), Size: e.size}
	}
	return out
}

// runEdit sends the edit (bulk.Single.Run: an undoable one is journaled
// first) and reports what the server holds.
func (t *task) runEdit(ctx context.Context) applyflow.Report {
	s := t.single()
	s.Request.Progress = t.up.Set
	res, err := s.Run(ctx, t.client, t.journal, t.now())
	name := safe.Line(s.Before.Version)
	switch {
	case errors.Is(err, bulk.ErrNoJournal):
		return notChanged(s.Before.ID, name, err.Error(), false)
	case res == nil: // the journal could not be written: nothing was sent
		return notChanged(s.Before.ID, name, sentence(err.Error()), true)
	}
	then := func() tea.Cmd { return t.ran(res.Version, err) }
	if err == nil {
		return t.edited(s, res, then)
	}
	if isMaybe(err) {
		return applyflow.Report{Outcomes: []applyflow.Outcome{{ID: s.Before.ID, Name: name, Status: "unknown", Failed: true, Retry: true,
			Error: maybeWhy(err, applyflow.Cancelled(ctx), "Sending again sets the same values, so it does no harm.")}},
			Record: []string{"version " + name + " may or may not be changed: reload to check"}, Then: then}
	}
	o := refusal(s.Before.ID, name, "not changed", err)
	if applyflow.Cancelled(ctx) {
		o.Error = "Cancelled before the upload began; nothing was changed."
	}
	record := "nothing was changed"
	if res.JournalErr != nil {
		record += ", but its journal entry could not be removed (" + safe.Line(res.JournalErr.Error()) + ")"
	}
	return applyflow.Report{Outcomes: []applyflow.Outcome{o}, Record: []string{record}, Then: then}
}

// edited is the report of an edit that went through: the version as the
// server holds it, how it differs from the plan (≠), and, when the answer
// shows the server read the files otherwise, the follow-up, which r sends
// (Retry).
func (t *task) edited(s *bulk.Single, res *bulk.SingleResult, then func() tea.Cmd) applyflow.Report {
	v := res.Version
	o := applyflow.Outcome{ID: v.ID, Name: safe.Line(v.Version), Status: "updated", Differs: verify.Texts(res.Differences)}
	if why, fix := s.Stuck(res); why != "" {
		o.Status, o.Failed, o.Error, o.Fix = "not as asked", true, why, fix
	}
	next := s.FollowUp(res)
	if next != nil {
		o.Status, o.Failed, o.Retry, o.Error = "not as asked", true, true, next.Why+" r sends it."
	}
	t.next = next
	rep := applyflow.Report{Outcomes: []applyflow.Outcome{o}, Then: then}
	if t.followUp == nil { // a follow-up is never journaled, which its edit's record said
		rep.Record = []string{s.Record(res, "u on the versions list undoes it")}
	}
	return rep
}

// sentence is s with its first letter a capital.
func sentence(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// retryJob is what r sends again: the follow-up the last run offered,
// else the same edit.
func (t *task) retryJob() applyflow.Job {
	if t.next == nil {
		return t
	}
	cp := *t
	cp.followUp, cp.next, cp.files = t.next, nil, nil
	cp.drawn.ok = false
	return &cp
}
