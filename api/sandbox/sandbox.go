// Package sandbox is an in-process implementation of the resource hosting
// service: the API of shared/spec/service-api.md with the choices of
// docs/wire.md, its OAuth account service, and file downloads, all on one
// http.Handler. It enforces every rule of the interface, so a client's
// handling of each rejection can be exercised, and it can add latency and
// inject faults. The seeded data is described in README.md.
package sandbox

import (
	_ "embed"
	"errors"
	"fmt"
	"html/template"
	"log/slog"
	"net/http"
	"sync"
	"sync/atomic"
	"time"
)

//go:embed testdata/seed.json
var defaultSeed string

// Options configure a Server. The zero value serves the embedded seed with
// the interface's default lifetimes, no latency and no faults.
type Options struct {
	// Strict serves the strict profile: only what the interface document
	// states and, where it is silent, the reading that promises a client
	// least (README.md, Profiles). RequirePKCE cannot go with it.
	Strict bool
	// Choices, when set, are served instead of the default or the strict
	// profile: Draw makes them from a seed (rdash sandbox --vary SEED),
	// DefaultChoices and StrictChoices are the profiles' to change. Not
	// with Strict.
	Choices   *Choices
	Data      []byte        // seed JSON; nil means the embedded seed (testdata/seed.json)
	CodeTTL   time.Duration // authorization code lifetime; 0 = 10m
	TokenTTL  time.Duration // access token lifetime; 0 = 1h
	NoRefresh bool          // refuse the refresh_token grant
	ApproveAs string        // username: GET /oauth/authorize redirects at once with a code for this user
	// RequirePKCE refuses an authorization request without a PKCE
	// code_challenge. Without it PKCE is optional, but a challenge that is
	// given is always checked (S256 only; plain is refused).
	RequirePKCE bool
	Latency     time.Duration // added to every request
	// FaultRate is the share (0..1) of API requests (not /auth, not /files)
	// that fail: 429 with Retry-After: 1, 500, or a dropped connection. Half
	// of the faults strike before the handler runs (nothing changed), half
	// after it ran (the change happened but the client sees a failure), so
	// clients must verify, not assume.
	FaultRate float64
	FaultSeed int64 // seeds the fault RNG, for deterministic tests
	// FaultRetryAfter is the Retry-After of an injected 429, sent in whole
	// seconds (rounded up); 0 means 1s. A negative value sends
	// "Retry-After: 0", so tests need not wait a second per fault.
	FaultRetryAfter time.Duration
	// MaxFileBytes bounds one uploaded file and MaxUploadBytes all uploads
	// of one create or update request; beyond either the request is a 413
	// naming files[i] or files. 0 means the profile's: DefaultMaxFileBytes
	// and DefaultMaxUploadBytes, or StrictMaxFileBytes and
	// StrictMaxUploadBytes.
	MaxFileBytes   int64
	MaxUploadBytes int64
	// UploadDir holds uploads beyond the sandbox's memory cap (4 MiB per
	// request); "" means a temporary directory that Close removes.
	UploadDir string
	Now       func() time.Time // clock; nil = time.Now
	Logger    *slog.Logger     // nil = discard; tokens, codes and secrets are never logged
}

// Defaults of Options.
const (
	DefaultCodeTTL  = 10 * time.Minute
	DefaultTokenTTL = time.Hour
)

func (o Options) profile() *Choices {
	switch {
	case o.Choices != nil:
		return o.Choices
	case o.Strict:
		return &strictProfile
	}
	return &defaultProfile
}

