package publish

import (
	"context"
	"strings"
	"testing"

	"rdash/ui/applyflow"
	"rdash/ui/common"
	"rdash/ui/internal/uitest"
	"rdash/ui/route"
)

// scoped is a session whose sign-in has only some scopes.
type scoped struct {
	common.Session
	scopes []string
}

func (s scoped) Account(ctx context.Context) (common.Account, error) {
	a, err := s.Session.Account(ctx)
	a.Scopes = s.scopes
	return a, err
}

// openEditAs opens the edit of lumen 2.4.0 as the session's user.
func openEditAs(t *testing.T, s common.Session, c Client) *env {
	t.Helper()
	v, _, err := c.GetVersion(t.Context(), "lumen", "2.4.0")
	if err != nil {
		t.Fatal(err)
	}
	cc := uitest.Common(t)
	cc.Session = s
	m := NewEdit(cc, c, route.DetailArgs{Project: common.ProjectRef{Slug: "lumen"}, Version: *v})
	e := &env{t: t, m: m, w: 100, h: 30}
	e.d = uitest.NewDriver(t, uitest.Screen{S: m}, 100, 30)
	e.d.WaitFor("the version", func() bool { return m.before != nil && !m.sampling })
	return e
}

// TestEditSaysWhatTheUserLacks: before the form is filled, the edit says
// when the server will certainly refuse it: dave is neither lumen's owner
// nor in its organization; a sign-in without the update scope lacks it.
// Alice, who may, is told nothing.
func TestEditSaysWhatTheUserLacks(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		user   string
		scopes []string
		want   string
	}{
		{"dave", nil, "The server does not list lumen among dave's projects, so it may refuse to edit its versions: if it does, ask the project's owner to invite you."},
		{"alice", []string{"user:read", "project:read", "project:version:create"},
			"Your sign-in lacks the project:version:update scope, so the server will refuse to edit its versions"},
		{"alice", nil, ""},
	} {
		t.Run(tt.user, func(t *testing.T) {
			t.Parallel()
			s := uitest.NewSession(t, uitest.SessionOptions{User: tt.user})
			var sess common.Session = s
			if tt.scopes != nil {
				sess = scoped{Session: s, scopes: tt.scopes}
			}
			e := openEditAs(t, sess, s.Client)
			if tt.want == "" {
				e.d.WaitFor("the check", func() bool { return checked(e) })
				if strings.Contains(e.flat(), "refuse") {
					t.Fatalf("alice is warned:\n%s", e.d.Screen())
				}
				return
			}
			e.d.WaitFor("the warning", func() bool { return strings.Contains(e.flat(), tt.want) })
			e.check()
		})
	}
}

// checked reports that the access check has answered.
func checked(e *env) bool {
	for _, m := range e.d.Seen {
		if _, ok := m.(applyflow.AccessCheckedMsg); ok {
			return true
		}
	}
	return false
}
