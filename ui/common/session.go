package common

import (
	"context"
	"errors"
	"time"

	tea "charm.land/bubbletea/v2"
)

// Session is the dashboard's sign-in: who is signed in and where the token
// lives, signing out, and signing in again while the dashboard runs. cmd
// implements it on top of auth (the demo keeps the token in memory only);
// the UI never sees a token, and imports neither auth nor oauth2. Every
// method but EnvToken may wait on the keyring or the network: call them
// from commands.
type Session interface {
	// Account says who the running client is signed in as, to which
	// server, and where the token lives. It asks no server.
	Account(ctx context.Context) (Account, error)
	// SignOut removes the token from where it is stored (the keyring and
	// the plain-text file, as `rdash auth logout` does) and stops the
	// running client sending it. It returns the places a token was
	// removed from. A token from RDASH_TOKEN stays in use.
	SignOut(ctx context.Context) ([]Location, error)
	// EnvToken reports that RDASH_TOKEN is set: it overrides any token a
	// sign-in would store, so signing in is pointless.
	EnvToken() bool
	// CheckStorage reports whether a new token can be stored without
	// asking: nil, or the notice to show before the plain-text file is
	// used, which needs the user's consent.
	CheckStorage(ctx context.Context) (*InsecureNotice, error)
	// NewFlow starts a sign-in, in loopback or paste mode as the session
	// picks.
	NewFlow() (Flow, error)
	// OpenBrowser opens url in the browser; use it only for a Loopback
	// flow.
	OpenBrowser(ctx context.Context, url string) error
	// Complete asks the server whose the grant's token is, stores it (in
	// the plain-text file only when plainText, the user's consent) and
	// makes the running client use it.
	Complete(ctx context.Context, g Grant, plainText bool) (Account, error)
}

// AccountChecker is a Session that can also ask the server about the
// token the running client sends, as `rdash auth status` does:
// CheckAccount is Account with Unconfirmed, Verdict and Unverified filled
// from the server's answers. It fails when the server refuses the token,
// or the context ends. cmd's session is one; with a session that is not,
// the dashboard says only what GET /users/@me showed.
type AccountChecker interface {
	CheckAccount(ctx context.Context) (Account, error)
}

// Grant is what a finished sign-in flow hands over: the UI holds it only
// to give it back to Session.Complete. It has no method that reveals the
// token inside, which belongs to the session.
type Grant interface{ Granted() }

// Flow is one sign-in under way. Wait (loopback only) and Exchange may
// run at the same time; the first code wins. Their errors are the
// session's words (a *SignInError) or the transport's.
type Flow interface {
	// URL is the authorize address to show; it carries the state, so it
	// is shown but never logged.
	URL() string
	// Loopback reports that the browser's redirect comes back to rdash
	// (Wait); otherwise the user pastes it (Exchange).
	Loopback() bool
	Wait(ctx context.Context) (Grant, error)
	Exchange(ctx context.Context, pasted string) (Grant, error)
	Close() error
}

// Location is where a token is stored, as people read it: "the system
// keyring", a file's path. The session fills it.
type Location string

// String is the location, or "nowhere".
func (l Location) String() string {
	if l == "" {
		return "nowhere"
	}
	return string(l)
}

// InsecureNotice is what to show before a token is stored in plain text,
// worded by the session.
type InsecureNotice struct{ Text string }

// String is the notice.
func (n InsecureNotice) String() string { return n.Text }

// SignInError is a sign-in failure the session has put in words (cmd
// words auth's errors: the UI does not import auth). NoKeyring marks a
// token the keyring did not take: starting again asks about the
// plain-text file.
type SignInError struct {
	Sentence  string
	NoKeyring bool
	Err       error
}

func (e *SignInError) Error() string { return e.Sentence }

// Unwrap returns the session's own error.
func (e *SignInError) Unwrap() error { return e.Err }

// ErrEnvToken says RDASH_TOKEN is set, so a sign-in would not be used.
var ErrEnvToken = errors.New("RDASH_TOKEN is set: it is used instead of any sign-in")

// Account is a sign-in as the dashboard shows it; it never holds a token.
type Account struct {
	Host     string // the service host the token is for
	Server   string // the API base URL
	SignedIn bool
	// Name is the account the token is stored under; empty for RDASH_TOKEN.
	Name string
	// Unconfirmed means the server did not name the user when the session
	// checked the token (at sign-in, or CheckAccount), so Name is the
	// configured username, or the name the token was stored under.
	Unconfirmed bool
	// Verdict says, of a token whose user the server did not name, where
	// the server showed it accepts the token, or why nothing it answered
	// could show that: the words of `rdash auth status`. Empty when the
	// server named the user, or when nothing was checked (Account asks no
	// server).
	Verdict string
	// Unverified means nothing the server answered showed it accepts the
	// token (Verdict says why): the account is named as not verified.
	Unverified bool
	Scopes     []string
	Expiry     time.Time // zero when not known
	Where      Location
	// Memory means the token is kept in memory only (the demo) and is
	// forgotten when rdash exits.
	Memory bool
}

// SignedInMsg tells the root and every screen that a sign-in finished and
// the running client sends the new token. Retry and Context come from the
// sign-in screen's arguments: the root offers r to run the failed action
// again.
type SignedInMsg struct {
	Account Account
	Context string
	Retry   tea.Cmd
	// From is the sign-in screen that sent it; the root closes it when it
	// is on top, which takes the user back to where they were.
	From Screen
}

// SignedOutMsg tells the root and every screen that the user signed out.
type SignedOutMsg struct{}

// MembershipsChangedMsg tells the root and every screen that the signed-in
// user accepted an invitation to Org. What membership that gives, the
// interface does not say, so lists of the user's projects may be out of
// date: they are read again, and show what the server lists.
type MembershipsChangedMsg struct{ Org string }

// Storage says where the token lives, for people: the keyring, the
// plain-text file (with its path), RDASH_TOKEN, or memory in the demo.
func (a Account) Storage() string {
	if a.Memory {
		return "memory only (demo): forgotten when rdash exits"
	}
	return a.Where.String()
}
