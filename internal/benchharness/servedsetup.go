package main

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"fmt"
	"net"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	gossh "golang.org/x/crypto/ssh"
	"golang.org/x/oauth2"

	"rdash/auth"
	"rdash/internal/serve"
)

// servedRun is one `rdash serve` child with its keys, each already signed
// in (its token sealed in its directory, as a sign-in in the session
// leaves it), and the sessions opened on it so far.
type servedRun struct {
	sb      *sandboxRun
	home    string
	keys    []gossh.Signer
	cmd     *exec.Cmd
	addr    string
	heap    string // where SIGUSR1 makes the server write its heap profile
	cpuProf string // where SIGUSR2, twice, makes it write a CPU profile
	terms   []*sshTerm
	conns   []*gossh.Client
}

// startServed starts the sandbox (1,500 versions) and rdash serve for n
// keys, each signed in as alice.
func (b *batch) startServed(n int) (*servedRun, error) {
	sb, err := b.startSandbox(1500, 0)
	if err != nil {
		return nil, err
	}
	r := &servedRun{sb: sb}
	if r.home, err = os.MkdirTemp(b.dir, "serve-"); err != nil {
		sb.close()
		return nil, err
	}
	if err := r.signInKeys(n); err != nil {
		sb.close()
		return nil, err
	}
	if err := r.startServer(b.bin["rdash"], b.opts.serveEnv); err != nil {
		sb.close()
		return nil, err
	}
	return r, nil
}

// signInKeys makes n keys, lists them, and seals a token for each where
// its sessions will look.
func (r *servedRun) signInKeys(n int) error {
	u, err := url.Parse(r.sb.run.BaseURL)
	if err != nil {
		return err
	}
	tokenKey, err := serve.LoadOrCreateTokenKey(filepath.Join(r.home, "config", "rdash", "serve", serve.TokenKeyFile))
	if err != nil {
		return err
	}
	var ak strings.Builder
	var locks serve.FileLocks
	for range n {
		_, priv, err := ed25519.GenerateKey(rand.Reader)
		if err != nil {
			return err
		}
		key, err := gossh.NewSignerFromKey(priv)
		if err != nil {
			return err
		}
		r.keys = append(r.keys, key)
		ak.Write(gossh.MarshalAuthorizedKey(key.PublicKey()))
		dir, err := serve.KeyDir(filepath.Join(r.home, "state", "rdash", "serve"), key.PublicKey())
		if err != nil {
			return err
		}
		sealed, err := serve.NewSealedStore(dir, tokenKey, &locks)
		if err != nil {
			return err
		}
		tok, err := r.sb.srv.MintToken("alice")
		if err != nil {
			return err
		}
		store := auth.NewStore(auth.StoreOptions{Keyring: sealed, ConfigDir: dir, StateDir: dir})
		if _, err := store.Save(context.Background(), u.Host, "alice", &oauth2.Token{AccessToken: tok, TokenType: "Bearer"}, nil); err != nil {
			return err
		}
	}
	return os.WriteFile(filepath.Join(r.home, "authorized_keys"), []byte(ak.String()), 0o600)
}

// startServer runs rdash serve against the sandbox, without the caps a
// hundred sessions from one address would meet, with env added to its
// environment, and waits until it listens.
func (r *servedRun) startServer(rdash string, env []string) error {
	port, err := freePort()
	if err != nil {
		return err
	}
	r.addr = "127.0.0.1:" + strconv.Itoa(port)
	r.heap = filepath.Join(r.home, "heap.pprof")
	r.cpuProf = filepath.Join(r.home, "cpu.pprof")
	r.cmd = exec.Command(rdash, "serve", "--addr", r.addr, "--authorized-keys", filepath.Join(r.home, "authorized_keys"),
		"--token-store", "sealed", "--idle-timeout", "0", "--max-sessions-per-key", "1", "--max-connections", "0",
		"--max-connections-per-address", "0", "--max-unauthenticated", "0", "--shutdown-grace", "1s",
		"--log", filepath.Join(r.home, "serve.log"))
	r.cmd.Env = append(append(baseEnv(), r.sb.run.Env()...), "XDG_CONFIG_HOME="+filepath.Join(r.home, "config"),
		"XDG_STATE_HOME="+filepath.Join(r.home, "state"), serve.HeapProfileEnv+"="+r.heap, serve.CPUProfileEnv+"="+r.cpuProf)
	r.cmd.Env = append(r.cmd.Env, env...)
	r.cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	out, err := os.Create(filepath.Join(r.home, "serve.out"))
	if err != nil {
		return err
	}
	r.cmd.Stdout, r.cmd.Stderr = out, out
	if err := r.cmd.Start(); err != nil {
		return err
	}
	if keepDir != "" { // the origin of a GC trace's times, "@12.345s"
		_ = os.WriteFile(filepath.Join(keepDir, "serve-start.txt"), []byte(strconv.FormatInt(time.Now().UnixNano(), 10)+"\n"), 0o644)
	}
	for deadline := time.Now().Add(waitFrame); ; time.Sleep(50 * time.Millisecond) {
		if c, err := net.Dial("tcp", r.addr); err == nil {
			c.Close()
			return nil
		}
		if time.Now().After(deadline) {
			b, _ := os.ReadFile(filepath.Join(r.home, "serve.out"))
			return fmt.Errorf("rdash serve is not listening on %s:\n%s", r.addr, b)
		}
	}
}

// freePort is a loopback port nobody listens on now.
func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

// dial connects with the i-th key.
func (r *servedRun) dial(i int) (*gossh.Client, error) {
	return gossh.Dial("tcp", r.addr, &gossh.ClientConfig{User: "bench", Auth: []gossh.AuthMethod{gossh.PublicKeys(r.keys[i])},
		HostKeyCallback: gossh.InsecureIgnoreHostKey(), Timeout: waitFrame})
}

// close ends the sessions and the server, and the sandbox.
func (r *servedRun) close() {
	for _, c := range r.conns {
		c.Close()
	}
	if r.cmd != nil && r.cmd.Process != nil {
		_ = r.cmd.Process.Signal(syscall.SIGTERM)
		done := make(chan struct{})
		go func() { _ = r.cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(waitExit):
			_ = r.cmd.Process.Kill()
			<-done
		}
	}
	r.sb.close()
}
