package auth

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"sync"
	"testing"
	"time"

	"rdash/api/sandbox"
	"rdash/auth/authtest"
)

// Several rdash processes find the same expired token and renew it at
// once; the server rotates refresh tokens, so without the lock all but
// one spent a dead refresh token and had to sign in again. Each goroutine
// has its own Store, as a process has: the lock is per open file.
func TestConcurrentRefreshesShareOneRotation(t *testing.T) {
	t.Parallel()
	w := startSandbox(t, sandbox.Options{TokenTTL: 5 * time.Second, Latency: 20 * time.Millisecond})
	d := newDirs(t)
	kr := authtest.NewKeyring() // one keyring, as on one machine
	if _, err := d.store(kr, "").Save(t.Context(), w.settings.Host(), "dave", signIn(t, w, "dave"), nil); err != nil {
		t.Fatal(err)
	}
	const n = 8
	start := make(chan struct{})
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := range n {
		store := d.store(kr, "")
		st, err := store.Load(t.Context(), w.settings.Host())
		if err != nil {
			t.Fatal(err)
		}
		src := NewSource(t.Context(), SourceOptions{Settings: w.settings, Stored: st, Store: store})
		wg.Go(func() {
			<-start
			_, errs[i] = whoAmI(t, w, src)
		})
	}
	close(start)
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Errorf("process %d: %v", i, err)
		}
	}
	// What is stored at the end still works.
	st, err := d.store(kr, "").Load(t.Context(), w.settings.Host())
	if err != nil {
		t.Fatal(err)
	}
	if who, err := whoAmI(t, w, NewSource(t.Context(), SourceOptions{Settings: w.settings, Stored: st})); err != nil || who != "dave" {
		t.Fatalf("the stored token after the refreshes: %q, %v", who, err)
	}
}

// A process that spent the refresh token without the lock (an older
// rdash) and stored the new one: the refused one re-reads the store and
// uses that token instead of giving up.
func TestRefusedRefreshAdoptsTheStoredToken(t *testing.T) {
	t.Parallel()
	w := startSandbox(t, sandbox.Options{TokenTTL: time.Hour})
	d := newDirs(t)
	kr := authtest.NewKeyring()
	store := d.store(kr, "")
	if _, err := store.Save(t.Context(), w.settings.Host(), "erin", signIn(t, w, "erin"), nil); err != nil {
		t.Fatal(err)
	}
	st, _ := store.Load(t.Context(), w.settings.Host())
	st.Token.Expiry = time.Now().Add(-time.Minute) // expired here; the renewed one is not
	// The other process renews; it stores a token that is valid.
	other := NewSource(t.Context(), SourceOptions{Settings: w.settings, Stored: st, Store: d.store(kr, "")})
	renewed, err := other.Token()
	if err != nil {
		t.Fatal(err)
	}
	// This one had loaded before and must not have read the store since:
	// hand it a copy whose refresh token is spent, and a store that shows
	// the new token only after the refusal.
	late := &lateStore{Keyring: kr, old: encodeEntry(entryOf(st.Token, nil))}
	mine := NewSource(t.Context(), SourceOptions{Settings: w.settings, Stored: st,
		Store: NewStore(StoreOptions{Keyring: late, ConfigDir: d.config, StateDir: d.state, Timeout: time.Second})})
	late.hide = true
	tok, err := mine.Token()
	if err != nil {
		t.Fatalf("the refused refresh gave up: %v", err)
	}
	if tok.AccessToken != renewed.AccessToken {
		t.Fatal("the token the other process stored was not used")
	}
}

// lateStore hides the keyring's entries from the first Get, as if the
// other process wrote just after this one looked.
type lateStore struct {
	*authtest.Keyring
	old  string // what the store held before the other process wrote
	mu   sync.Mutex
	hide bool
}

func (l *lateStore) Get(svc, acct string) (string, error) {
	l.mu.Lock()
	hide := l.hide
	l.hide = false
	l.mu.Unlock()
	if hide {
		return l.old, nil
	}
	return l.Keyring.Get(svc, acct)
}

// childEnv carries a sign-in to the processes TestRefreshAcrossProcesses
// starts.
const childEnv = "RDASH_TEST_REFRESH_CHILD"

