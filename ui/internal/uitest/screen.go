package uitest

import (
	"context"
	"log/slog"
	"net/url"
	"sync"
	"testing"

	tea "charm.land/bubbletea/v2"

	"rdash/api"
	"rdash/config"
	"rdash/ui/common"
	"rdash/ui/markdown"
)

// Common returns what the root would hand a screen: dark styles, the
// default keys, the fixed clock and every route "registered". A screen's
// client is its Factory's argument, not part of Common.
func Common(t testing.TB) common.Common {
	return common.Common{
		Ctx: t.Context(), Config: Config(),
		Styles: common.NewStyles(common.Theme{Dark: true}), Keys: common.DefaultKeyMap(),
		Logger: slog.New(slog.DiscardHandler), Now: Now, Markdown: markdown.NewCache(),
		Routes: func(common.RouteKey) bool { return true },
	}
}

// Screen makes a screen drivable: it gets SetSize then the size message,
// as the root does, and its view is wrapped in a tea.View. When State is
// set, it plays the root's part for EditStateMsg: it applies the edit and
// answers with a StateMsg. When Me is set, it plays the root's part for
// WhoAmIMsg: it asks Me and answers with a MeMsg of the same seq.
type Screen struct {
	S     common.Screen
	State *config.State
	Me    common.UserGetter
}

// Init implements tea.Model.
func (s Screen) Init() tea.Cmd { return s.S.Init() }

// Update implements tea.Model.
func (s Screen) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		s.S.SetSize(msg.Width, msg.Height)
	case common.WhoAmIMsg:
		if s.Me != nil {
			c, seq := s.Me, msg.Seq
			return s, func() tea.Msg { return common.MeMsg{Seq: seq, Me: common.LookUpMe(context.Background(), c)} }
		}
	case common.EditStateMsg:
		if s.State != nil {
			msg.Edit(s.State)
			st := *s.State
			return s, func() tea.Msg { return common.StateMsg{State: st} }
		}
	}
	n, cmd := s.S.Update(msg)
	s.S = n
	return s, cmd
}

// View implements tea.Model.
func (s Screen) View() tea.View { return tea.NewView(s.S.View()) }

// Counting wraps a client and records the list requests it makes.
type Counting struct {
	*api.Client
	mu    sync.Mutex
	lists []api.ListVersionsOptions
}

// ListVersions records opts and calls the wrapped client.
func (c *Counting) ListVersions(ctx context.Context, p string, o *api.ListVersionsOptions) ([]api.Version, *api.Response, error) {
	c.mu.Lock()
	c.lists = append(c.lists, *o)
	c.mu.Unlock()
	return c.Client.ListVersions(ctx, p, o)
}

// Lists returns the list requests made so far.
func (c *Counting) Lists() []api.ListVersionsOptions {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]api.ListVersionsOptions(nil), c.lists...)
}

// Failing is a client whose every call fails with Err: the cases the
// sandbox cannot produce on demand.
type Failing struct{ Err error }

// ListVersions implements the screens' client interfaces.
func (f Failing) ListVersions(context.Context, string, *api.ListVersionsOptions) ([]api.Version, *api.Response, error) {
	return nil, nil, f.Err
}

// GetVersion implements the screens' client interfaces.
func (f Failing) GetVersion(context.Context, string, string) (*api.Version, *api.Response, error) {
	return nil, nil, f.Err
}

// GetVersionByID implements the screens' client interfaces.
func (f Failing) GetVersionByID(context.Context, string) (*api.Version, *api.Response, error) {
	return nil, nil, f.Err
}

// ListUserProjects implements the screens' client interfaces.
func (f Failing) ListUserProjects(context.Context, string) ([]api.Project, *api.Response, error) {
	return nil, nil, f.Err
}

// GetUser implements the screens' client interfaces.
func (f Failing) GetUser(context.Context, string) (*api.User, *api.Response, error) {
	return nil, nil, f.Err
}

// DownloadURL implements the screens' client interfaces.
func (f Failing) DownloadURL(context.Context, string, string, string) (*url.URL, *api.Response, error) {
	return nil, nil, f.Err
}

// UpdateVersions implements the screens' client interfaces.
func (f Failing) UpdateVersions(context.Context, string, []string, *api.BulkPatch) (*api.BulkResult, error) {
	return nil, f.Err
}

// DeleteVersions implements the screens' client interfaces.
func (f Failing) DeleteVersions(context.Context, string, []string) (*api.BulkResult, error) {
	return nil, f.Err
}

// ListInvitations implements the screens' client interfaces.
func (f Failing) ListInvitations(context.Context, string) ([]api.Invitation, *api.Response, error) {
	return nil, nil, f.Err
}

// CreateInvitation implements the screens' client interfaces.
func (f Failing) CreateInvitation(context.Context, string, *api.InvitationRequest) (*api.Response, error) {
	return nil, f.Err
}

// AcceptInvitation implements the screens' client interfaces.
func (f Failing) AcceptInvitation(context.Context, string, string) (*api.Response, error) {
	return nil, f.Err
}

// DeleteInvitation implements the screens' client interfaces.
func (f Failing) DeleteInvitation(context.Context, string, string) (*api.Response, error) {
	return nil, f.Err
}
