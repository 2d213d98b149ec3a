package auth

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"golang.org/x/oauth2"
)

// SourceOptions configure a Source.
type SourceOptions struct {
	Settings Settings
	Stored   *Stored
	// Store receives refreshed tokens; nil keeps them in memory only.
	Store *Store
	// OnSaveError is told when a refreshed token could not be written
	// back. The request goes on with the new token, but the next run may
	// have to sign in again: the server rotates refresh tokens.
	OnSaveError func(error)
}

// Source is an oauth2.TokenSource over a stored token. When the access
// token has expired it uses the standard refresh grant and writes the
// rotated tokens back where the token came from; when the user has signed
// out since (in another terminal), it drops them and is signed out too. It
// is safe for concurrent use; refreshes are serialized so a rotated
// refresh token is never spent twice.
type Source struct {
	ctx  context.Context
	opts SourceOptions

	mu     sync.Mutex
	cur    *Stored // nil once signed out (Use(nil))
	failed error   // the *SignInError of a refused refresh, until a new token appears
}

// NewSource returns a Source starting from o.Stored, or signed out when
// it is nil; ctx carries the token requests made through Token.
func NewSource(ctx context.Context, o SourceOptions) *Source {
	s := &Source{ctx: ctx, opts: o}
	s.Use(o.Stored)
	return s
}

// Token returns a valid access token, refreshing it first when needed.
func (s *Source) Token() (*oauth2.Token, error) { return s.TokenContext(s.ctx) }

// TokenContext is Token with the context of the request being made.
func (s *Source) TokenContext(ctx context.Context) (*oauth2.Token, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.cur == nil {
		return nil, s.failed
	}
	if s.cur.Token.Valid() {
		return s.cur.Token, nil
	}
	return s.refreshOnce(ctx, "the access token has expired")
}

// Stored returns the current token and where it lives; its Token is nil
// once signed out.
func (s *Source) Stored() Stored {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.cur == nil {
		return Stored{}
	}
	return *s.cur
}

// Use makes the Source hand out st's token from now on, so that a sign-in
// in a running dashboard takes effect without rebuilding the client; a
// refresh waiting on the lock then finds the new token. Renewed tokens go
// back to st.Where through the Source's Store. Use(nil) signs out: requests
// fail with a *SignInError until the next Use.
func (s *Source) Use(st *Stored) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.cur, s.failed = st, nil
	if st == nil {
		s.failed = &SignInError{Reason: "not signed in"}
	}
}

// refused handles a token the API answered 401 to: refresh it, unless a
// concurrent request already has.
func (s *Source) refused(ctx context.Context, stale *oauth2.Token) (*oauth2.Token, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.cur == nil {
		return nil, s.failed
	}
	if s.cur.Token.AccessToken != stale.AccessToken && s.cur.Token.Valid() {
		return s.cur.Token, nil
	}
	return s.refreshOnce(ctx, "the server refused the access token")
}

// refreshOnce refreshes unless a refresh was already refused: callers
// retry failed requests, and each retry would ask the token endpoint again
// with a refresh token that is known to be dead.
func (s *Source) refreshOnce(ctx context.Context, why string) (*oauth2.Token, error) {
	if s.failed != nil {
		held := s.cur.Token.RefreshToken
		if tok, ok := s.adoptStored(ctx); ok {
			s.failed = nil
			return tok, nil
		}
		if s.cur.Token.RefreshToken == held {
			return nil, s.failed
		}
		// A newer token was adopted, but it has expired: its refresh
		// token has never been tried here, so it gets one grant.
		s.failed = nil
	}
	tok, err := s.refresh(ctx, why)
	if _, ok := err.(*SignInError); ok {
		s.failed = err
	}
	return tok, err
}

// refreshTimeout bounds a refresh, which does not end with the request
// that needed it.
const refreshTimeout = 30 * time.Second