type childArgs struct {
	BaseURL, AuthURL, ClientID, ClientSecret string
	Scopes                                   []string
	Config                                   string
	State                                    string
	NotBefore                                time.Time
}

func (a childArgs) settings() Settings {
	return Settings{BaseURL: a.BaseURL, AuthURL: a.AuthURL, ClientID: a.ClientID, ClientSecret: a.ClientSecret, Scopes: a.Scopes}
}

// Real processes, each renewing the same expired token from the consented
// file at the same moment.
func TestRefreshAcrossProcesses(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("starts processes")
	}
	w := startSandbox(t, sandbox.Options{TokenTTL: 5 * time.Second, Latency: 20 * time.Millisecond})
	d := newDirs(t)
	if _, err := d.store(nil, "").Save(t.Context(), w.settings.Host(), "frank", signIn(t, w, "frank"), yes); err != nil {
		t.Fatal(err)
	}
	ws := w.settings
	args, _ := json.Marshal(childArgs{BaseURL: ws.BaseURL, AuthURL: ws.AuthURL, ClientID: ws.ClientID, ClientSecret: ws.ClientSecret,
		Scopes: ws.Scopes, Config: d.config, State: d.state, NotBefore: time.Now().Add(500 * time.Millisecond)})
	const n = 5
	cmds := make([]*exec.Cmd, n)
	for i := range cmds {
		c := exec.CommandContext(t.Context(), os.Args[0], "-test.run=^TestRefreshChildProcess$", "-test.count=1")
		c.Env = append(os.Environ(), childEnv+"="+string(args))
		if err := c.Start(); err != nil {
			t.Fatal(err)
		}
		cmds[i] = c
	}
	for i, c := range cmds {
		if err := c.Wait(); err != nil {
			t.Errorf("process %d: %v", i, err)
		}
	}
}

// TestRefreshChildProcess is one process of TestRefreshAcrossProcesses;
// run alone it does nothing.
func TestRefreshChildProcess(t *testing.T) {
	raw := os.Getenv(childEnv)
	if raw == "" {
		t.Skip("run by TestRefreshAcrossProcesses")
	}
	var a childArgs
	if err := json.Unmarshal([]byte(raw), &a); err != nil {
		t.Fatal(err)
	}
	settings := a.settings()
	store := NewStore(StoreOptions{ConfigDir: a.Config, StateDir: a.State})
	st, err := store.Load(context.Background(), settings.Host())
	if err != nil {
		t.Fatal(err)
	}
	time.Sleep(time.Until(a.NotBefore)) // start together, to race
	src := NewSource(t.Context(), SourceOptions{Settings: settings, Stored: st, Store: store})
	if who, err := whoAmI(t, world{settings: settings}, src); err != nil || who != "frank" {
		t.Fatalf("whoAmI = %q, %v", who, err)
	}
}

// Waiting for another process's refresh spends nothing, so it ends with
// the request; the refresh itself, once started, does not.
func TestWaitingForTheLockEndsWithTheRequest(t *testing.T) {
	t.Parallel()
	w := startSandbox(t, sandbox.Options{TokenTTL: 5 * time.Second})
	d := newDirs(t)
	kr := authtest.NewKeyring()
	if _, err := d.store(kr, "").Save(t.Context(), w.settings.Host(), "dave", signIn(t, w, "dave"), nil); err != nil {
		t.Fatal(err)
	}
	other := d.store(kr, "")
	unlock, err := other.lock(t.Context()) // another process is renewing
	if err != nil {
		t.Fatal(err)
	}
	defer unlock()
	store := d.store(kr, "")
	st, _ := store.Load(t.Context(), w.settings.Host())
	ctx, cancel := context.WithTimeout(t.Context(), 100*time.Millisecond)
	defer cancel()
	_, err = NewSource(t.Context(), SourceOptions{Settings: w.settings, Stored: st, Store: store}).TokenContext(ctx)
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("TokenContext while another holds the lock = %v", err)
	}
	if again, _ := store.Load(t.Context(), w.settings.Host()); again.Token.RefreshToken != st.Token.RefreshToken {
		t.Fatal("a refresh ran without the lock")
	}
}
