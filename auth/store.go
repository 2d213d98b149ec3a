package auth

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"sync"
	"time"

	"github.com/zalando/go-keyring"
	"golang.org/x/oauth2"

	"rdash/config"
	"rdash/internal/safe"
)

// Stored is a token and where it came from, so a refreshed one goes back
// to the same place.
type Stored struct {
	Host    string // the service host, see Settings.Host
	Account string // the username, or empty for RDASH_TOKEN
	Token   *oauth2.Token
	Where   Location
}

// Store keeps tokens per (service host, account). It reads RDASH_TOKEN,
// then the place the record names (the keyring when it names none), then
// the other, and writes the keyring, or the file with consent. A small
// record in the state directory (never a token) says which account is
// active for a host and where its token is.
type Store struct {
	keyring  Keyring
	timeout  time.Duration
	file     string
	record   string
	lockPath string
	envToken string

	mu        sync.Mutex
	noKeyring error               // why the keyring is not used; set when a call fails
	slow      func(time.Duration) // see OnSlowKeyring
}

// OnSlowKeyring makes the Store call tell, from another goroutine, when a
// keyring call has taken KeyringWaitNotice without an answer (a hung
// D-Bus, or an unlock prompt), with the time it gives the call in all;
// tell should say what rdash is waiting for. Past that time the keyring
// counts as unavailable.
func (s *Store) OnSlowKeyring(tell func(timeout time.Duration)) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.slow = tell
}

// StoreOptions configure a Store.
type StoreOptions struct {
	Keyring   Keyring       // nil: no keyring, for the reason in NoKeyring
	NoKeyring error         // why there is no keyring
	Timeout   time.Duration // per keyring call; 0 means KeyringTimeout
	ConfigDir string        // the plain-text token file goes here
	StateDir  string        // the record goes here
	EnvToken  string        // RDASH_TOKEN, which overrides stored tokens
}

// NewStore returns a Store.
func NewStore(o StoreOptions) *Store {
	s := &Store{
		keyring: o.Keyring, timeout: o.Timeout, envToken: o.EnvToken,
		file:   filepath.Join(o.ConfigDir, "tokens.json"),
		record: filepath.Join(o.StateDir, "auth.json"),
	}
	if o.StateDir != "" {
		s.lockPath = filepath.Join(o.StateDir, "auth.lock")
	}
	if s.timeout <= 0 {
		s.timeout = KeyringTimeout
	}
	if s.keyring == nil {
		s.noKeyring = o.NoKeyring
		if s.noKeyring == nil {
			s.noKeyring = errors.New("no keyring configured")
		}
	}
	return s
}

// StoreFor returns the Store of the real system under cfg. An interactive
// session waits longer for the keyring, which may ask for a password.
func StoreFor(cfg *config.Config, interactive bool) *Store {
	kr, why := SystemKeyringFor(cfg.Env)
	timeout := KeyringTimeout
	if interactive {
		timeout = InteractiveKeyringTimeout
	}
	return NewStore(StoreOptions{
		Keyring: kr, NoKeyring: why, Timeout: timeout,
		ConfigDir: cfg.Env.ConfigDir, StateDir: cfg.Env.StateDir, EnvToken: cfg.Env.Token,
	})
}

// FilePath is the plain-text token file.
func (s *Store) FilePath() string { return s.file }

// RecordPath is the sign-in record: which account is active, and where
// its token is; never a token.
func (s *Store) RecordPath() string { return s.record }

// EnvToken reports whether RDASH_TOKEN is set and overrides stored tokens.
func (s *Store) EnvToken() bool { return s.envToken != "" }

// Check reports whether the keyring answers: nil, or why not. Login asks
// it first so that the user is asked about the file before signing in,
// not after.
func (s *Store) Check(ctx context.Context) error {
	_, err := s.keyringGet(ctx, "rdash:probe", "probe")
	if errors.Is(err, keyring.ErrNotFound) {
		return nil
	}
	return err
}

// Load returns the token for host: RDASH_TOKEN, else the token of the
// account the record names, from where the record says it lives, else
// from the other place. Only the account the record names is signed in:
// a token left in the file under another account (one signed out since,
// or stored earlier under "unknown") is never used in its place. With
// none it returns a *SignInError.
func (s *Store) Load(ctx context.Context, host string) (*Stored, error) {
	if s.envToken != "" {
		if err := CheckToken(s.envToken); err != nil {
			return nil, fmt.Errorf("RDASH_TOKEN: %w", err)
		}
		tok := &oauth2.Token{AccessToken: s.envToken, TokenType: "Bearer"}
		return &Stored{Host: host, Token: tok, Where: Location{Kind: KindEnv}}, nil
	}
	rec, file, err := s.read()
	if err != nil {
		return nil, err
	}
	account := rec.Hosts[host].Account
	if account == "" {
		return nil, &SignInError{Reason: notSignedIn(host, file)}
	}
	// The last sign-in went to the file when no keyring answered; an older
	// token still in the keyring must not shadow it.
	if rec.Hosts[host].Storage == KindFile {
		if st, ok := s.fromFile(host, account, file); ok {
			return st, nil
		}
	}
	v, krErr := s.keyringGet(ctx, service(host), account)
	if krErr == nil {
		return s.stored(host, account, v, Location{Kind: KindKeyring})
	}
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	if st, ok := s.fromFile(host, account, file); ok {
		return st, nil
	}
	if rec.Hosts[host].Storage == KindKeyring && !errors.Is(krErr, keyring.ErrNotFound) {
		return nil, &SignInError{Err: krErr, Reason: fmt.Sprintf(
			"the token of %s on %s is in the keyring, which is not available here (%v)", account, host, krErr)}
	}
	return nil, &SignInError{Reason: "not signed in to " + host}
}

