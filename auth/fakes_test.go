package auth

import (
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/zalando/go-keyring"
	"golang.org/x/oauth2"
)

// fakeKeyring is an in-memory Keyring; err, when set, is returned by every
// call, and delay makes every call slow.
type fakeKeyring struct {
	mu    sync.Mutex
	m     map[string]string
	err   error
	delay time.Duration
	calls int
}

func newFakeKeyring() *fakeKeyring { return &fakeKeyring{m: map[string]string{}} }

func (k *fakeKeyring) do(f func() error) error {
	time.Sleep(k.delay)
	k.mu.Lock()
	defer k.mu.Unlock()
	k.calls++
	if k.err != nil {
		return k.err
	}
	return f()
}

func (k *fakeKeyring) Get(svc, acct string) (string, error) {
	var v string
	err := k.do(func() error {
		var ok bool
		if v, ok = k.m[svc+"/"+acct]; !ok {
			return keyring.ErrNotFound
		}
		return nil
	})
	return v, err
}

func (k *fakeKeyring) Set(svc, acct, secret string) error {
	return k.do(func() error { k.m[svc+"/"+acct] = secret; return nil })
}

func (k *fakeKeyring) Delete(svc, acct string) error {
	return k.do(func() error {
		if _, ok := k.m[svc+"/"+acct]; !ok {
			return keyring.ErrNotFound
		}
		delete(k.m, svc+"/"+acct)
		return nil
	})
}

func (k *fakeKeyring) callCount() int {
	k.mu.Lock()
	defer k.mu.Unlock()
	return k.calls
}

// errDBus is what go-keyring says on a machine with a bus but no unlocked
// collection (shared/RECIPES.md §2).
var errDBus = errors.New("failed to unlock correct collection '/org/freedesktop/secrets/aliases/default'")

type testDirs struct{ config, state string }

func newDirs(t *testing.T) testDirs {
	d := t.TempDir()
	return testDirs{config: d + "/config/rdash", state: d + "/state/rdash"}
}

func (d testDirs) store(kr Keyring, env string) *Store {
	o := StoreOptions{ConfigDir: d.config, StateDir: d.state, EnvToken: env, Timeout: time.Second}
	if kr != nil {
		o.Keyring = kr
	}
	return NewStore(o)
}

func testToken(n string) *oauth2.Token {
	t := &oauth2.Token{
		AccessToken: "access-" + n, RefreshToken: "refresh-" + n, TokenType: "Bearer",
		Expiry: time.Now().Add(time.Hour).Round(time.Second),
	}
	return t.WithExtra(map[string]any{"scope": "user:read,project:read"})
}

func yes(n InsecureNotice) bool { return true }
