package cmd

import (
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	"rdash/api/sandbox"
	"rdash/api/sandbox/sandboxtest"
)

// TestContractSignInVaried is TestContractSignIn against the varied
// sandboxes: the pasted-code flow, approved then auth status; expired on
// the server, then renewed (or, without the refresh grant, a sign-in
// asked for); and denied, whatever the account service chose (PKCE checked or ignored,
// form or JSON token bodies, errors as JSON or text, the abort redirect
// with or without state, a first scope or none).
func TestContractSignInVaried(t *testing.T) {
	t.Parallel()
	for _, p := range sandboxtest.Varied(t) {
		c := *p.Options.Choices
		t.Run(p.Name+"/approved", func(t *testing.T) {
			t.Parallel()
			sandboxtest.Explain(t, p.Options)
			cl := authCLI(t, "", p.Options)
			s := cl.start(nil, "auth", "login", "--no-browser", "--insecure-storage")
			io.WriteString(s.in, consent(t, s.waitFor(authorizeURL), "dave")+"\n")
			code := s.exit() // first: stderr is whole once rdash has exited
			r := result{err: s.stderr(), code: code}
			if r.code != ExitOK {
				t.Fatalf("login: exit %d:\n%s", r.code, r.err)
			}
			honest(t, r, nil)
			// The token came from the server's own sign-in: kept first time,
			// said to be not verified where nothing the server answers
			// can show it is accepted.
			if said := strings.Contains(r.err, "(not verified)"); said != unchecked(c) {
				t.Errorf("login says the token is not verified: %v, want %v:\n%s", said, unchecked(c), r.err)
			}
			rep, st := cl.status()
			wantExit(t, st, ExitOK)
			if !rep.SignedIn || c.Users != sandbox.UsersNone && string(rep.Account) != "dave" {
				t.Fatalf("status = %+v, want signed in as dave", rep)
			}
			if rep.Verified == unchecked(c) {
				t.Errorf("status verified = %v, want %v: %+v", rep.Verified, !unchecked(c), rep)
			}
		})
		t.Run(p.Name+"/expired", func(t *testing.T) {
			t.Parallel()
			sandboxtest.Explain(t, p.Options)
			var mu sync.Mutex
			now := time.Now()
			opts := p.Options
			opts.Now = func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
			cl := authCLI(t, "", opts)
			s := cl.start(nil, "auth", "login", "--no-browser", "--insecure-storage")
			io.WriteString(s.in, consent(t, s.waitFor(authorizeURL), "bob")+"\n")
			if exit := s.exit(); exit != ExitOK {
				t.Fatalf("login exit %d:\n%s", exit, s.stderr())
			}
			mu.Lock()
			now = now.Add(2 * time.Hour) // the server's clock: the token has expired there
			mu.Unlock()
			r := cl.run("", "versions", "list", "emberforge-core", "--page-size", "1")
			if c.Refresh {
				wantExit(t, r, ExitOK) // renewed with the refresh token, and asked again
			} else {
				wantExit(t, r, ExitAuth, "rdash auth login")
			}
			honest(t, r, nil)
		})
		t.Run(p.Name+"/denied", func(t *testing.T) {
			t.Parallel()
			sandboxtest.Explain(t, p.Options)
			cl := authCLI(t, "", p.Options)
			s := cl.start(nil, "auth", "login", "--no-browser", "--insecure-storage")
			io.WriteString(s.in, deny(t, s.waitFor(authorizeURL), "dave")+"\n")
			code := s.exit()
			r := result{err: s.stderr(), code: code}
			if r.code == ExitOK || !strings.Contains(r.err, "the user denied access") || strings.Contains(r.err, "forged") {
				t.Fatalf("a denial: exit %d:\n%s", r.code, r.err)
			}
			honest(t, r, nil)
		})
	}
}
