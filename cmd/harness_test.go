package cmd

import (
	"bytes"
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"rdash/api/sandbox"
	"rdash/api/sandbox/sandboxtest"
	"rdash/internal/buildinfo"
)

// cli runs rdash commands in-process against one sandbox, signed in as one
// user through RDASH_TOKEN, with private config and state directories.
type cli struct {
	t   *testing.T
	env map[string]string
	srv *sandbox.Server
	// build, when set, is the build information the commands see.
	build func() buildinfo.Info
}

func newCLI(t *testing.T, user string, opts sandbox.Options) *cli {
	t.Helper()
	return newCLIBehind(t, user, opts, nil)
}

// newCLIBehind is newCLI with the sandbox's handler wrapped in wrap, when
// it is not nil, so a test can hold a request on a gate or watch them.
// The context of a held request ends when the test does, if the client
// has not hung up before.
func newCLIBehind(t *testing.T, user string, opts sandbox.Options, wrap func(http.Handler) http.Handler) *cli {
	t.Helper()
	srv, run := sandboxtest.Start(t, opts)
	env := map[string]string{"HOME": t.TempDir(), "RDASH_STATE_DIR": t.TempDir(), "RDASH_CONFIG_DIR": t.TempDir()}
	for _, kv := range run.Env() {
		k, v, _ := strings.Cut(kv, "=")
		env[k] = v
	}
	if wrap != nil {
		hs := httptest.NewUnstartedServer(wrap(srv.Handler()))
		hs.Config.BaseContext = func(net.Listener) context.Context { return t.Context() }
		hs.Start()
		t.Cleanup(hs.Close)
		env["RDASH_BASE_URL"] = hs.URL + sandbox.APIPrefix
		env["RDASH_AUTH_URL"] = hs.URL + sandbox.AuthPrefix
	}
	if user != "" {
		tok, err := srv.MintToken(user, "user:read", "project:read", "project:version:create",
			"project:version:update", "project:version:delete", "org:member:create")
		if err != nil {
			t.Fatal(err)
		}
		env["RDASH_TOKEN"] = tok
	}
	return &cli{t: t, env: env, srv: srv}
}

// result is what one command printed and its exit code.
type result struct {
	out, err string
	code     int
}

// run runs one command with stdin as input; neither stream is a terminal.
func (c *cli) run(stdin string, args ...string) result {
	c.t.Helper()
	var out, errOut bytes.Buffer
	f := &Factory{
		IO:     IOStreams{In: strings.NewReader(stdin), Out: &out, ErrOut: &errOut},
		Lookup: func(k string) (string, bool) { v, ok := c.env[k]; return v, ok },
		Build:  c.build,
	}
	code := Main(c.t.Context(), args, f)
	return result{out.String(), errOut.String(), code}
}

// ok runs a command that must succeed and returns its standard output.
func (c *cli) ok(args ...string) string {
	c.t.Helper()
	r := c.run("", args...)
	if r.code != 0 {
		c.t.Fatalf("rdash %s: exit %d\nstdout:\n%s\nstderr:\n%s", strings.Join(args, " "), r.code, r.out, r.err)
	}
	return r.out
}
