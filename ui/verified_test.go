package ui

import (
	"context"
	"strings"
	"testing"

	"rdash/ui/common"
	"rdash/ui/internal/uitest"
)

// notVerified is what auth says of a token on a server where nothing
// can show it is accepted.
const notVerifiedWords = "not verified: this server does not say who is signed in (it has no GET /users/@me), and " +
	"GET /orgs/rdash-token-check/invitations answered 404 even without a token, so no answer there can show the token is accepted"

// TestSignInNamesAnUnverifiedAccount: a sign-in whose token nothing the
// server answered showed it accepts is named as not verified, as `rdash
// auth login` names it: in the header, and in the status with the reason
// where the line has room. One the server accepted without naming its
// user says only that.
func TestSignInNamesAnUnverifiedAccount(t *testing.T) {
	t.Parallel()
	unverified := common.Account{SignedIn: true, Name: "dave", Unconfirmed: true, Unverified: true, Verdict: notVerifiedWords}
	accepted := common.Account{SignedIn: true, Name: "dave", Unconfirmed: true,
		Verdict: "the server does not say whose the token is (it has no GET /users/@me), but it accepted the token on GET /orgs/x/invitations"}
	tests := []struct {
		name          string
		account       common.Account
		width         int
		status        string
		header, never string
	}{
		{"not verified at 80", unverified, 80, "Signed in as dave (not verified: the account screen says why)",
			"@dave (not verified)", "Signed in as dave,"},
		{"not verified at 250", unverified, 250, "Signed in as dave, " + notVerifiedWords, "@dave (not verified)", "screen says why"},
		{"accepted", accepted, 80, "Signed in as dave (the server did not say who you are)", "@dave", "not verified"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			d, m := start(t, setup{client: strictSandbox(t, "dave"), w: tt.width, h: 24})
			settle(d, m)
			d.Send(common.SignedInMsg{Account: tt.account})
			d.WaitForText(tt.status)
			if header := strings.Split(d.Screen(), "\n")[0]; !strings.HasSuffix(strings.TrimSpace(header), tt.header) {
				t.Errorf("header %q, want it to end with %q", header, tt.header)
			}
			settle(d, m) // the header asks who is signed in again: this server cannot say
			if header := strings.Split(d.Screen(), "\n")[0]; !strings.HasSuffix(strings.TrimSpace(header), tt.header) {
				t.Errorf("once asked again, header %q, want it to end with %q", header, tt.header)
			}
			if strings.Contains(d.Screen(), tt.never) {
				t.Errorf("the screen says %q:\n%s", tt.never, d.Screen())
			}
		})
	}
}

// checkingSession is a test session that can ask the server about the
// token, as cmd's can, with a fixed answer.
type checkingSession struct {
	*uitest.Session
	account common.Account
}

func (s checkingSession) CheckAccount(ctx context.Context) (common.Account, error) {
	a, err := s.Account(ctx)
	a.Unconfirmed, a.Verdict, a.Unverified = s.account.Unconfirmed, s.account.Verdict, s.account.Unverified
	return a, err
}

// uncheckedSession is a session that cannot ask the server about its
// token: only common.Session's methods are promoted, not CheckAccount.
type uncheckedSession struct{ common.Session }

// TestHeaderSaysWhetherTheTokenIsVerified: on a server that does not say
// who is signed in, the header names the configured account as not
// verified unless the session's check shows the server accepts the
// token; a session that cannot check leaves it not verified.
func TestHeaderSaysWhetherTheTokenIsVerified(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		check   *common.Account // nil: the session cannot check
		header  string
		unmarks bool
	}{
		{"accepted", &common.Account{Unconfirmed: true, Verdict: "the server does not say whose the token is, but it accepted it"},
			"@dave", true},
		{"not verified", &common.Account{Unconfirmed: true, Unverified: true, Verdict: notVerifiedWords}, "@dave (not verified)", false},
		{"no check", nil, "@dave (not verified)", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			sess := strictSession(t, "dave")
			var s common.Session = uncheckedSession{sess}
			if tt.check != nil {
				s = checkingSession{Session: sess, account: *tt.check}
			}
			cfg := uitest.Config()
			cfg.BaseURL, cfg.Username = sess.Settings.BaseURL, "dave"
			m := New(Options{Client: sess.Client, Config: cfg, Now: uitest.Now, Context: t.Context(), Session: s})
			d := uitest.NewDriver(t, m, 80, 24)
			d.WaitFor("the header's answer", func() bool { return m.meHeard > 0 })
			header := strings.TrimSpace(strings.Split(d.Screen(), "\n")[0])
			if !strings.HasSuffix(header, tt.header) || tt.unmarks == strings.Contains(header, "not verified") {
				t.Fatalf("header %q, want it to end with %q", header, tt.header)
			}
		})
	}
}
