// Package authtest has test doubles for auth that satisfy its interfaces
// structurally, so auth's own tests can use them too.
package authtest

import (
	"sync"
	"time"

	"github.com/zalando/go-keyring"
)

// Keyring is an in-memory auth.Keyring, so no test touches the real one.
// Err, when set, is returned by every call (a keyring that is there but
// does not answer); Delay makes every call slow (one that hangs).
type Keyring struct {
	Err   error
	Delay time.Duration

	mu    sync.Mutex
	m     map[string]string
	calls int
}

// NewKeyring returns an empty, working keyring.
func NewKeyring() *Keyring { return &Keyring{} }

// Failing returns a keyring whose every call fails with err.
func Failing(err error) *Keyring { return &Keyring{Err: err} }

func (k *Keyring) do(f func() error) error {
	time.Sleep(k.Delay)
	k.mu.Lock()
	defer k.mu.Unlock()
	k.calls++
	if k.Err != nil {
		return k.Err
	}
	if k.m == nil {
		k.m = map[string]string{}
	}
	return f()
}

// Get implements auth.Keyring.
func (k *Keyring) Get(svc, acct string) (string, error) {
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

// Set implements auth.Keyring.
func (k *Keyring) Set(svc, acct, secret string) error {
	return k.do(func() error { k.m[svc+"/"+acct] = secret; return nil })
}

// Delete implements auth.Keyring.
func (k *Keyring) Delete(svc, acct string) error {
	return k.do(func() error {
		if _, ok := k.m[svc+"/"+acct]; !ok {
			return keyring.ErrNotFound
		}
		delete(k.m, svc+"/"+acct)
		return nil
	})
}

// Len is the number of secrets held.
func (k *Keyring) Len() int {
	k.mu.Lock()
	defer k.mu.Unlock()
	return len(k.m)
}

// Calls is the number of calls made, failed ones included.
func (k *Keyring) Calls() int {
	k.mu.Lock()
	defer k.mu.Unlock()
	return k.calls
}
