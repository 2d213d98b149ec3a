package invitations

import (
	"context"
	"strings"
	"sync"
	"testing"

	"rdash/api"
	"rdash/config"
	"rdash/ui/common"
	"rdash/ui/internal/uitest"
)

// switching answers as one account until switched, as the dashboard's
// client does when the session signs in or out.
type switching struct {
	mu  sync.Mutex
	cur *api.Client
}

func (s *switching) use(c *api.Client) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.cur = c
}

func (s *switching) c() *api.Client {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.cur
}

func (s *switching) GetUser(ctx context.Context, u string) (*api.User, *api.Response, error) {
	return s.c().GetUser(ctx, u)
}

func (s *switching) ListUserProjects(ctx context.Context, u string) ([]api.Project, *api.Response, error) {
	return s.c().ListUserProjects(ctx, u)
}

func (s *switching) ListInvitations(ctx context.Context, org string) ([]api.Invitation, *api.Response, error) {
	return s.c().ListInvitations(ctx, org)
}

func (s *switching) CreateInvitation(ctx context.Context, org string, r *api.InvitationRequest) (*api.Response, error) {
	return s.c().CreateInvitation(ctx, org, r)
}

func (s *switching) AcceptInvitation(ctx context.Context, org, user string) (*api.Response, error) {
	return s.c().AcceptInvitation(ctx, org, user)
}

func (s *switching) DeleteInvitation(ctx context.Context, org, user string) (*api.Response, error) {
	return s.c().DeleteInvitation(ctx, org, user)
}

// After a sign-out (or a sign-in as someone else) the screen offers
// nothing the previous account could do: it asks the server again.
func TestAnotherAccountStartsAgain(t *testing.T) {
	t.Parallel()
	alice, srv := uitest.Sandbox(t, "alice")
	c := &switching{cur: alice}
	w := start(t, setup{client: c})
	w.d.Press("o")
	w.d.Type("quartz")
	w.d.Press("enter")
	w.settle()
	w.requireScreen("emberforge      Emberforge Studios    you manage invitations · 1 pending", "quartz")
	tok, err := srv.MintToken("dave", config.AllScopes()...)
	if err != nil {
		t.Fatal(err)
	}
	c.use(uitest.Client(t, alice.BaseURL().String(), tok))
	w.d.Send(common.SignedInMsg{Account: common.Account{Name: "dave"}})
	if strings.Contains(w.d.Screen(), "you manage") || w.m.find("emberforge") != nil {
		t.Fatalf("alice's organizations are still offered to dave:\n%s", w.d.Screen())
	}
	w.settle()
	w.requireScreen("quartz", "you may have an invitation here")
	if strings.Contains(w.d.Screen(), "emberforge") {
		t.Fatalf("the organization of alice's projects is listed for dave:\n%s", w.d.Screen())
	}
}
