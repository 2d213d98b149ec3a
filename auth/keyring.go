package auth

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"time"

	"github.com/zalando/go-keyring"

	"rdash/config"
)

// Keyring is the part of an OS keyring a Store uses. Get and Delete return
// an error matching keyring.ErrNotFound for a missing entry; any other error
// means the keyring is unavailable. Tests inject fakes; SystemKeyring is
// the real one.
type Keyring interface {
	Get(service, account string) (string, error)
	Set(service, account, secret string) error
	Delete(service, account string) error
}

// SystemKeyring is the OS keyring through go-keyring: the Secret Service
// over D-Bus on Linux, the Keychain on macOS, the Credential Manager on
// Windows.
type SystemKeyring struct{}

// Get reads a secret.
func (SystemKeyring) Get(service, account string) (string, error) {
	return keyring.Get(service, account)
}

// Set writes a secret.
func (SystemKeyring) Set(service, account, secret string) error {
	return keyring.Set(service, account, secret)
}

// Delete removes a secret.
func (SystemKeyring) Delete(service, account string) error { return keyring.Delete(service, account) }

// Keyring timeouts: daemons hang (cli/cli#7220, zalando/go-keyring#125), and
// a bus that accepts a connection and never answers hangs every call, so
// each call is bounded and, once one fails, the keyring is not asked
// again. gh waits 3 s; an interactive session gets a little longer,
// because the keyring may ask for its password to unlock (cli/cli#11005).
// Past it the keyring counts as unavailable. Callers say what they are
// waiting for while they wait (see KeyringWaitNotice).
const (
	KeyringTimeout            = 3 * time.Second
	InteractiveKeyringTimeout = 5 * time.Second
)

// KeyringWaitNotice is how long a keyring call may take before the user is
// told what rdash is waiting for.
const KeyringWaitNotice = time.Second

// Timeout is how long the Store waits for one keyring call.
func (s *Store) Timeout() time.Duration { return s.timeout }

// SystemKeyringFor returns the OS keyring, or nil and the reason when it
// must not even be tried: on Linux without a session bus, godbus would
// autolaunch a D-Bus daemon (and leak it with a keyring daemon).
func SystemKeyringFor(env config.Env) (Keyring, error) {
	if runtime.GOOS == "linux" && !env.DBus {
		return nil, errors.New("no D-Bus session bus (DBUS_SESSION_BUS_ADDRESS is not set), so no Secret Service")
	}
	return SystemKeyring{}, nil
}

// KeyringError is a keyring that did not answer, or answered with anything
// but "not found": rdash then treats it as unavailable.
type KeyringError struct {
	Op  string // get, set, delete
	Err error
}

func (e *KeyringError) Error() string { return "keyring unavailable: " + e.Op + ": " + e.Err.Error() }
func (e *KeyringError) Unwrap() error { return e.Err }

// callKeyring runs f with a time limit. The call cannot be cancelled, so a
// hung one is left behind in its goroutine; its result is dropped.
func callKeyring(ctx context.Context, op string, timeout time.Duration, f func() error) error {
	done := make(chan error, 1)
	go func() { done <- f() }()
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	select {
	case err := <-done:
		if err == nil || errors.Is(err, keyring.ErrNotFound) {
			return err
		}
		return &KeyringError{Op: op, Err: err}
	case <-timer.C:
		return &KeyringError{Op: op, Err: fmt.Errorf("no answer within %s", timeout)}
	case <-ctx.Done():
		return ctx.Err()
	}
}
