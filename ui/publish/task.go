package publish

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"rdash/api"
	"rdash/internal/artifact"
	"rdash/internal/bulk"
	"rdash/internal/explain"
	"rdash/internal/safe"
	"rdash/ui/applyflow"
	"rdash/ui/common"
)

// task publishes the version the form described when it was sent to the
// preview. It knows the request and where it goes, not the screen.
type task struct {
	client  Client
	project common.ProjectRef
	req     *api.CreateVersionRequest
	files   []entry
	styles  *common.Styles
	up      *common.Meter    // the bytes uploaded
	now     func() time.Time // the clock the journal is dated by
	// update and before, when set, make it the edit of one version.
	update *api.UpdateVersionRequest
	before *api.Version
	// journal keeps an undoable edit (nil: no state directory); channels
	// name the channel an edit moves to.
	journal  *bulk.Journal
	channels []api.Channel
	logDiff  applyflow.Diff // an edit's changelog change, made by Plan
	drawn    struct {       // the preview as last drawn, on the UI goroutine
		ok      bool
		width   int
		preview applyflow.Preview
	}
	// ran is told how the run ended (the version as the server answered,
	// or why not), on the UI goroutine.
	ran func(v *api.Version, err error) tea.Cmd
	// published is the version a new one's string already names, found by
	// Plan; found is told of it on the UI goroutine.
	published *published
	found     func(*published) tea.Cmd

	// next is the follow-up the last edit's answer offers (r sends it);
	// followUp, set on the job that sends it, is the edit it sends.
	next, followUp *bulk.FollowUp
}

// Plan works out, for a new version, whether the project already has its
// version string (findPublished), and for an edit the changelog's change:
// a diff reads both texts whole, so it is made here, in a command, not in
// the preview.
func (t *task) Plan(ctx context.Context) (applyflow.Plan, error) {
	if t.update == nil {
		if err := t.findPublished(ctx); err != nil {
			return nil, err
		}
	}
	if t.update != nil && t.update.Changelog != nil {
		t.logDiff = applyflow.NewDiff(t.before.Changelog, *t.update.Changelog)
	}
	return t, nil
}

func (t *task) Waiting() applyflow.Preview {
	return applyflow.Preview{Header: []string{t.styles.Title.Render("Publish " + safe.Line(t.req.Version))}}
}

func (t *task) Confirm() applyflow.Confirm { return applyflow.Confirm{} }

func (t *task) Job() applyflow.Job { return t }

func (t *task) Size() int { return 1 }

func (t *task) Words() applyflow.Words {
	if t.update != nil {
		return applyflow.Words{Verb: "editing " + safe.Line(t.before.Version), Of: t.project.Key(), Results: "Edit",
			Record: "On the server", Running: "Editing " + safe.Line(t.before.Version) + " of " + safe.Line(t.project.Key())}
	}
	return applyflow.Words{Verb: "publishing " + safe.Line(t.req.Version), Of: t.project.Key(), Results: "Publish",
		Record: "On the server", Running: "Publishing " + safe.Line(t.req.Version) + " to " + safe.Line(t.project.Key())}
}

func (t *task) Retry(map[string]bool) applyflow.Job { return t.retryJob() }

// uploadBytes is the size of the files uploaded.
func (t *task) uploadBytes() int64 {
	var n int64
	for _, e := range t.files {
		if e.isUpload() {
			n += e.size
		}
	}
	return n
}

// Preview is exactly what is sent: the data part's fields, then each
// file part (or URL). It is drawn once per width: the flow asks for it at
// every key, and an edit's changelog diff may be long to draw.
func (t *task) Preview(width int) applyflow.Preview {
	if !t.drawn.ok || t.drawn.width != width {
		t.drawn.ok, t.drawn.width, t.drawn.preview = true, width, t.draw(width)
	}
	return t.drawn.preview
}

func (t *task) draw(width int) applyflow.Preview {
	switch {
	case t.update != nil:
		return t.editPreview(width)
	case t.published != nil:
		return t.publishedPreview(width)
	}
	s, r := t.styles, t.req
	head := []string{
		s.Title.Render(fmt.Sprintf("Publish %s to %s", safe.Line(r.Version), safe.Line(t.project.Key()))),
		s.Muted.Render("This is what is sent, as one multipart request."),
	}
	row := func(label, value string) []string {
		return applyflow.Hang("  "+s.Label.Render(common.Fit(label, 15)), value, width)
	}
	orDefault := func(list []string) string {
		if list == nil {
			return s.Muted.Render(artifact.ConsequenceChannel)
		}
		return s.Value.Render(safe.Line(strings.Join(list, ", ")))
	}
	lines := slices.Concat(
		row("Channel", s.Value.Render(safe.Line(r.Channel))),
		row("Version", s.Value.Render(safe.Line(r.Version))),
		row("Name", s.Value.Render(safe.Line(r.Name))),
		row("Changelog", changelogSummary(s, r.Changelog)),
		row("Game versions", orDefault(r.MinecraftVersions)),
		row("Platforms", orDefault(r.Platforms)),
	)
	switch {
	case r.Dependencies == nil:
		lines = append(lines, row("Dependencies", s.Muted.Render(artifact.ConsequenceChannel))...)
	case len(r.Dependencies) == 0:
		lines = append(lines, row("Dependencies", s.Value.Render(depsNone))...)
	}
	for i, d := range r.Dependencies {
		label := ""
		if i == 0 {
			label = "Dependencies"
		}
		kind, id := d.Target()
		dep := d.Type + " " + kind + " " + id
		if d.URL != "" {
			dep += " (" + d.URL + ")"
		}
		lines = append(lines, row(label, s.Value.Render(safe.Line(dep)))...)
	}
	for i, e := range t.files {
		label, what := "", s.Muted.Render(" uploaded, "+common.Bytes(e.size))
		if i == 0 {
			label = "Files"
		}
		if e.isURL() {
			what = s.Muted.Render(" external URL")
		}
		prim := ""
		if i == 0 {
			prim = s.Good.Render(" primary")
		}
		lines = append(lines, row(label, s.Value.Render(safe.Line(e.name))+what+prim)...)
	}
	lines = append(lines, "", common.Cut("  "+s.Muted.Render(common.Bytes(t.uploadBytes())+" to upload"), width))
	return applyflow.Preview{Header: head, Lines: lines, Enter: "enter publishes it · esc back to the form"}
}