// fromFile returns account's token on host if file holds one.
func (s *Store) fromFile(host, account string, file tokenFile) (*Stored, bool) {
	e, ok := file.Hosts[host][account]
	if !ok || e.AccessToken == "" {
		return nil, false
	}
	return &Stored{Host: host, Account: account, Token: e.token(), Where: s.fileLocation()}, true
}

func (s *Store) stored(host, account, v string, where Location) (*Stored, error) {
	e, err := decodeEntry(v)
	if err != nil {
		return nil, &SignInError{Reason: fmt.Sprintf("the token of %s on %s in %s is unreadable", account, host, where), Err: err}
	}
	return &Stored{Host: host, Account: account, Token: e.token(), Where: where}, nil
}

// Save stores tok as account's on host and makes it the active one. It
// writes the keyring; when no keyring answers it asks consent (before
// writing) and writes the plain-text file, or returns a *NoKeyringError.
// With RDASH_TOKEN set it refuses with ErrEnvToken: the token would be
// ignored. A token that is not a valid header value is refused (see
// CheckToken). Save either signs the account in or, when any step fails,
// leaves nothing of tok stored: a token written whose record could not
// be, is removed again, so `rdash auth status` agrees with the error.
func (s *Store) Save(ctx context.Context, host, account string, tok *oauth2.Token, consent Consent) (Location, error) {
	if s.envToken != "" {
		return Location{}, ErrEnvToken
	}
	if host == "" || account == "" || tok == nil || tok.AccessToken == "" {
		return Location{}, errors.New("saving a token needs a host, an account and a token")
	}
	if err := CheckToken(tok.AccessToken); err != nil {
		return Location{}, err
	}
	unlock, err := s.lock(ctx)
	if err != nil {
		return Location{}, err
	}
	defer unlock()
	where, err := s.put(ctx, host, account, entryOf(tok, nil), consent)
	if err != nil {
		return Location{}, err
	}
	if err := s.remember(host, account, where); err != nil {
		err = fmt.Errorf("not signed in: %w", err)
		if uerr := s.unput(ctx, host, account, where); uerr != nil {
			return Location{}, fmt.Errorf("%w; the token stays in %s, and removing it failed too: %v", err, where, uerr)
		}
		return Location{}, fmt.Errorf("%w; the token was removed again from %s, so nothing is stored", err, where)
	}
	return where, nil
}

// put writes e to the keyring, or with consent to the file.
func (s *Store) put(ctx context.Context, host, account string, e entry, consent Consent) (Location, error) {
	err := s.keyringSet(ctx, host, account, e)
	if err == nil {
		// A stale plain-text copy must not outlive the keyring one.
		if err := s.editFile(host, account, nil); err != nil {
			err = fmt.Errorf("the old copy of the token in %s could not be removed: %w", s.file, err)
			if uerr := s.keyringDelete(ctx, host, account); uerr != nil {
				return Location{}, fmt.Errorf("%w; the new token stays in the keyring (removing it failed: %v)", err, uerr)
			}
			return Location{}, fmt.Errorf("not signed in: %w; the new token was removed from the keyring again", err)
		}
		return Location{Kind: KindKeyring}, nil
	}
	if ctx.Err() != nil {
		return Location{}, ctx.Err()
	}
	if consent == nil || !consent(InsecureNotice{Reason: err, Path: s.file}) {
		return Location{}, &NoKeyringError{Reason: err, Path: s.file}
	}
	if err := s.editFile(host, account, &e); err != nil {
		return Location{}, fmt.Errorf("not signed in: writing %s: %w", s.file, err)
	}
	return s.fileLocation(), nil
}

// unput removes what put wrote.
func (s *Store) unput(ctx context.Context, host, account string, where Location) error {
	if where.Kind == KindKeyring {
		return s.keyringDelete(ctx, host, account)
	}
	return s.editFile(host, account, nil)
}

