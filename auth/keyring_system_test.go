package auth

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/zalando/go-keyring"

	"rdash/config"
)

// systemStore returns a Store on the real OS keyring. Without one the test
// is skipped, or fails when RDASH_REQUIRE_KEYRING=1 (CI runs it under
// .ci/with-keyring, so a missing keyring there is a broken CI, not a skip).
func systemStore(t *testing.T) *Store {
	t.Helper()
	cfgPath := filepath.Join(t.TempDir(), "config.yml")
	if err := os.WriteFile(cfgPath, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	cfg, err := config.Load(cfgPath, os.LookupEnv)
	if err != nil {
		t.Fatal(err)
	}
	unavailable := func(why error) {
		if os.Getenv("RDASH_REQUIRE_KEYRING") == "1" {
			t.Fatalf("RDASH_REQUIRE_KEYRING=1 but no keyring: %v", why)
		}
		t.Skipf("no OS keyring (%v); run under .ci/with-keyring to test against a real Secret Service", why)
	}
	kr, why := SystemKeyringFor(cfg.Env)
	if why != nil {
		unavailable(why)
	}
	d := newDirs(t)
	s := NewStore(StoreOptions{Keyring: kr, ConfigDir: d.config, StateDir: d.state})
	if err := s.Check(t.Context()); err != nil {
		unavailable(err)
	}
	return s
}

func TestSystemKeyringRoundTrip(t *testing.T) {
	s := systemStore(t)
	h := "roundtrip.test:" + time.Now().Format("150405.000000000")
	timed := func(name string, f func() error) {
		t.Helper()
		start := time.Now()
		if err := f(); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		t.Logf("%s took %v", name, time.Since(start))
	}
	var st *Stored
	timed("Save (keyring set)", func() error {
		where, err := s.Save(t.Context(), h, "alice", testToken("sys"), nil)
		if err == nil && where.Kind != KindKeyring {
			err = errors.New("saved to " + where.String())
		}
		return err
	})
	timed("Load (keyring get)", func() (err error) {
		st, err = s.Load(t.Context(), h)
		if err == nil && (st.Where.Kind != KindKeyring || st.Token.RefreshToken != "refresh-sys") {
			err = errors.New("loaded the wrong token")
		}
		return err
	})
	timed("Update (keyring set)", func() error { return s.Update(t.Context(), st, testToken("sys2")) })
	if got, err := s.Load(t.Context(), h); err != nil || got.Token.RefreshToken != "refresh-sys2" {
		t.Fatalf("after Update: %v", err)
	}
	timed("Delete (keyring delete)", func() error {
		removed, err := s.Delete(t.Context(), h)
		if err == nil && (len(removed) != 1 || removed[0].Kind != KindKeyring) {
			err = errors.New("removed from the wrong places")
		}
		return err
	})
	if _, err := (SystemKeyring{}).Get(service(h), "alice"); !errors.Is(err, keyring.ErrNotFound) {
		t.Fatalf("after Delete the keyring Get = %v, want ErrNotFound", err)
	}
	if _, err := os.Stat(s.FilePath()); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("a token file was written although the keyring worked: %v", err)
	}
}
