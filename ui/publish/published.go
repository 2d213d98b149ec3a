package publish

import (
	"context"
	"errors"
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"

	"rdash/api"
	"rdash/internal/artifact"
	"rdash/internal/bulk"
	"rdash/internal/safe"
	"rdash/internal/verify"
	"rdash/ui/applyflow"
	"rdash/ui/markdown"
)

// published is a version the project already has under the version
// string about to be published, and how its files compare with the form's.
type published struct {
	version *api.Version
	cmp     artifact.Comparison
}

// findPublished asks, before the preview, whether the project already has
// the version string, as versions create --from does on a re-run: the
// same files are "already published", other files are listed, and either
// way nothing is uploaded only for the server to refuse it (409). It is
// one GET; the files are summed only when the version exists.
func (t *task) findPublished(ctx context.Context) error {
	t.published = nil
	v, _, err := t.client.GetVersion(ctx, t.project.Key(), t.req.Version)
	switch {
	case errors.Is(err, api.ErrNotFound):
		return nil
	case err != nil:
		return err // the preview says nothing was sent, and r asks again
	case v.Version != t.req.Version:
		return nil // the string is another version's ID, not a version string taken
	}
	sums, err := t.sums()
	if err != nil {
		return err
	}
	t.published = &published{version: v, cmp: artifact.Compare(sums, v.Files)}
	return nil
}

// sums are the form's files as artifact.Compare takes them, the first
// primary: an upload read whole for its SHA-256, a URL as it is.
func (t *task) sums() ([]artifact.FileSum, error) {
	out := make([]artifact.FileSum, len(t.files))
	for i, e := range t.files {
		s := artifact.FileSum{Name: e.name, URL: e.name}
		if !e.isURL() {
			var err error
			if s, err = artifact.Sum(e.path); err != nil {
				return nil, err
			}
			s.Name = e.name
		}
		s.Primary = i == 0
		out[i] = s
	}
	return out, nil
}

// publishedPreview says, in place of the preview, that the version
// exists: nothing is to be sent.
func (t *task) publishedPreview(width int) applyflow.Preview {
	s, p := t.styles, t.published
	name, project := safe.Line(t.req.Version), safe.Line(t.project.Key())
	head := []string{s.Title.Render(fmt.Sprintf("Publish %s to %s", name, project))}
	say := func(text string) []string {
		return strings.Split(markdown.Wrap(text, max(width, 10)), "\n")
	}
	if p.cmp.Same {
		lines := say(fmt.Sprintf("%s already has version %s, with these same files (name, size, SHA-256, primary): it is already published.", project, name))
		return applyflow.Preview{Header: head, Lines: lines, Blocked: s.Warn.Render("Already published: nothing to send · esc back")}
	}
	lines := say(fmt.Sprintf("%s already has version %s, with other files:", project, name))
	for _, d := range p.cmp.Differences {
		for j, l := range strings.Split(markdown.Wrap(safe.Line(d), max(width-4, 10)), "\n") {
			lead := "    "
			if j == 0 {
				lead = "  • "
			}
			lines = append(lines, lead+l)
		}
	}
	lines = append(lines, "")
	lines = append(lines, say("The server refuses a version string twice: change it to publish these files as a new version.")...)
	return applyflow.Preview{Header: head, Lines: lines, Blocked: s.Bad.Render("Nothing can be sent · esc back to the form")}
}

// Planned marks the version field when the version exists, so the form
// says it when esc goes back to it.
func (t *task) Planned(applyflow.Plan) tea.Cmd {
	if t.published == nil || t.found == nil {
		return nil
	}
	return t.found(t.published)
}

// foundPublished marks the version field with what the check found.
func (m *Model) foundPublished(p *published) tea.Cmd {
	why := "already published, with these same files"
	if !p.cmp.Same {
		why = safe.Line(m.project.Key()) + " already has it, with other files"
	}
	f := m.form
	f.rejected, f.refusal = &rejection{field: fVersion, value: f.text(fVersion), why: why}, ""
	return nil
}

// checkPublished compares the version the server made with what was sent
// (bulk.CheckCreated: read again where they differ), and returns it as the
// server holds it and the differences in words, which the results show
// under it (≠).
func (t *task) checkPublished(ctx context.Context, v *api.Version) (*api.Version, []string) {
	v, ds := bulk.CheckCreated(ctx, t.client, t.project.Key(), t.req, verifyFiles(t.files), v)
	return v, verify.Texts(ds)
}
