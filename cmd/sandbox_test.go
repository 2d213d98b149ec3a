package cmd

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/spf13/pflag"

	"rdash/auth"
	"rdash/config"
)

// TestSandboxRequirePKCE: with --require-pkce the sandbox refuses an
// authorization request that carries no challenge, and only then.
func TestSandboxRequirePKCE(t *testing.T) {
	t.Parallel()
	for _, require := range []bool{false, true} {
		var fl sandboxFlags
		fs := pflag.NewFlagSet("sandbox", pflag.ContinueOnError)
		fl.bind(fs)
		args := []string{"--approve-as", "alice"}
		if require {
			args = append(args, "--require-pkce")
		}
		if err := fs.Parse(args); err != nil {
			t.Fatal(err)
		}
		srv, err := newSandbox(fl)
		if err != nil {
			t.Fatal(err)
		}
		run, err := srv.Start("127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { run.Close() })
		settings, err := auth.SettingsFrom(&config.Config{BaseURL: run.BaseURL, AuthURL: run.AuthURL,
			ClientID: run.ClientID, ClientSecret: run.ClientSecret, Scopes: config.AllScopes()}, nil)
		if err != nil {
			t.Fatal(err)
		}
		f, err := auth.NewFlow(settings, auth.ModePaste)
		if err != nil {
			t.Fatal(err)
		}
		u, err := url.Parse(f.URL())
		if err != nil {
			t.Fatal(err)
		}
		for _, with := range []bool{true, false} {
			q := u.Query()
			if !with {
				q.Del("code_challenge")
				q.Del("code_challenge_method")
			}
			v := *u
			v.RawQuery = q.Encode()
			noFollow := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
			resp, err := noFollow.Get(v.String())
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			back, err := url.Parse(resp.Header.Get("Location"))
			if err != nil {
				t.Fatal(err)
			}
			// A refusal comes back as code=<error>&message=<why>.
			q = back.Query()
			approved := q.Get("code") != "" && !q.Has("message")
			if want := with || !require; approved != want {
				t.Errorf("require-pkce %v, challenge sent %v: approved %v (%s)", require, with, approved, q.Get("message"))
			}
		}
	}
}

// TestSandboxStrict: --strict serves the strict profile (no /users/@me),
// refuses --require-pkce beside it, and the demo's strict sandbox starts
// without the PKCE requirement it would contradict.
func TestSandboxStrict(t *testing.T) {
	t.Parallel()
	var fl sandboxFlags
	fs := pflag.NewFlagSet("sandbox", pflag.ContinueOnError)
	fl.bind(fs)
	if err := fs.Parse([]string{"--strict", "--require-pkce"}); err != nil {
		t.Fatal(err)
	}
	if _, err := newSandbox(fl); exitCode(err) != ExitCancel || !strings.Contains(err.Error(), "--strict") {
		t.Fatalf("--strict --require-pkce: %v", err)
	}
	for name, fl := range map[string]sandboxFlags{"sandbox --strict": {strict: true}, "demo --strict": (&demoOptions{as: "alice", strict: true}).sandbox(1)} {
		srv, err := newSandbox(fl)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		run, err := srv.Start("127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { run.Close() })
		tok, err := srv.MintToken("alice")
		if err != nil {
			t.Fatal(err)
		}
		req, _ := http.NewRequestWithContext(t.Context(), "GET", run.BaseURL+"/users/@me", nil)
		req.Header.Set("Authorization", "Bearer "+tok)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusNotFound {
			t.Errorf("%s: GET /users/@me answered %d, want 404", name, resp.StatusCode)
		}
	}
}
