package applyflow

import (
	"context"
	"slices"

	tea "charm.land/bubbletea/v2"

	"rdash/api"
	"rdash/internal/safe"
	"rdash/ui/common"
)

// AccessClient is the part of the API client the access check reads;
// *api.Client satisfies it.
type AccessClient interface {
	ListUserProjects(ctx context.Context, userID string) ([]api.Project, *api.Response, error)
}

// Access is what a screen checks before it offers a change: the project,
// the token scope the change needs (the interface's table of
// requirements), and the change in words ("edit versions of it").
type Access struct {
	Project common.ProjectRef
	Scope   string
	What    string
}

// AccessCheckedMsg says what the signed-in user lacks for a change, so
// the screen can say it before the form rather than after the server
// refuses; Lacks is empty when nothing is known to be missing (the
// permissions an organization gives its members are not readable, so a
// member may still be refused).
type AccessCheckedMsg struct{ Lacks string }

// CheckAccess reads the sign-in's scopes (s may be nil: no check) and
// the projects the user owns or whose organization they belong to
// (GET /users/@me/projects), in a command.
func CheckAccess(ctx context.Context, s common.Session, c AccessClient, a Access) tea.Cmd {
	if s == nil {
		return nil
	}
	return func() tea.Msg { return AccessCheckedMsg{Lacks: lacks(ctx, s, c, a)} }
}

func lacks(ctx context.Context, s common.Session, c AccessClient, a Access) string {
	acct, err := s.Account(ctx)
	switch {
	case err != nil:
		return ""
	case !acct.SignedIn:
		return "You are not signed in, so the server will refuse to " + a.What + ": sign in first (rdash auth login)."
	case len(acct.Scopes) > 0 && !slices.Contains(acct.Scopes, a.Scope):
		return "Your sign-in lacks the " + a.Scope + " scope, so the server will refuse to " + a.What +
			": sign in again granting it (rdash auth login)."
	}
	ps, _, err := c.ListUserProjects(ctx, api.Me)
	if err != nil || slices.ContainsFunc(ps, a.names) {
		return ""
	}
	// What the list means (owned, or an organization's the user belongs
	// to) the interface does not define, so the refusal is not promised.
	yours := "your projects"
	if acct.Name != "" {
		yours = safe.Line(acct.Name) + "'s projects"
	}
	return "The server does not list " + safe.Line(a.Project.Key()) + " among " + yours + ", so it may refuse to " +
		a.What + ": if it does, ask the project's owner to invite you."
}

// names reports that p is the project checked, named by ID or slug.
func (a Access) names(p api.Project) bool {
	r := a.Project
	return r.ID != "" && r.ID == p.ID || r.Slug != "" && (r.Slug == p.Slug || r.Slug == p.ID)
}
