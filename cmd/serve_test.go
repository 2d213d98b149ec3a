package cmd

import (
	"context"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/spf13/cobra"
	gossh "golang.org/x/crypto/ssh"

	"rdash/config"
	"rdash/internal/serve"
	"rdash/internal/serve/servetest"
	"rdash/internal/testwait"
)

// serveEnv is a private HOME, config and state for rdash serve.
type serveEnv struct {
	t   *testing.T
	dir string
	env map[string]string
	ak  string
}

func newServeEnv(t *testing.T) *serveEnv {
	dir := t.TempDir()
	e := &serveEnv{t: t, dir: dir, ak: filepath.Join(dir, "authorized_keys"), env: map[string]string{
		"HOME": dir, "XDG_CONFIG_HOME": filepath.Join(dir, "config"), "XDG_STATE_HOME": filepath.Join(dir, "state"),
	}}
	return e
}

// run runs rdash with serve added, until ctx ends.
func (e *serveEnv) run(ctx context.Context, args ...string) result {
	var out, errOut servetest.Buffer
	f := &Factory{
		IO:     IOStreams{In: strings.NewReader(""), Out: &out, ErrOut: &errOut},
		Lookup: func(k string) (string, bool) { v, ok := e.env[k]; return v, ok },
		Extra:  []func(*Factory) *cobra.Command{func(f *Factory) *cobra.Command { return newServeCmd(f, nil) }},
	}
	code := Main(ctx, args, f)
	return result{out.String(), errOut.String(), code}
}

func (e *serveEnv) allow(mode os.FileMode, keys ...gossh.Signer) {
	var b strings.Builder
	for _, k := range keys {
		b.Write(gossh.MarshalAuthorizedKey(k.PublicKey()))
	}
	if err := os.WriteFile(e.ak, []byte(b.String()), 0o600); err != nil {
		e.t.Fatal(err)
	}
	if err := os.Chmod(e.ak, mode); err != nil {
		e.t.Fatal(err)
	}
}

func TestServeRefusesToStart(t *testing.T) {
	key := servetest.Signer(t)
	cases := []struct {
		name  string
		setup func(e *serveEnv) []string
		want  string
	}{
		{"no allow-list", func(e *serveEnv) []string { return nil }, "--authorized-keys is required"},
		{"allow-list open to others", func(e *serveEnv) []string {
			e.allow(0o644, key)
			return []string{"--authorized-keys", e.ak}
		}, "authorized_keys file " + "%AK%" + " is open to other users (mode 0644); run: chmod 600"},
		{"allow-list without keys", func(e *serveEnv) []string {
			e.allow(0o600)
			return []string{"--authorized-keys", e.ak}
		}, "holds no public key, so nobody could connect"},
		{"allow-list whose only key has options", func(e *serveEnv) []string {
			line := `command="/bin/true" ` + string(gossh.MarshalAuthorizedKey(key.PublicKey()))
			if err := os.WriteFile(e.ak, []byte(line), 0o600); err != nil {
				t.Fatal(err)
			}
			return []string{"--authorized-keys", e.ak}
		}, "holds no public key without options (a line with options such as command= allows nothing here), so nobody could connect"},
		{"host key open to others", func(e *serveEnv) []string {
			e.allow(0o600, key)
			hk := filepath.Join(e.dir, "host_key")
			if err := os.WriteFile(hk, []byte("x"), 0o644); err != nil {
				t.Fatal(err)
			}
			return []string{"--authorized-keys", e.ak, "--host-key", hk}
		}, "host key %DIR%/host_key is open to other users (mode 0644)"},
		{"token key open to others", func(e *serveEnv) []string {
			e.allow(0o600, key)
			tk := filepath.Join(e.dir, "config", "rdash", "serve", "token-key")
			if err := os.MkdirAll(filepath.Dir(tk), 0o700); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(tk, []byte(strings.Repeat("ab", 32)), 0o644); err != nil {
				t.Fatal(err)
			}
			return []string{"--authorized-keys", e.ak, "--token-store", "sealed"}
		}, "no safe token store: token key"},
		{"keyring asked for, none here", func(e *serveEnv) []string {
			e.allow(0o600, key)
			return []string{"--authorized-keys", e.ak, "--token-store", "keyring"}
		}, "no safe token store: --token-store keyring: no D-Bus session bus"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := newServeEnv(t)
			args := append([]string{"serve", "--addr", "127.0.0.1:0"}, c.setup(e)...)
			r := e.run(t.Context(), args...)
			want := strings.NewReplacer("%AK%", e.ak, "%DIR%", e.dir).Replace(c.want)
			if r.code != ExitCancel || !strings.Contains(r.err, "rdash serve will not start: ") || !strings.Contains(r.err, want) {
				t.Fatalf("exit %d, stderr %q; want exit %d and %q", r.code, r.err, ExitCancel, want)
			}
		})
	}
}