// Update writes a refreshed token back where st came from, without asking:
// the user chose that place at sign-in. If the user has signed out since
// st was loaded (`rdash auth logout` in another terminal), writing would
// sign them in again without their consent, so Update drops tok and
// returns a *SignInError. It holds the store's lock, so a sign-out cannot
// land between that check and the write.
func (s *Store) Update(ctx context.Context, st *Stored, tok *oauth2.Token) error {
	unlock, err := s.lock(ctx)
	if err != nil {
		return err
	}
	defer unlock()
	return s.update(ctx, st, tok)
}

// update is Update for a caller that holds the lock.
func (s *Store) update(ctx context.Context, st *Stored, tok *oauth2.Token) error {
	if st.Where.Kind != KindKeyring && st.Where.Kind != KindFile {
		return nil
	}
	if err := CheckToken(tok.AccessToken); err != nil {
		return fmt.Errorf("the account service sent a renewed token that %w", err)
	}
	if err := s.stillSignedIn(ctx, st); err != nil {
		return err
	}
	e := entryOf(tok, Scopes(st.Token))
	if st.Where.Kind == KindKeyring {
		return s.keyringSet(ctx, st.Host, st.Account, e)
	}
	return s.editFile(st.Host, st.Account, &e)
}

// stillSignedIn returns a *SignInError unless st's account is still the
// active one of its host, as Load picks it, and st.Where still holds its
// token. The caller holds the lock, so no other rdash process signs out
// between this check and the write.
func (s *Store) stillSignedIn(ctx context.Context, st *Stored) error {
	rec, file, err := s.read()
	if err != nil {
		return err
	}
	out := &SignInError{Reason: fmt.Sprintf("%s is no longer signed in to %s", st.Account, st.Host)}
	if rec.Hosts[st.Host].Account != st.Account {
		return out
	}
	if st.Where.Kind == KindFile {
		if _, ok := file.Hosts[st.Host][st.Account]; !ok {
			return out
		}
		return nil
	}
	_, err = s.keyringGet(ctx, service(st.Host), st.Account)
	if errors.Is(err, keyring.ErrNotFound) {
		return out
	}
	return err
}

// Delete signs the active account of host out: it removes its token from
// the keyring and from the file, and forgets the account. It returns the
// places a token was removed from; RDASH_TOKEN, if set, stays set.
func (s *Store) Delete(ctx context.Context, host string) ([]Location, error) {
	unlock, err := s.lock(ctx)
	if err != nil {
		return nil, err
	}
	defer unlock()
	rec, file, err := s.read()
	if err != nil {
		return nil, err
	}
	account := signedOutAccount(host, rec, file)
	if account == "" {
		return nil, nil
	}
	var removed []Location
	var errs []error
	switch err := s.keyringDelete(ctx, host, account); {
	case err == nil:
		removed = append(removed, Location{Kind: KindKeyring})
	case errors.Is(err, keyring.ErrNotFound):
	case rec.Hosts[host].Storage == KindKeyring:
		errs = append(errs, fmt.Errorf("the token could not be removed from the keyring: %w", err))
	}
	if _, ok := file.Hosts[host][account]; ok {
		if err := s.editFile(host, account, nil); err != nil {
			errs = append(errs, fmt.Errorf("removing the token from %s: %w", s.file, err))
		} else {
			removed = append(removed, s.fileLocation())
		}
	}
	// While the keyring still holds the token, keep the record that
	// names it, so a logout where the keyring answers can remove it.
	if len(errs) == 0 {
		if err := s.forget(host); err != nil {
			errs = append(errs, err)
		}
	}
	return removed, errors.Join(errs...)
}

func (s *Store) fileLocation() Location { return Location{Kind: KindFile, Path: s.file} }

// service is the keyring service of a host; the account is the username.
func service(host string) string { return "rdash:" + host }

// notSignedIn says that no account is signed in to host, and names a
// token the file still holds for it, which no sign-in made active.
func notSignedIn(host string, file tokenFile) string {
	if left := leftover(host, file); left != "" {
		return fmt.Sprintf("not signed in to %s (the token file still holds a token stored earlier for %q, which no sign-in "+
			"names: it is not used; run `rdash auth logout` to remove it)", host, safe.PlainLine(left))
	}
	return "not signed in to " + host
}

// leftover is the only account the file holds for host, "" for none or
// several.
func leftover(host string, file tokenFile) string {
	if accounts := file.Hosts[host]; len(accounts) == 1 {
		for a := range accounts {
			return a
		}
	}
	return ""
}

// signedOutAccount is the account a sign-out removes: the record's for
// host, else the only account the file holds for it (left from an
// earlier sign-in, or named by a record set aside as malformed).
func signedOutAccount(host string, rec record, file tokenFile) string {
	if a := rec.Hosts[host].Account; a != "" {
		return a
	}
	return leftover(host, file)
}

func encodeEntry(e entry) string {
	b, _ := json.Marshal(e) // an entry always marshals
	return string(b)
}
