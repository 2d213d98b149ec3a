package server

import (
	"context"
	"fmt"
	"log/slog"

	"rdash/auth"
	"rdash/internal/authui"
	"rdash/ui/common"
)

// loggedSession is a served session's common.Session: cmd's, with
// sign-ins, sign-outs and refused codes logged (the account's name,
// never a token or a code), the token store named as the server keeps it,
// and never the plain-text file.
type loggedSession struct {
	common.Session
	store *auth.Store
	where common.Location // the key's token store, as the account screen names it
	log   *slog.Logger
}

// keyringLocation is how cmd's session names the keyring, which on a
// served session is the server's (its keyring under the key's name, or
// the key's sealed file, which the auth Store reads as a keyring).
var keyringLocation = authui.Location(auth.Location{Kind: auth.KindKeyring})

// named is l as the account screen should say it.
func (s *loggedSession) named(l common.Location) common.Location {
	if l == keyringLocation {
		return s.where
	}
	return l
}

// Account implements common.Session.
func (s *loggedSession) Account(ctx context.Context) (common.Account, error) {
	a, err := s.Session.Account(ctx)
	a.Where = s.named(a.Where)
	return a, err
}

// Complete implements common.Session.
func (s *loggedSession) Complete(ctx context.Context, g common.Grant, plainText bool) (common.Account, error) {
	a, err := s.Session.Complete(ctx, g, false) // never the plain-text file
	if err != nil {
		s.log.Info("sign-in failed", "err", err.Error())
	} else {
		s.log.Info("signed in", "account", a.Name)
	}
	a.Where = s.named(a.Where)
	return a, err
}

// SignOut implements common.Session.
func (s *loggedSession) SignOut(ctx context.Context) ([]common.Location, error) {
	where, err := s.Session.SignOut(ctx)
	s.log.Info("signed out", "removed", len(where))
	for i := range where {
		where[i] = s.named(where[i])
	}
	return where, err
}

// CheckStorage implements common.Session: the keyring or the sealed
// store, or nothing. The auth Store would offer its plain-text file when
// its keyring (here either) fails; a served session never writes a token
// there.
func (s *loggedSession) CheckStorage(ctx context.Context) (*common.InsecureNotice, error) {
	if err := s.store.Check(ctx); err != nil {
		s.log.Error("token store", "err", err.Error())
		return nil, fmt.Errorf("this server's token store does not work (%w); tell its operator", err)
	}
	return nil, s.store.CheckWritable(false)
}

// NewFlow implements common.Session: its pasted codes that are refused
// are logged.
func (s *loggedSession) NewFlow() (common.Flow, error) {
	f, err := s.Session.NewFlow()
	if err != nil {
		return nil, err
	}
	return loggedFlow{Flow: f, log: s.log}, nil
}

// loggedFlow is a sign-in flow whose refused pastes are logged, with the
// reason and never the pasted text (it holds the code).
type loggedFlow struct {
	common.Flow
	log *slog.Logger
}

// Exchange implements common.Flow.
func (f loggedFlow) Exchange(ctx context.Context, pasted string) (common.Grant, error) {
	g, err := f.Flow.Exchange(ctx, pasted)
	if err != nil && ctx.Err() == nil {
		f.log.Info("pasted code refused", "err", err.Error())
	}
	return g, err
}