func freeAddr(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().String()
}

// dial connects with key and returns the connection, or the error.
func dial(addr string, key gossh.Signer) (*gossh.Client, error) {
	return gossh.Dial("tcp", addr, &gossh.ClientConfig{
		User: "anyone", Auth: []gossh.AuthMethod{gossh.PublicKeys(key)},
		HostKeyCallback: gossh.InsecureIgnoreHostKey(), Timeout: 5 * time.Second,
	})
}

// TestServeAllowsOnlyListedKeys runs rdash serve --demo in-process and
// connects with Go's SSH client: a listed key gets in (and, without a
// terminal, is told to use ssh -t), an unknown key and then a removed one
// are refused, password authentication is not offered, and the host key
// made on first start is 0600. SIGINT's context ends it cleanly.
func TestServeAllowsOnlyListedKeys(t *testing.T) {
	e := newServeEnv(t)
	member, stranger := servetest.Signer(t), servetest.Signer(t)
	e.allow(0o600, member)
	addr := freeAddr(t)
	ctx, cancel := context.WithCancel(t.Context())
	done := make(chan result, 1)
	go func() {
		done <- e.run(ctx, "serve", "--demo", "--addr", addr, "--authorized-keys", e.ak, "--shutdown-grace", "1s")
	}()
	var client *gossh.Client
	var err error
	for i := 0; ; i++ {
		if client, err = dial(addr, member); err == nil {
			break
		}
		if i == 100 {
			cancel()
			t.Fatalf("a listed key cannot connect: %v; stderr:\n%s", err, (<-done).err)
		}
		time.Sleep(50 * time.Millisecond)
	}
	sess, err := client.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	out, _ := sess.CombinedOutput("")
	if !strings.Contains(string(out), "needs a terminal: connect with ssh -t") {
		t.Fatalf("a session without a terminal got %q", out)
	}
	client.Close()

	if c, err := dial(addr, stranger); err == nil {
		c.Close()
		t.Fatal("an unknown key got in")
	}
	pw, err := gossh.Dial("tcp", addr, &gossh.ClientConfig{User: "anyone",
		Auth:            []gossh.AuthMethod{gossh.Password("hunter2")},
		HostKeyCallback: gossh.InsecureIgnoreHostKey(), Timeout: 5 * time.Second})
	if err == nil {
		pw.Close()
		t.Fatal("a password got in")
	}
	e.allow(0o600, stranger) // member removed, stranger added: read on each attempt
	if c, err := dial(addr, member); err == nil {
		c.Close()
		t.Fatal("a removed key got in")
	}
	if c, err := dial(addr, stranger); err != nil {
		t.Fatalf("a newly listed key is refused: %v", err)
	} else {
		c.Close()
	}

	hk := filepath.Join(e.dir, "config", "rdash", "serve", "host_key")
	if info, err := os.Stat(hk); err != nil || info.Mode().Perm() != 0o600 {
		t.Fatalf("host key %s: %v, %v", hk, err, info)
	}
	cancel()
	select {
	case r := <-done:
		if r.code != 0 {
			t.Fatalf("exit %d after the context ended; stderr:\n%s", r.code, r.err)
		}
		for _, want := range []string{`"msg":"listening"`, `"msg":"key refused"`, `"msg":"session refused"`, `"msg":"stopped"`,
			fmt.Sprintf("%q", gossh.FingerprintSHA256(stranger.PublicKey()))} {
			if !strings.Contains(r.err, want) {
				t.Errorf("the log lacks %s:\n%s", want, r.err)
			}
		}
	case <-time.After(testwait.Limit(t)):
		t.Fatal("rdash serve did not stop, before the test's deadline, after its context ended")
	}
}

