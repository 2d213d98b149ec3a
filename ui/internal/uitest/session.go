package uitest

import (
	"context"
	"errors"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"golang.org/x/oauth2"

	"rdash/api"
	"rdash/api/sandbox"
	"rdash/api/sandbox/sandboxtest"
	"rdash/auth"
	"rdash/auth/authtest"
	"rdash/config"
	"rdash/internal/authui"
	"rdash/ui/common"
)

// SessionOptions configure a Session.
type SessionOptions struct {
	Sandbox sandbox.Options
	// User is signed in at the start (in the keyring); empty starts
	// signed out.
	User string
	// NoKeyring makes every keyring call fail, as on a box without a
	// Secret Service.
	NoKeyring bool
	// EnvUser sets RDASH_TOKEN to a token of this user.
	EnvUser string
	// Mode is the sign-in mode; ModeLoopback needs Browser.
	Mode auth.Mode
}

// Session is a common.Session over a real sandbox, a real auth.Store with
// an in-memory keyring in a temporary directory, and a real auth.Source
// that Client sends tokens from. It does what cmd's does, so the screens'
// tests run the real flows; cmd's own is tested in cmd.
type Session struct {
	Server   *sandbox.Server
	Settings auth.Settings
	Store    *auth.Store
	Keyring  *authtest.Keyring
	Source   *auth.Source
	// Client is the running dashboard's client: it follows the Source.
	Client *api.Client
	// Browser plays the browser for OpenBrowser; nil fails to open one.
	Browser func(ctx context.Context, url string) error
	Mode    auth.Mode

	mu      sync.Mutex
	secrets []string
}

// NewSession starts a sandbox and a Session on it.
func NewSession(t testing.TB, o SessionOptions) *Session {
	t.Helper()
	srv, run := sandboxtest.Start(t, o.Sandbox)
	s := &Session{Server: srv, Keyring: authtest.NewKeyring(), Mode: o.Mode, secrets: []string{run.ClientSecret}}
	s.Settings = auth.Settings{BaseURL: run.BaseURL, AuthURL: run.AuthURL, ClientID: run.ClientID,
		ClientSecret: run.ClientSecret, Scopes: config.AllScopes()}
	if o.NoKeyring {
		s.Keyring.Err = errors.New("no Secret Service on this test's bus")
	}
	env := ""
	if o.EnvUser != "" {
		env = s.token(t, o.EnvUser).AccessToken
	}
	dir := t.TempDir()
	s.Store = auth.NewStore(auth.StoreOptions{Keyring: s.Keyring, ConfigDir: dir + "/config",
		StateDir: dir + "/state", EnvToken: env, Timeout: 5 * time.Second})
	var st *auth.Stored
	if o.User != "" {
		st = s.mint(t, o.User)
	}
	if env != "" {
		st, _ = s.Store.Load(t.Context(), s.Settings.Host())
	}
	s.Source = auth.NewSource(t.Context(), auth.SourceOptions{Settings: s.Settings, Stored: st, Store: s.Store})
	c, err := api.New(run.BaseURL, api.WithHTTPClient(auth.NewHTTPClient(s.Source, nil)),
		api.WithRetryBackoff(time.Millisecond, 10*time.Millisecond, time.Second))
	if err != nil {
		t.Fatal(err)
	}
	s.Client = c
	return s
}

// token mints a token of user with every scope, without a browser.
func (s *Session) token(t testing.TB, user string) *oauth2.Token {
	t.Helper()
	access, err := s.Server.MintToken(user, config.AllScopes()...)
	if err != nil {
		t.Fatal(err)
	}
	s.remember(access)
	return (&oauth2.Token{AccessToken: access, TokenType: "Bearer", Expiry: time.Now().Add(time.Hour)}).
		WithExtra(map[string]any{"scope": strings.Join(config.AllScopes(), ",")})
}

// mint signs user in without a browser and stores the token.
func (s *Session) mint(t testing.TB, user string) *auth.Stored {
	t.Helper()
	tok := s.token(t, user)
	host := s.Settings.Host()
	where, err := s.Store.Save(t.Context(), host, user, tok, auth.Agree(nil))
	if err != nil {
		t.Fatal(err)
	}
	return &auth.Stored{Host: host, Account: user, Token: tok, Where: where}
}