// refresh runs the refresh grant; why says what made it necessary. It
// holds the store's lock from reading the store to writing the rotated
// token back, so that other rdash processes, which take the same lock,
// never spend the same refresh token: they wait, then find the new one
// in the store.
func (s *Source) refresh(ctx context.Context, why string) (*oauth2.Token, error) {
	if s.cur.Where.Kind == KindEnv {
		return nil, &SignInError{Env: true, Reason: why}
	}
	// The server rotates refresh tokens: a refresh abandoned halfway (the
	// user left the screen) could spend the old one and lose the new one,
	// so it runs to the end, and so does writing the new one back.
	// Waiting for another process's refresh spends nothing, so that wait
	// ends with the request (Ctrl+C).
	if s.opts.Store != nil {
		unlock, err := s.opts.Store.lock(ctx)
		switch {
		case err == nil:
			defer unlock()
		case ctx.Err() != nil:
			return nil, ctx.Err()
		default:
			// Without the lock (an unwritable state directory), re-reading
			// the store after a refusal still catches most races.
			s.saveFailed(fmt.Errorf("renewing the sign-in without the lock that rdash processes share: %w", err))
		}
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), refreshTimeout)
	defer cancel()
	if tok, ok := s.adoptStored(ctx); ok {
		return tok, nil
	}
	// Twice at most: a refusal after which the store holds a newer, but
	// expired, token gets one more try with that token's refresh token.
	for try := 0; ; try++ {
		tok, err := s.grant(ctx, why)
		if err == nil {
			return s.keep(ctx, tok)
		}
		if !errors.Is(err, ErrSignInNeeded) || try == 1 {
			return nil, err
		}
		// Another process that did not take the lock (an older rdash)
		// may have spent the refresh token and stored the new one.
		spent := s.cur.Token.RefreshToken
		if tok, ok := s.adoptStored(ctx); ok {
			return tok, nil
		}
		if s.cur.Token.RefreshToken == spent {
			return nil, err
		}
	}
}

// grant spends the current refresh token.
func (s *Source) grant(ctx context.Context, why string) (*oauth2.Token, error) {
	rt := s.cur.Token.RefreshToken
	if rt == "" {
		return nil, &SignInError{Reason: why + ", and there is no refresh token to renew it"}
	}
	conf := s.opts.Settings.oauthConfig("")
	tok, err := conf.TokenSource(s.opts.Settings.context(ctx), &oauth2.Token{RefreshToken: rt}).Token()
	if err != nil {
		err = tokenError(err, rt, s.opts.Settings.ClientSecret)
		if refusedRefresh(err) {
			return nil, &SignInError{Reason: why + ", and renewing the sign-in was refused", Err: err}
		}
		return nil, fmt.Errorf("renewing the sign-in: %w", err)
	}
	return tok, nil
}

// keep makes tok current and writes it back through the Store.
func (s *Source) keep(ctx context.Context, tok *oauth2.Token) (*oauth2.Token, error) {
	next := *s.cur
	next.Token = entryOf(tok, Scopes(s.cur.Token)).token()
	if err := s.save(ctx, s.cur, next.Token); err != nil {
		// Signed out elsewhere: going on with the new token would keep
		// using a sign-in the user ended.
		s.cur = nil
		return nil, err
	}
	s.cur = &next
	return next.Token, nil
}

// adoptStored picks up a token another rdash process refreshed since this
// one loaded it: the refresh token held here was then spent.
func (s *Source) adoptStored(ctx context.Context) (*oauth2.Token, bool) {
	if s.opts.Store == nil {
		return nil, false
	}
	fresh, err := s.opts.Store.Load(ctx, s.cur.Host)
	if err != nil || fresh.Where != s.cur.Where || fresh.Account != s.cur.Account ||
		fresh.Token.RefreshToken == s.cur.Token.RefreshToken {
		return nil, false
	}
	s.cur = fresh
	return fresh.Token, fresh.Token.Valid()
}

// save writes tok back through the Store; the caller holds the lock. It
// returns only the *SignInError of a user who has signed out since old
// was loaded; any other failure goes to OnSaveError, and the request goes
// on.
func (s *Source) save(ctx context.Context, old *Stored, tok *oauth2.Token) error {
	if s.opts.Store == nil {
		return nil
	}
	err := s.opts.Store.update(ctx, old, tok)
	if err == nil || errors.Is(err, ErrSignInNeeded) {
		return err
	}
	s.saveFailed(fmt.Errorf("the renewed sign-in could not be saved to %s: %w", old.Where, err))
	return nil
}

func (s *Source) saveFailed(err error) {
	if s.opts.OnSaveError != nil {
		s.opts.OnSaveError(err)
	}
}