func (o Options) withDefaults() (Options, error) {
	if o.Choices != nil {
		c := o.Choices.clone()
		o.Choices = &c
	}
	switch {
	case o.Strict && o.Choices != nil:
		return o, errors.New("sandbox: Strict and Choices cannot go together: the strict profile is one set of choices")
	case o.Strict && o.RequirePKCE:
		return o, errors.New("sandbox: the strict profile ignores PKCE, which the interface document does not mention; RequirePKCE cannot go with it")
	case o.Choices != nil && o.RequirePKCE && !o.Choices.PKCE:
		return o, fmt.Errorf("sandbox: %s ignores PKCE (pkce=false); RequirePKCE cannot go with it", o.Choices.Name)
	case o.FaultRate < 0 || o.FaultRate > 1:
		return o, fmt.Errorf("sandbox: fault rate %v is not between 0 and 1", o.FaultRate)
	case o.Latency < 0 || o.CodeTTL < 0 || o.TokenTTL < 0:
		return o, errors.New("sandbox: latency and lifetimes must not be negative")
	case o.MaxFileBytes < 0 || o.MaxUploadBytes < 0:
		return o, errors.New("sandbox: upload limits must not be negative")
	}
	if o.Choices != nil {
		if err := o.Choices.check(); err != nil {
			return o, err
		}
	}
	if o.MaxFileBytes == 0 {
		o.MaxFileBytes = o.profile().MaxFile
	}
	if o.MaxUploadBytes == 0 {
		o.MaxUploadBytes = o.profile().MaxUpload
	}
	if o.CodeTTL == 0 {
		o.CodeTTL = DefaultCodeTTL
	}
	if o.TokenTTL == 0 {
		o.TokenTTL = DefaultTokenTTL
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	if o.Data == nil {
		o.Data = []byte(defaultSeed)
	}
	return o, nil
}

// Server is the service. It is safe for concurrent use.
type Server struct {
	opts     Options
	prof     *Choices
	log      *slog.Logger
	pages    *template.Template
	faults   *faults
	handler  http.Handler
	inflight inFlight
	requests atomic.Uint64 // answers dressed with a request ID (EnvelopeMeta)

	mu sync.Mutex
	st *state

	spillMu sync.Mutex
	tempDir string // made for uploads beyond the memory cap; removed by Close
}

// New loads and validates the seed, generates the versions it asks for, and
// returns a Server ready to serve.
func New(opts Options) (*Server, error) {
	opts, err := opts.withDefaults()
	if err != nil {
		return nil, err
	}
	prof := opts.profile()
	st, err := loadSeed(opts.Data, prof)
	if err != nil {
		return nil, err
	}
	if opts.ApproveAs != "" && st.userBy[opts.ApproveAs] == nil {
		return nil, fmt.Errorf("sandbox: approve-as: no user %q in the seed", opts.ApproveAs)
	}
	s := &Server{
		opts:   opts,
		prof:   prof,
		log:    opts.Logger,
		pages:  parsePages(),
		faults: newFaults(opts.FaultRate, opts.FaultSeed, opts.FaultRetryAfter),
		st:     st,
	}
	s.handler = s.routes()
	return s, nil
}

// Choices returns the choices the server answers with.
func (s *Server) Choices() Choices { return s.prof.clone() }

// Handler serves the API under /api/v1/, the account service under /auth/
// and uploaded files under /files/.
func (s *Server) Handler() http.Handler { return s.handler }

// MintToken returns an access token for username with the given scopes (all
// known scopes when none are given; any names in the strict profile), as if
// the user had signed in, for tests that skip OAuth. It lives for
// Options.TokenTTL and has no refresh token.
func (s *Server) MintToken(username string, scopes ...string) (string, error) {
	if len(scopes) == 0 {
		scopes = knownScopes()
	}
	for _, sc := range scopes {
		if !isKnownScope(sc) && s.prof.ClosedScopes {
			return "", fmt.Errorf("sandbox: unknown scope %q", sc)
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	u := s.st.userBy[username]
	if u == nil {
		return "", fmt.Errorf("sandbox: no user %q", username)
	}
	return s.newAccessToken(u, nil, sortScopes(scopes)), nil
}

// now is in UTC so the times the service answers with read the same
// whatever the local zone.
func (s *Server) now() time.Time { return s.opts.Now().UTC() }