func (s *Session) remember(secrets ...string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, v := range secrets {
		if v != "" {
			s.secrets = append(s.secrets, v)
		}
	}
}

// Remember adds secrets (a code a test pasted) to those Secrets returns.
func (s *Session) Remember(secrets ...string) { s.remember(secrets...) }

// Secrets are every token, refresh token and client secret this session
// has handled, and what tests added: none may ever reach a view.
func (s *Session) Secrets() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.secrets...)
}

// Account implements common.Session.
func (s *Session) Account(context.Context) (common.Account, error) {
	st := s.Source.Stored()
	a := common.Account{Host: s.Settings.Host(), Server: s.Settings.BaseURL}
	if st.Token == nil {
		return a, nil
	}
	a.SignedIn, a.Name, a.Where = true, st.Account, authui.Location(st.Where)
	a.Scopes, a.Expiry = auth.Scopes(st.Token), st.Token.Expiry
	return a, nil
}

// SignOut implements common.Session.
func (s *Session) SignOut(ctx context.Context) ([]common.Location, error) {
	if !s.Store.EnvToken() {
		s.Source.Use(nil)
	}
	removed, err := s.Store.Delete(ctx, s.Settings.Host())
	return authui.Locations(removed), err
}

// EnvToken implements common.Session.
func (s *Session) EnvToken() bool { return s.Store.EnvToken() }

// CheckStorage implements common.Session.
func (s *Session) CheckStorage(ctx context.Context) (*common.InsecureNotice, error) {
	if why := s.Store.Check(ctx); why != nil {
		return authui.Notice(&auth.InsecureNotice{Reason: why, Path: s.Store.FilePath()}), ctx.Err()
	}
	return nil, nil
}

// NewFlow implements common.Session.
func (s *Session) NewFlow() (common.Flow, error) {
	f, err := auth.NewFlow(s.Settings, s.Mode)
	if err != nil {
		return nil, err
	}
	return authui.Flow(f), nil
}

// OpenBrowser implements common.Session.
func (s *Session) OpenBrowser(ctx context.Context, u string) error {
	if s.Browser == nil {
		return errors.New("no browser in this test")
	}
	return s.Browser(ctx, u)
}

// Complete implements common.Session as cmd's does: the server names the
// account, or accepts the token without naming it, which is then stored
// as auth.UnknownAccount (auth.Identify).
func (s *Session) Complete(ctx context.Context, g common.Grant, plainText bool) (common.Account, error) {
	a, err := s.complete(ctx, g, plainText)
	err = authui.Error(err)
	authui.Finished(g, "rdash is signed in as "+a.Name+".", err)
	return a, err
}

func (s *Session) complete(ctx context.Context, g common.Grant, plainText bool) (common.Account, error) {
	tok, err := authui.Token(g)
	if err != nil {
		return common.Account{}, err
	}
	s.remember(tok.AccessToken, tok.RefreshToken)
	id, err := auth.Identify(ctx, s.Settings, tok, auth.IdentifyOptions{}) // no username configured
	if err != nil {
		return common.Account{}, err
	}
	s.remember(id.Token.AccessToken, id.Token.RefreshToken)
	var consent auth.Consent
	if plainText {
		consent = auth.Agree(nil)
	}
	host := s.Settings.Host()
	where, err := s.Store.Save(ctx, host, id.Name, id.Token, consent)
	if err != nil {
		return common.Account{}, err
	}
	s.Source.Use(&auth.Stored{Host: host, Account: id.Name, Token: id.Token, Where: where})
	a, err := s.Account(ctx)
	return authui.Checked(a, id.Verdict), err
}

// CheckAccount implements common.AccountChecker as cmd's session does:
// Account, and what the server shows of the token (authui.Check).
func (s *Session) CheckAccount(ctx context.Context) (common.Account, error) {
	a, err := s.Account(ctx)
	if err != nil {
		return a, err
	}
	return authui.Check(ctx, a, s.Source, s.Settings, nil)
}

// CodeIn returns the code of a redirect address, for leak checks.
func CodeIn(redirect string) string {
	u, err := url.Parse(redirect)
	if err != nil {
		return ""
	}
	return u.Query().Get("code")
}
