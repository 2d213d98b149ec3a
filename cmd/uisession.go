package cmd

import (
	"context"
	"fmt"

	"rdash/auth"
	"rdash/config"
	"rdash/internal/authui"
	"rdash/internal/safe"
	"rdash/ui/common"
)

// uiSession is the dashboard's common.Session: the Source the running
// client sends tokens from, and the Store it came from. The demo has no
// Store: its token lives in memory only.
type uiSession struct {
	cfg      *config.Config
	settings auth.Settings
	store    *auth.Store // nil in the demo
	source   *auth.Source
	mode     auth.Mode
	open     auth.Opener
}

// dashboardSession serves the dashboard of a real server: sign-in in the
// mode auth.ChooseMode picks, the user's browser, the system's store.
func (s *session) dashboardSession() *uiSession {
	return &uiSession{cfg: s.cfg, settings: s.settings, store: s.store, source: s.source,
		mode: auth.ChooseMode(s.cfg.Env, false), open: auth.BrowserOpener(s.cfg.Env)}
}

// Account implements common.Session from the Source: no server is asked.
func (s *uiSession) Account(context.Context) (common.Account, error) {
	st := s.source.Stored()
	a := common.Account{Host: s.settings.Host(), Server: s.settings.BaseURL, Memory: s.store == nil}
	if st.Token == nil {
		return a, nil
	}
	a.SignedIn, a.Name, a.Where = true, st.Account, authui.Location(st.Where)
	a.Scopes, a.Expiry = auth.Scopes(st.Token), st.Token.Expiry
	return a, nil
}

// CheckAccount implements common.AccountChecker: Account, and what the
// server shows of the token, as `rdash auth status` asks it.
func (s *uiSession) CheckAccount(ctx context.Context) (common.Account, error) {
	a, _ := s.Account(ctx)
	return authui.Check(ctx, a, s.source, s.settings, s.cfg.Orgs)
}

// SignOut implements common.Session as `rdash auth logout` does, and
// first stops the running client sending the token (a refresh under way
// finishes before, so it cannot write the token back afterwards).
func (s *uiSession) SignOut(ctx context.Context) ([]common.Location, error) {
	if s.store == nil {
		s.source.Use(nil)
		return nil, nil
	}
	if !s.store.EnvToken() {
		s.source.Use(nil)
	}
	removed, err := s.store.Delete(ctx, s.settings.Host())
	return authui.Locations(removed), err
}

// EnvToken implements common.Session.
func (s *uiSession) EnvToken() bool { return s.store != nil && s.store.EnvToken() }

// CheckStorage implements common.Session: the keyring, and the
// directories a sign-in writes to, asked before the user signs in, as
// `rdash auth login` does: a sign-in that cannot be stored is wasted.
func (s *uiSession) CheckStorage(ctx context.Context) (*common.InsecureNotice, error) {
	if s.store == nil {
		return nil, nil
	}
	why := s.store.Check(ctx)
	if why != nil && ctx.Err() != nil {
		return nil, ctx.Err()
	}
	// Without a keyring the token would go to the plain-text file, whose
	// directory must take it too.
	if err := s.store.CheckWritable(why != nil); err != nil {
		return nil, err
	}
	if why == nil {
		return nil, nil
	}
	return authui.Notice(&auth.InsecureNotice{Reason: why, Path: s.store.FilePath()}), nil
}

// NewFlow implements common.Session.
func (s *uiSession) NewFlow() (common.Flow, error) {
	f, err := auth.NewFlow(s.settings, s.mode)
	if err != nil {
		return nil, err
	}
	return authui.Flow(f), nil
}

// OpenBrowser implements common.Session.
func (s *uiSession) OpenBrowser(ctx context.Context, url string) error { return s.open(ctx, url) }

// Complete implements common.Session: who signed in, then the store (the
// plain-text file only with consent), then the running client. The token
// comes out of the grant here; the UI never held it in a form it could
// read. A loopback sign-in's browser tab, held open until now, is told
// the outcome: "Signed in" only once the token is checked and stored.
func (s *uiSession) Complete(ctx context.Context, g common.Grant, plainText bool) (common.Account, error) {
	a, err := s.complete(ctx, g, plainText)
	err = authui.Error(err)
	authui.Finished(g, signedInSentence(s.settings.Host(), a.Name), err)
	return a, err
}

// signedInSentence is what a browser tab says under "Signed in".
func signedInSentence(host, account string) string {
	return fmt.Sprintf("rdash is signed in to %s as %s.", host, safe.PlainLine(account))
}

func (s *uiSession) complete(ctx context.Context, g common.Grant, plainText bool) (common.Account, error) {
	tok, err := authui.Token(g)
	if err != nil {
		return common.Account{}, err
	}
	id, err := auth.Identify(ctx, s.settings, tok, identifyOptions(s.cfg))
	if err != nil {
		return common.Account{}, err
	}
	st := &auth.Stored{Host: s.settings.Host(), Account: id.Name, Token: id.Token}
	if s.store != nil {
		var consent auth.Consent
		if plainText {
			consent = auth.Agree(nil)
		}
		if st.Where, err = s.store.Save(ctx, st.Host, id.Name, id.Token, consent); err != nil {
			return common.Account{}, err
		}
	}
	s.source.Use(st)
	a, err := s.Account(ctx)
	return authui.Checked(a, id.Verdict), err
}
