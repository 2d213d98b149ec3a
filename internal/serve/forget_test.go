package serve

import (
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/zalando/go-keyring"
	"golang.org/x/oauth2"

	"rdash/auth"
)

// serviceKeyring is a keyring in memory that can delete a whole service.
type serviceKeyring struct {
	mu sync.Mutex
	m  map[[2]string]string
}

func (k *serviceKeyring) Get(s, a string) (string, error) {
	k.mu.Lock()
	defer k.mu.Unlock()
	v, ok := k.m[[2]string{s, a}]
	if !ok {
		return "", keyring.ErrNotFound
	}
	return v, nil
}

func (k *serviceKeyring) Set(s, a, v string) error {
	k.mu.Lock()
	defer k.mu.Unlock()
	k.m[[2]string{s, a}] = v
	return nil
}

func (k *serviceKeyring) Delete(s, a string) error {
	k.mu.Lock()
	defer k.mu.Unlock()
	if _, ok := k.m[[2]string{s, a}]; !ok {
		return keyring.ErrNotFound
	}
	delete(k.m, [2]string{s, a})
	return nil
}

func (k *serviceKeyring) DeleteAll(s string) error {
	k.mu.Lock()
	defer k.mu.Unlock()
	for sa := range k.m {
		if sa[0] == s {
			delete(k.m, sa)
		}
	}
	return nil
}

// TestForgetDeletesEveryAccountOfTheKey: a key that signed in as one
// account, then another, has both tokens in the keyring; forget removes
// both, and nothing of another key.
func TestForgetDeletesEveryAccountOfTheKey(t *testing.T) {
	root := t.TempDir()
	kr := &serviceKeyring{m: map[[2]string]string{}}
	save := func(dir, account string) {
		t.Helper()
		store := auth.NewStore(auth.StoreOptions{Keyring: Namespaced(kr, filepath.Base(dir)), ConfigDir: dir, StateDir: dir})
		tok := &oauth2.Token{AccessToken: "rdash_at_" + account, TokenType: "Bearer"}
		if _, err := store.Save(t.Context(), "sandbox.test", account, tok, nil); err != nil {
			t.Fatal(err)
		}
	}
	mine, theirs := filepath.Join(root, "aaaa"), filepath.Join(root, "bbbb")
	for _, d := range []string{mine, theirs} {
		if err := os.MkdirAll(d, 0o700); err != nil {
			t.Fatal(err)
		}
	}
	save(mine, "frank")
	save(mine, "grace")
	save(theirs, "frank")
	hosts, err := keyringHosts(mine)
	if err != nil || len(hosts) != 1 || hosts[0] != "sandbox.test" {
		t.Fatalf("keyringHosts = %v, %v", hosts, err)
	}
	if err := deleteKeyringTokens(t.Context(), kr, kr.DeleteAll, mine, hosts); err != nil {
		t.Fatal(err)
	}
	if len(kr.m) != 1 {
		var left [][2]string
		for sa := range kr.m {
			left = append(left, sa)
		}
		t.Fatalf("left in the keyring: %v; want only the other key's entry", left)
	}
	for sa := range kr.m {
		if !strings.Contains(sa[0], "/bbbb/") {
			t.Fatalf("the other key's entry is gone, %v is left", sa)
		}
	}
}
