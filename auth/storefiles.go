package auth

import (
	"context"
	"fmt"
	"sync"
	"time"
)

// read loads the record and the token file. A malformed one is a
// *MalformedError that says what to do.
func (s *Store) read() (record, tokenFile, error) {
	var rec record
	var file tokenFile
	if err := readJSON(s.record, &rec); err != nil {
		return rec, file, s.malformed(s.record, err)
	}
	if err := readJSON(s.file, &file); err != nil {
		return rec, file, s.malformed(s.file, err)
	}
	return rec, file, nil
}

// editFile sets (e non-nil) or removes the file's token of account on
// host. Removing from a missing file writes nothing, so the file only ever
// appears with consent.
func (s *Store) editFile(host, account string, e *entry) error {
	var file tokenFile
	if err := readJSON(s.file, &file); err != nil {
		return err
	}
	if e == nil {
		if _, ok := file.Hosts[host][account]; !ok {
			return nil
		}
		delete(file.Hosts[host], account)
		if len(file.Hosts[host]) == 0 {
			delete(file.Hosts, host)
		}
		return writeJSON(s.file, file, len(file.Hosts) == 0)
	}
	if file.Hosts == nil {
		file.Hosts = map[string]map[string]entry{}
	}
	if file.Hosts[host] == nil {
		file.Hosts[host] = map[string]entry{}
	}
	file.Hosts[host][account] = *e
	return writeJSON(s.file, file, false)
}

// remember makes account the active one of host, stored at where.
func (s *Store) remember(host, account string, where Location) error {
	var rec record
	if err := readJSON(s.record, &rec); err != nil {
		return s.malformed(s.record, err)
	}
	if rec.Hosts == nil {
		rec.Hosts = map[string]recordHost{}
	}
	rec.Hosts[host] = recordHost{Account: account, Storage: where.Kind}
	if err := writeJSON(s.record, rec, false); err != nil {
		return fmt.Errorf("the sign-in record could not be written: %w", err)
	}
	return nil
}

func (s *Store) forget(host string) error {
	var rec record
	if err := readJSON(s.record, &rec); err != nil {
		return err
	}
	if _, ok := rec.Hosts[host]; !ok {
		return nil
	}
	delete(rec.Hosts, host)
	return writeJSON(s.record, rec, len(rec.Hosts) == 0)
}

// keyringUsable returns the keyring, or why it is not used.
func (s *Store) keyringUsable() (Keyring, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.keyring, s.noKeyring
}

// callKeyring bounds a keyring call and, once the keyring has failed,
// stops using it: each further call could hang for the whole timeout.
func (s *Store) callKeyring(ctx context.Context, op string, f func(Keyring) error) error {
	kr, why := s.keyringUsable()
	if why != nil {
		return why
	}
	defer s.noticeSlow()()
	err := callKeyring(ctx, op, s.timeout, func() error { return f(kr) })
	if _, ok := err.(*KeyringError); ok {
		s.mu.Lock()
		s.noKeyring = err
		s.mu.Unlock()
	}
	return err
}

func (s *Store) keyringGet(ctx context.Context, svc, account string) (string, error) {
	// A channel, not a captured variable: a call that timed out may still
	// finish later.
	got := make(chan string, 1)
	err := s.callKeyring(ctx, "get", func(kr Keyring) error {
		v, err := kr.Get(svc, account)
		got <- v
		return err
	})
	if err != nil {
		return "", err
	}
	return <-got, nil
}

func (s *Store) keyringSet(ctx context.Context, host, account string, e entry) error {
	return s.callKeyring(ctx, "set", func(kr Keyring) error {
		return kr.Set(service(host), account, encodeEntry(e))
	})
}

func (s *Store) keyringDelete(ctx context.Context, host, account string) error {
	return s.callKeyring(ctx, "delete", func(kr Keyring) error {
		return kr.Delete(service(host), account)
	})
}

// noticeSlow tells the OnSlowKeyring function, once a keyring call has
// taken KeyringWaitNotice, what is being waited for; the returned function
// ends the call, after which nothing is told.
func (s *Store) noticeSlow() (done func()) {
	s.mu.Lock()
	tell := s.slow
	s.mu.Unlock()
	if tell == nil {
		return func() {}
	}
	var mu sync.Mutex
	stopped := false
	t := time.AfterFunc(KeyringWaitNotice, func() {
		mu.Lock()
		defer mu.Unlock()
		if !stopped {
			tell(s.timeout)
		}
	})
	return func() {
		mu.Lock()
		stopped = true
		mu.Unlock()
		t.Stop()
	}
}
