package serve

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/zalando/go-keyring"
	gossh "golang.org/x/crypto/ssh"

	"rdash/internal/serve/servetest"
)

func newPub(t *testing.T) gossh.PublicKey {
	t.Helper()
	return servetest.Signer(t).PublicKey()
}

func line(k gossh.PublicKey, comment string) string {
	return strings.TrimSpace(string(gossh.MarshalAuthorizedKey(k))) + " " + comment + "\n"
}

func writeFile(t *testing.T, path, s string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(s), 0o600); err != nil {
		t.Fatal(err)
	}
}

func TestAuthorized(t *testing.T) {
	dir := t.TempDir()
	ak := filepath.Join(dir, "authorized_keys")
	a, b, stranger, restricted := newPub(t), newPub(t), newPub(t), newPub(t)
	writeFile(t, ak, "# the team\n\n"+line(a, "a@laptop")+line(b, "b@phone")+
		`from="10.0.0.1" `+line(restricted, "restricted"))
	check := func(k gossh.PublicKey, want bool, what string) {
		t.Helper()
		got, err := Authorized(ak, k)
		if err != nil || got != want {
			t.Fatalf("%s: Authorized = %v, %v; want %v", what, got, err, want)
		}
	}
	check(a, true, "listed key a")
	check(b, true, "listed key b")
	check(stranger, false, "unknown key")
	check(restricted, false, "key on a line with options") // not honoured, so not allowed

	allowed, err := Allowed(ak)
	if err != nil || len(allowed) != 2 || !allowed[Fingerprint(a)] || !allowed[Fingerprint(b)] {
		t.Fatalf("Allowed = %v, %v", allowed, err)
	}

	// The file is read on every check: a removed key is refused at once.
	writeFile(t, ak, line(a, "a@laptop"))
	check(b, false, "removed key b")
	check(a, true, "key a, still listed")

	if err := os.Remove(ak); err != nil {
		t.Fatal(err)
	}
	if ok, err := Authorized(ak, a); ok || err == nil {
		t.Fatalf("a missing file: Authorized = %v, %v; want false and an error", ok, err)
	}
}

func TestCountKeysRefusesAnEmptyFile(t *testing.T) {
	ak := filepath.Join(t.TempDir(), "authorized_keys")
	writeFile(t, ak, "# nobody yet\n")
	if _, err := CountKeys(ak); err == nil || !strings.Contains(err.Error(), "holds no public key") {
		t.Fatalf("CountKeys of a file without keys: %v", err)
	}
	restricted := newPub(t)
	writeFile(t, ak, `command="/bin/true" `+line(restricted, "r"))
	if _, err := CountKeys(ak); err == nil || !strings.Contains(err.Error(), "without options") {
		t.Fatalf("CountKeys of a file whose only line has options: %v", err)
	}
	if set, err := AllowedDirNames(ak); err != nil || len(set) != 0 {
		t.Fatalf("AllowedDirNames of a file whose only line has options = %v, %v; want none", set, err)
	}
	writeFile(t, ak, line(newPub(t), "x")+line(newPub(t), "y")+`from="10.0.0.1" `+line(restricted, "r"))
	if n, err := CountKeys(ak); n != 2 || err != nil {
		t.Fatalf("CountKeys = %d, %v; want 2", n, err)
	}
}

func TestCheckPrivateNamesTheMode(t *testing.T) {
	p := filepath.Join(t.TempDir(), "authorized_keys")
	writeFile(t, p, line(newPub(t), "x"))
	if err := CheckPrivate(p, "authorized_keys file"); err != nil {
		t.Fatalf("0600: %v", err)
	}
	for _, mode := range []os.FileMode{0o644, 0o640, 0o602} {
		if err := os.Chmod(p, mode); err != nil {
			t.Fatal(err)
		}
		err := CheckPrivate(p, "authorized_keys file")
		if err == nil || !strings.Contains(err.Error(), "open to other users") || !strings.Contains(err.Error(), "chmod 600") {
			t.Fatalf("mode %04o: %v", mode, err)
		}
	}
}