func TestServeForget(t *testing.T) {
	e := newServeEnv(t)
	key := servetest.Signer(t)
	e.allow(0o600, key)
	fp := gossh.FingerprintSHA256(key.PublicKey())
	dir := filepath.Join(e.dir, "state", "rdash", "serve", serveDirName(t, fp))
	if err := os.MkdirAll(filepath.Join(dir, "journal"), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "tokens.sealed"), []byte("x"), 0o600); err != nil {
		t.Fatal(err)
	}
	r := e.run(t.Context(), "serve", "forget", "--authorized-keys", e.ak, fp)
	if r.code != ExitCancel || !strings.Contains(r.err, "still in") {
		t.Fatalf("forgetting a listed key: exit %d, %q", r.code, r.err)
	}
	if _, err := os.Stat(dir); err != nil {
		t.Fatalf("the refused forget deleted it: %v", err)
	}
	e.allow(0o600)
	r = e.run(t.Context(), "serve", "forget", "--authorized-keys", e.ak, fp)
	if r.code != 0 || !strings.Contains(r.err, "Deleted") {
		t.Fatalf("forget: exit %d, %q", r.code, r.err)
	}
	if _, err := os.Stat(dir); err == nil {
		t.Fatal("the key's directory is still there")
	}
	r = e.run(t.Context(), "serve", "forget", "--authorized-keys", e.ak, string(gossh.MarshalAuthorizedKey(key.PublicKey())))
	if r.code != 0 || !strings.Contains(r.err, "Nothing kept") {
		t.Fatalf("forget again: exit %d, %q", r.code, r.err)
	}
	// Without --authorized-keys, no server ever started here and nothing
	// at the default path: forget cannot tell, so it refuses.
	r = e.run(t.Context(), "serve", "forget", fp)
	if r.code != ExitCancel || !strings.Contains(r.err, "cannot tell whether the key is still allowed") {
		t.Fatalf("forget with no allow-list to read: exit %d, %q", r.code, r.err)
	}
}

// TestServeForgetReadsTheRunningServersAllowList: while a server runs
// with the key listed, forget without --authorized-keys refuses (it reads
// the allow-list the server recorded); once the key is removed it
// deletes. The default path is read too.
func TestServeForgetReadsTheRunningServersAllowList(t *testing.T) {
	e := newServeEnv(t)
	key, other := servetest.Signer(t), servetest.Signer(t)
	e.allow(0o600, key, other)
	fp := gossh.FingerprintSHA256(key.PublicKey())
	_, c, _ := e.startServe(key, "--shutdown-grace", "1s")
	c.Close() // the key's directory is made by its first session
	dir := filepath.Join(e.dir, "state", "rdash", "serve", serveDirName(t, fp))
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	r := e.run(t.Context(), "serve", "forget", fp)
	if r.code != ExitCancel || !strings.Contains(r.err, "still in "+e.ak) {
		t.Fatalf("forget of a listed key while the server runs: exit %d, %q", r.code, r.err)
	}
	if _, err := os.Stat(dir); err != nil {
		t.Fatalf("the refused forget deleted it: %v", err)
	}
	// The README's default path lists it too: still refused once the
	// server's own list no longer does.
	def := filepath.Join(e.dir, "config", "rdash", "serve", "authorized_keys")
	if err := os.WriteFile(def, gossh.MarshalAuthorizedKey(key.PublicKey()), 0o600); err != nil {
		t.Fatal(err)
	}
	e.allow(0o600, other)
	r = e.run(t.Context(), "serve", "forget", fp)
	if r.code != ExitCancel || !strings.Contains(r.err, "still in "+def) {
		t.Fatalf("forget of a key in the default allow-list: exit %d, %q", r.code, r.err)
	}
	if err := os.Remove(def); err != nil {
		t.Fatal(err)
	}
	r = e.run(t.Context(), "serve", "forget", fp)
	if r.code != 0 || !strings.Contains(r.err, "Deleted") {
		t.Fatalf("forget once removed: exit %d, %q", r.code, r.err)
	}
}

func serveDirName(t *testing.T, fp string) string {
	t.Helper()
	name, err := serve.DirNameOf(fp)
	if err != nil {
		t.Fatal(err)
	}
	return name
}

// startServe runs rdash serve --demo in-process on a free port with args
// added, and waits until key can connect; it returns the address, the
// client, and a function that stops the server and returns its result.
func (e *serveEnv) startServe(key gossh.Signer, args ...string) (string, *gossh.Client, func() result) {
	e.t.Helper()
	addr := freeAddr(e.t)
	ctx, cancel := context.WithCancel(e.t.Context())
	done := make(chan result, 1)
	go func() {
		done <- e.run(ctx, append([]string{"serve", "--demo", "--addr", addr, "--authorized-keys", e.ak}, args...)...)
	}()
	var once sync.Once
	var res result
	stop := func() result {
		once.Do(func() {
			cancel()
			select {
			case res = <-done:
			case <-time.After(testwait.Limit(e.t)):
				e.t.Error("rdash serve did not stop, before the test's deadline, after its context ended")
			}
		})
		return res
	}
	e.t.Cleanup(func() { stop() })
	for i := 0; ; i++ {
		c, err := dial(addr, key)
		if err == nil {
			return addr, c, stop
		}
		if i == 100 {
			e.t.Fatalf("cannot connect: %v; stderr:\n%s", err, stop().err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// config loads the config the served command sees.
func (e *serveEnv) config() (*config.Config, error) {
	f := &Factory{Lookup: func(k string) (string, bool) { v, ok := e.env[k]; return v, ok }}
	return f.Config()
}