// isMaybe reports an error after which the change may exist.
func isMaybe(err error) bool { return errors.Is(err, api.ErrMaybeApplied) }

func changelogSummary(s *common.Styles, text string) string {
	if strings.TrimSpace(text) == "" {
		return s.Muted.Render("none")
	}
	first, _, _ := strings.Cut(strings.TrimSpace(text), "\n")
	n := strings.Count(strings.TrimSpace(text), "\n") + 1
	return s.Value.Render(safe.Line(first)) + s.Muted.Render(" ("+common.Plural(n, "line")+")")
}

// Bytes is how far the upload is (applyflow.ByteJob).
func (t *task) Bytes() (done, total int64, elapsed time.Duration) { return t.up.Snapshot() }

// CancelWords make the run cancellable (applyflow.CancellableJob).
func (t *task) CancelWords() (offer, cancelling string) {
	return "esc cancels the upload; the result then says what the server holds",
		"cancelling… the result says what the server holds"
}

// Start sends the request. Esc while it runs cancels its context (see
// applyflow.CancellableJob); the API then says whether the version may
// exist.
func (t *task) Start() (applyflow.Run, error) {
	return func(ctx context.Context, progress func(int)) applyflow.Report {
		t.up.StartNow()
		if t.update != nil {
			r := t.runEdit(ctx)
			progress(1)
			return r
		}
		req := *t.req
		req.Progress = t.up.Set
		v, _, err := t.client.CreateVersion(ctx, t.project.Key(), &req)
		v, err = bulk.Created(ctx, t.client, t.project.Key(), t.req, v, err)
		var differs []string
		if err == nil {
			v, differs = t.checkPublished(ctx, v)
		}
		progress(1)
		rep := t.report(v, err, applyflow.Cancelled(ctx))
		rep.Outcomes[0].Differs = differs
		return rep
	}, nil
}

// report says how the run ended: published, not created (nothing exists:
// the draft is kept for the form), or unknown (the server may hold it).
func (t *task) report(v *api.Version, err error, cancelled bool) applyflow.Report {
	name := safe.Line(t.req.Version)
	then := func() tea.Cmd { return t.ran(v, err) }
	switch {
	case err == nil:
		return applyflow.Report{
			Outcomes: []applyflow.Outcome{{ID: v.ID, Name: safe.Line(v.Version), Status: "published"}},
			Record:   []string{"version " + safe.Line(v.Version) + " is " + safe.Line(v.ID)},
			Notes:    filledNotes(t.req, v),
			Then:     then,
		}
	case isMaybe(err):
		return applyflow.Report{Outcomes: []applyflow.Outcome{{ID: "-", Name: name, Status: "unknown", Failed: true, Retry: true,
			Error: maybeWhy(err, cancelled, "If it went through, sending again is refused as a conflict: nothing is published twice.")}},
			Record: []string{"version " + name + " may or may not exist: reload the list to check"}, Then: then}
	}
	o := refusal("-", name, "not created", err)
	if cancelled {
		o.Error = "Cancelled before the upload began; nothing was created."
	}
	return applyflow.Report{Outcomes: []applyflow.Outcome{o}, Record: []string{"nothing was created"}, Then: then}
}

// maybeWhy says why a run's outcome is not known, and what sending again
// does.
func maybeWhy(err error, cancelled bool, again string) string {
	parts := []string{common.Describe(err).Text(), again}
	if cancelled {
		parts = append([]string{"Cancelled during the upload."}, parts...)
	}
	return strings.Join(slices.DeleteFunc(parts, func(s string) bool { return s == "" }), " ")
}

// refusal is a run that sent nothing the server kept: the server's reason
// names the form's fields by their labels, and a refusal says what to
// change rather than offer a retry that would be refused again (the
// results offer e, back to the form, the field marked).
func refusal(id, name, status string, err error) applyflow.Outcome {
	return applyflow.Outcome{ID: id, Name: name, Status: status, Failed: true, Retry: explain.Retryable(err),
		Error: common.Describe(err).Text(), Fix: explain.Change(err, "it")}
}