func TestEnsureHostKey(t *testing.T) {
	dir := t.TempDir()
	if err := os.Chmod(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, "host_key")
	created, err := EnsureHostKey(p)
	if err != nil || !created {
		t.Fatalf("first start: created %v, %v", created, err)
	}
	info, err := os.Stat(p)
	if err != nil || info.Mode().Perm() != 0o600 {
		t.Fatalf("host key: %v, mode %v; want 0600", err, info.Mode())
	}
	if d, _ := os.Stat(dir); d.Mode().Perm() != 0o755 {
		t.Fatalf("the key's directory went from 0755 to %04o", d.Mode().Perm())
	}
	b, _ := os.ReadFile(p)
	signer, err := gossh.ParsePrivateKey(b)
	if err != nil || signer.PublicKey().Type() != gossh.KeyAlgoED25519 {
		t.Fatalf("host key does not parse as ed25519: %v", err)
	}
	pub, _ := os.ReadFile(p + ".pub")
	if k, _, _, _, err := gossh.ParseAuthorizedKey(pub); err != nil || string(k.Marshal()) != string(signer.PublicKey().Marshal()) {
		t.Fatalf("host_key.pub does not match: %v", err)
	}
	// Second start: kept as it is.
	if created, err := EnsureHostKey(p); err != nil || created {
		t.Fatalf("second start: created %v, %v", created, err)
	}
	if again, _ := os.ReadFile(p); string(again) != string(b) {
		t.Fatal("the host key changed on the second start")
	}
	// Readable by others: refused.
	if err := os.Chmod(p, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := EnsureHostKey(p); err == nil || !strings.Contains(err.Error(), "host key") {
		t.Fatalf("a 0644 host key: %v", err)
	}
}

// TestEnsureHostKeyReplacesAStalePub: a host_key.pub left from an earlier
// key (the private key was removed to make a new one) is replaced, so it
// never names a key the server does not have.
func TestEnsureHostKeyReplacesAStalePub(t *testing.T) {
	p := filepath.Join(t.TempDir(), "host_key")
	stale := line(newPub(t), "old host key")
	if err := os.WriteFile(p+".pub", []byte(stale), 0o644); err != nil {
		t.Fatal(err)
	}
	if created, err := EnsureHostKey(p); err != nil || !created {
		t.Fatalf("EnsureHostKey beside a stale .pub: created %v, %v", created, err)
	}
	b, _ := os.ReadFile(p)
	signer, err := gossh.ParsePrivateKey(b)
	if err != nil {
		t.Fatal(err)
	}
	pub, _ := os.ReadFile(p + ".pub")
	if k, _, _, _, err := gossh.ParseAuthorizedKey(pub); err != nil || string(k.Marshal()) != string(signer.PublicKey().Marshal()) {
		t.Fatalf("host_key.pub still names the old key: %q (%v)", pub, err)
	}
}

func TestKeyDirsAreSeparateAndPrivate(t *testing.T) {
	root := t.TempDir()
	a, b := newPub(t), newPub(t)
	da, err := KeyDir(root, a)
	if err != nil {
		t.Fatal(err)
	}
	db, err := KeyDir(root, b)
	if err != nil {
		t.Fatal(err)
	}
	if da == db || filepath.Dir(da) != root || filepath.Dir(db) != root {
		t.Fatalf("key directories %s and %s", da, db)
	}
	if again, _ := KeyDir(root, a); again != da {
		t.Fatalf("the same key got %s, then %s", da, again)
	}
	if err := os.Chmod(da, 0o755); err != nil {
		t.Fatal(err)
	}
	if _, err := KeyDir(root, a); err != nil {
		t.Fatal(err)
	}
	for _, d := range []string{da, db} {
		if info, _ := os.Stat(d); info.Mode().Perm() != 0o700 {
			t.Fatalf("%s is %04o, want 0700", d, info.Mode().Perm())
		}
	}
}

func TestSealedStore(t *testing.T) {
	cfg, root := t.TempDir(), t.TempDir()
	key, err := LoadOrCreateTokenKey(filepath.Join(cfg, "serve", TokenKeyFile))
	if err != nil {
		t.Fatal(err)
	}
	if again, err := LoadOrCreateTokenKey(filepath.Join(cfg, "serve", TokenKeyFile)); err != nil || string(again) != string(key) {
		t.Fatalf("the token key changed on reload: %v", err)
	}
	da, _ := KeyDir(root, newPub(t))
	db, _ := KeyDir(root, newPub(t))
	var locks FileLocks
	sa, _ := NewSealedStore(da, key, &locks)
	sb, _ := NewSealedStore(db, key, &locks)

	const secret = "rdash_at_SECRET-never-in-clear"
	if err := sa.Set("rdash:host", "alice", secret); err != nil {
		t.Fatal(err)
	}
	if got, err := sa.Get("rdash:host", "alice"); got != secret || err != nil {
		t.Fatalf("Get = %q, %v", got, err)
	}
	// Key B's store does not see key A's token.
	if _, err := sb.Get("rdash:host", "alice"); !errors.Is(err, keyring.ErrNotFound) {
		t.Fatalf("key B read key A's token: %v", err)
	}
	raw, err := os.ReadFile(sa.Path())
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(raw), secret) || strings.Contains(string(raw), "alice") {
		t.Fatal("the sealed file holds the token or the account in clear")
	}
	if info, _ := os.Stat(sa.Path()); info.Mode().Perm() != 0o600 {
		t.Fatalf("sealed file mode %04o", info.Mode().Perm())
	}
	// Copied into key B's directory, key A's file does not open there.
	if err := os.WriteFile(sb.Path(), raw, 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := sb.Get("rdash:host", "alice"); err == nil || errors.Is(err, keyring.ErrNotFound) {
		t.Fatalf("key A's sealed file opened in key B's directory: %v", err)
	}
	// Another data key does not open it either.
	other := make([]byte, 32)
	so, _ := NewSealedStore(da, other, &locks)
	if _, err := so.Get("rdash:host", "alice"); err == nil || errors.Is(err, keyring.ErrNotFound) {
		t.Fatalf("opened with another data key: %v", err)
	}
	if err := sa.Delete("rdash:host", "alice"); err != nil {
		t.Fatal(err)
	}
	if _, err := sa.Get("rdash:host", "alice"); !errors.Is(err, keyring.ErrNotFound) {
		t.Fatalf("after Delete: %v", err)
	}
	if err := sa.Delete("rdash:host", "alice"); !errors.Is(err, keyring.ErrNotFound) {
		t.Fatalf("second Delete: %v", err)
	}
	// A data key open to others is refused.
	kp := filepath.Join(cfg, "serve", TokenKeyFile)
	if err := os.Chmod(kp, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := LoadOrCreateTokenKey(kp); err == nil || !strings.Contains(err.Error(), "open to other users") {
		t.Fatalf("a 0644 token key: %v", err)
	}
}

func TestSessionsLimitAndSweep(t *testing.T) {
	now := time.Date(2026, 11, 25, 4, 0, 0, 0, time.UTC)
	r := NewSessions(2)
	ended := map[*Session]string{}
	add := func(key string) (*Session, error) {
		var s *Session
		s, err := r.Add(key, now, func(why string) { ended[s] = why })
		return s, err
	}
	a1, _ := add("A")
	a2, _ := add("A")
	if _, err := add("A"); err == nil {
		t.Fatal("a third session of key A was let in past the limit of 2")
	}
	b1, err := add("B")
	if err != nil {
		t.Fatalf("key B is limited by key A's sessions: %v", err)
	}
	r.Remove(a2)
	if _, err := add("A"); err != nil {
		t.Fatalf("after one ended, key A may open another: %v", err)
	}
	a1.Touch(now.Add(20 * time.Minute))

	// Key B removed; key A's first session active, its newest idle.
	r.Sweep(map[string]bool{"A": true}, 30*time.Minute, now.Add(31*time.Minute))
	if ended[b1] != ReasonKeyRemoved {
		t.Fatalf("key B's session: %q", ended[b1])
	}
	if _, ok := ended[a1]; ok {
		t.Fatalf("an active session ended: %q", ended[a1])
	}
	idle := 0
	for s, why := range ended {
		if s.Key == "A" && why == ReasonIdle {
			idle++
		}
	}
	if idle != 1 {
		t.Fatalf("idle sessions ended: %d; want 1 (%v)", idle, ended)
	}
	// End runs once.
	calls := 0
	s, _ := r.Add("C", now, func(string) { calls++ })
	s.End("x")
	s.End("y")
	if calls != 1 {
		t.Fatalf("End ran %d times", calls)
	}
}

func TestDirNameOf(t *testing.T) {
	k := newPub(t)
	for _, in := range []string{Fingerprint(k), line(k, "a@laptop"), "  " + Fingerprint(k) + "\n"} {
		if got, err := DirNameOf(in); err != nil || got != DirName(k) {
			t.Fatalf("DirNameOf(%q) = %q, %v; want %q", in, got, err, DirName(k))
		}
	}
	for _, bad := range []string{"SHA256:short", "MD5:aa:bb", ""} {
		if _, err := DirNameOf(bad); err == nil {
			t.Fatalf("DirNameOf(%q) took it", bad)
		}
	}
}

type memKeyring map[string]string

func (m memKeyring) Get(s, a string) (string, error) {
	v, ok := m[s+"\x00"+a]
	if !ok {
		return "", keyring.ErrNotFound
	}
	return v, nil
}
func (m memKeyring) Set(s, a, v string) error { m[s+"\x00"+a] = v; return nil }
func (m memKeyring) Delete(s, a string) error {
	if _, ok := m[s+"\x00"+a]; !ok {
		return keyring.ErrNotFound
	}
	delete(m, s+"\x00"+a)
	return nil
}

func TestNamespacedKeyringSeparatesKeys(t *testing.T) {
	shared := memKeyring{}
	a, b := Namespaced(shared, DirName(newPub(t))), Namespaced(shared, DirName(newPub(t)))
	if err := a.Set("rdash:host", "alice", "token-of-key-a"); err != nil {
		t.Fatal(err)
	}
	// Key B signs in as the same account: its own entry.
	if _, err := b.Get("rdash:host", "alice"); !errors.Is(err, keyring.ErrNotFound) {
		t.Fatalf("key B sees key A's entry: %v", err)
	}
	if err := b.Set("rdash:host", "alice", "token-of-key-b"); err != nil {
		t.Fatal(err)
	}
	if v, _ := a.Get("rdash:host", "alice"); v != "token-of-key-a" {
		t.Fatalf("key B overwrote key A's token: %q", v)
	}
	if err := b.Delete("rdash:host", "alice"); err != nil {
		t.Fatal(err)
	}
	if v, _ := a.Get("rdash:host", "alice"); v != "token-of-key-a" {
		t.Fatalf("key B's delete removed key A's token: %q", v)
	}
	for k := range shared {
		if !strings.HasPrefix(k, "rdash-serve/") {
			t.Fatalf("an entry outside the namespace: %q", k)
		}
	}
}

// TestTokenKeyConcurrentFirstStarts: servers starting at once on a fresh
// config directory all end up with the one key, none fails, and none
// reads a half-written file.
func TestTokenKeyConcurrentFirstStarts(t *testing.T) {
	for round := range 20 {
		path := filepath.Join(t.TempDir(), "serve", TokenKeyFile)
		const n = 8
		keys := make([][]byte, n)
		errs := make([]error, n)
		var wg sync.WaitGroup
		start := make(chan struct{})
		for i := range n {
			wg.Go(func() {
				<-start
				keys[i], errs[i] = LoadOrCreateTokenKey(path)
			})
		}
		close(start)
		wg.Wait()
		for i := range n {
			if errs[i] != nil {
				t.Fatalf("round %d, start %d: %v", round, i, errs[i])
			}
			if string(keys[i]) != string(keys[0]) {
				t.Fatalf("round %d: start %d has another key than start 0", round, i)
			}
		}
		if again, err := LoadOrCreateTokenKey(path); err != nil || string(again) != string(keys[0]) {
			t.Fatalf("round %d: the key on disk is not the one handed out: %v", round, err)
		}
		if left, _ := filepath.Glob(filepath.Join(filepath.Dir(path), "*")); len(left) != 1 {
			t.Fatalf("round %d: files left beside the key: %v", round, left)
		}
	}
}

// TestSealedStoreLocks: sessions of one key writing at once lose no
// write, and the locks keep no entry once nobody holds one.
func TestSealedStoreLocks(t *testing.T) {
	dir, err := KeyDir(t.TempDir(), newPub(t))
	if err != nil {
		t.Fatal(err)
	}
	key := make([]byte, 32)
	var locks FileLocks
	var wg sync.WaitGroup
	const n = 8
	for i := range n {
		wg.Go(func() {
			s, err := NewSealedStore(dir, key, &locks) // one store per session
			if err != nil {
				t.Error(err)
				return
			}
			if err := s.Set("rdash:host", fmt.Sprint("account", i), "x"); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	s, _ := NewSealedStore(dir, key, &locks)
	for i := range n {
		if _, err := s.Get("rdash:host", fmt.Sprint("account", i)); err != nil {
			t.Fatalf("account%d's write was lost: %v", i, err)
		}
	}
	if h := locks.held(); h != 0 {
		t.Fatalf("%d lock entries kept after every lock was released", h)
	}
}
