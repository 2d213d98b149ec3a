package cmd

import (
	"bytes"
	"context"
	"slices"
	"strings"
	"testing"

	"rdash/api/sandbox"
)

// TestAuthOptionsFromTheCommandLine: each auth command's line fills its
// Options, which its runF sees without cobra.
func TestAuthOptionsFromTheCommandLine(t *testing.T) {
	t.Parallel()
	f := &Factory{IO: IOStreams{In: strings.NewReader(""), Out: &bytes.Buffer{}, ErrOut: &bytes.Buffer{}}}
	var login *loginOptions
	c := newAuthLoginCmd(f, func(_ context.Context, o *loginOptions) error { login = o; return nil })
	c.SetArgs([]string{"--no-browser", "--scopes", "user:read,project:read", "--insecure-storage", "--json"})
	if err := c.Execute(); err != nil {
		t.Fatal(err)
	}
	if !login.NoBrowser || login.WithToken || !login.Insecure || !slices.Equal(login.Scopes, []string{"user:read", "project:read"}) ||
		!login.Out.on() || login.f != f {
		t.Errorf("login options = %+v", login)
	}
	ran := map[string]bool{}
	for name, cmd := range map[string]func() error{
		"status": func() error {
			c := newAuthStatusCmd(f, func(_ context.Context, o *statusOptions) error { ran["status"] = o.Out.on(); return nil })
			c.SetArgs([]string{"--json"})
			return c.Execute()
		},
		"logout": func() error {
			c := newAuthLogoutCmd(f, func(_ context.Context, o *logoutOptions) error { ran["logout"] = o.Out.on(); return nil })
			c.SetArgs([]string{"--json"})
			return c.Execute()
		},
		"token": func() error {
			c := newAuthTokenCmd(f, func(_ context.Context, o *tokenOptions) error { ran["token"] = o.Out.on(); return nil })
			c.SetArgs([]string{"--json"})
			return c.Execute()
		},
	} {
		if err := cmd(); err != nil || !ran[name] {
			t.Errorf("auth %s --json: %v; runF saw --json: %v", name, err, ran[name])
		}
	}
}

// TestAuthRunsWithoutCobra: auth status, token and logout run from their
// Options and a Factory on fake streams alone.
func TestAuthRunsWithoutCobra(t *testing.T) {
	t.Parallel()
	c := authCLI(t, "", sandbox.Options{})
	tok, err := c.srv.MintToken("alice", "user:read")
	if err != nil {
		t.Fatal(err)
	}
	wantExit(t, c.run(tok, "auth", "login", "--with-token", "--insecure-storage"), ExitOK)
	var out, errOut bytes.Buffer
	f := &Factory{IO: IOStreams{In: strings.NewReader(""), Out: &out, ErrOut: &errOut},
		Lookup: func(k string) (string, bool) { v, ok := c.env[k]; return v, ok }}
	if err := statusRun(t.Context(), &statusOptions{f: f}); err != nil || !strings.Contains(out.String(), "Signed in as alice") {
		t.Fatalf("statusRun: %v\n%s", err, out.String())
	}
	out.Reset()
	if err := tokenRun(t.Context(), &tokenOptions{f: f}); err != nil || strings.TrimSpace(out.String()) != tok {
		t.Fatalf("tokenRun: %v, printed %d bytes", err, out.Len())
	}
	if err := logoutRun(t.Context(), &logoutOptions{f: f}); err != nil || !strings.Contains(errOut.String(), "Signed out of") {
		t.Fatalf("logoutRun: %v\n%s", err, errOut.String())
	}
}
