package auth

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"rdash/auth/authtest"
	"slices"
	"strings"
	"testing"
	"time"
)

const host = "api.example:443"

func TestSaveUsesKeyringAndLoadReadsItBack(t *testing.T) {
	t.Parallel()
	d, kr := newDirs(t), authtest.NewKeyring()
	s := d.store(kr, "")
	where, err := s.Save(t.Context(), host, "alice", testToken("1"), nil)
	if err != nil || where.Kind != KindKeyring {
		t.Fatalf("Save = %v, %v; want the keyring", where, err)
	}
	st, err := s.Load(t.Context(), host)
	if err != nil {
		t.Fatal(err)
	}
	if st.Account != "alice" || st.Where.Kind != KindKeyring || st.Token.AccessToken != "access-1" ||
		st.Token.RefreshToken != "refresh-1" || !slices.Equal(Scopes(st.Token), []string{"user:read", "project:read"}) {
		t.Fatalf("Load = %+v, scopes %v", st, Scopes(st.Token))
	}
	if _, err := os.Stat(s.FilePath()); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("token file exists although the keyring worked: %v", err)
	}
}

func TestReadOrderEnvKeyringFile(t *testing.T) {
	t.Parallel()
	d, kr := newDirs(t), authtest.NewKeyring()
	// A stale plain-text token from a session without a keyring, of the
	// account the record names (with no place: an older record)...
	if err := d.store(nil, "").editFile(host, "alice", &entry{AccessToken: "stale"}); err != nil {
		t.Fatal(err)
	}
	s := d.store(kr, "")
	if err := s.remember(host, "alice", Location{}); err != nil {
		t.Fatal(err)
	}
	st, err := s.Load(t.Context(), host)
	if err != nil || st.Where.Kind != KindFile || st.Token.AccessToken != "stale" {
		t.Fatalf("file only: Load = %+v, %v", st, err)
	}
	// ...never shadows the keyring, even when Save left it in place.
	e := entryOf(testToken("k"), nil)
	if err := s.keyringSet(t.Context(), host, "alice", e); err != nil {
		t.Fatal(err)
	}
	if st, err = s.Load(t.Context(), host); err != nil || st.Where.Kind != KindKeyring || st.Token.AccessToken != "access-k" {
		t.Fatalf("keyring and file: Load = %+v, %v", st, err)
	}
	st, err = d.store(kr, "from-env").Load(t.Context(), host)
	if err != nil || st.Where.Kind != KindEnv || st.Token.AccessToken != "from-env" {
		t.Fatalf("env: Load = %+v, %v", st, err)
	}
}

func TestSaveToKeyringRemovesStaleFile(t *testing.T) {
	t.Parallel()
	d := newDirs(t)
	if _, err := d.store(authtest.Failing(errDBus), "").Save(t.Context(), host, "alice", testToken("f"), yes); err != nil {
		t.Fatal(err)
	}
	if _, err := d.store(authtest.NewKeyring(), "").Save(t.Context(), host, "alice", testToken("k"), nil); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(d.config, "tokens.json")); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("the plain-text copy outlived the keyring one: %v", err)
	}
}

func TestNoKeyringNeedsConsentBeforeWriting(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name    string
		kr      Keyring
		consent bool
		want    string
	}{
		{"unavailable, refused", authtest.Failing(errDBus), false, "failed to unlock"},
		{"not tried, refused", nil, false, "no keyring configured"},
		{"unavailable, agreed", authtest.Failing(errDBus), true, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			d := newDirs(t)
			s := d.store(tc.kr, "")
			var notice *InsecureNotice
			where, err := s.Save(t.Context(), host, "alice", testToken("1"), func(n InsecureNotice) bool {
				if _, err := os.Stat(n.Path); !errors.Is(err, os.ErrNotExist) {
					t.Errorf("consent asked after the file was written: %v", err)
				}
				notice = &n
				return tc.consent
			})
			if notice == nil || !strings.Contains(notice.String(), "plain text") {
				t.Fatalf("consent was not asked with a notice: %v", notice)
			}
			if !tc.consent {
				var nk *NoKeyringError
				if !errors.As(err, &nk) || !strings.Contains(err.Error(), tc.want) {
					t.Fatalf("Save error = %v, want a *NoKeyringError mentioning %q", err, tc.want)
				}
				if _, err := os.Stat(s.FilePath()); !errors.Is(err, os.ErrNotExist) {
					t.Fatalf("token file written without consent: %v", err)
				}
				return
			}
			if err != nil || where.Kind != KindFile || where.Path != s.FilePath() {
				t.Fatalf("Save = %v, %v", where, err)
			}
			checkMode(t, s.FilePath(), 0o600)
			checkMode(t, filepath.Dir(s.FilePath()), 0o700|os.ModeDir)
		})
	}
}

func checkMode(t *testing.T, path string, want os.FileMode) {
	t.Helper()
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if got := fi.Mode() & (os.ModePerm | os.ModeDir); got != want {
		t.Errorf("%s: mode %v, want %v", path, got, want)
	}
}

func TestHungKeyringTimesOutOnceThenIsSkipped(t *testing.T) {
	t.Parallel()
	d := newDirs(t)
	kr := &authtest.Keyring{Delay: 2 * time.Second}
	s := NewStore(StoreOptions{Keyring: kr, ConfigDir: d.config, StateDir: d.state, Timeout: 50 * time.Millisecond})
	start := time.Now()
	err := s.Check(t.Context())
	var ke *KeyringError
	if !errors.As(err, &ke) || !strings.Contains(err.Error(), "no answer within") {
		t.Fatalf("Check = %v, want a timeout", err)
	}
	if _, err := s.Save(t.Context(), host, "alice", testToken("1"), yes); err != nil {
		t.Fatal(err)
	}
	if el := time.Since(start); el > time.Second {
		t.Fatalf("took %v: the hung keyring was waited for again", el)
	}
}

func TestLoadExplainsUnavailableKeyring(t *testing.T) {
	t.Parallel()
	d := newDirs(t)
	if _, err := d.store(authtest.NewKeyring(), "").Save(t.Context(), host, "alice", testToken("1"), nil); err != nil {
		t.Fatal(err)
	}
	_, err := d.store(authtest.Failing(errDBus), "").Load(t.Context(), host)
	if !errors.Is(err, ErrSignInNeeded) || !strings.Contains(err.Error(), "keyring, which is not available here") {
		t.Fatalf("Load = %v", err)
	}
}

func TestNotSignedIn(t *testing.T) {
	t.Parallel()
	d := newDirs(t)
	_, err := d.store(authtest.NewKeyring(), "").Load(t.Context(), host)
	var se *SignInError
	if !errors.As(err, &se) || !strings.Contains(err.Error(), "not signed in to "+host) ||
		!strings.Contains(err.Error(), "rdash auth login") {
		t.Fatalf("Load = %v", err)
	}
}

func TestDeleteRemovesKeyringAndFile(t *testing.T) {
	t.Parallel()
	d, kr := newDirs(t), authtest.NewKeyring()
	s := d.store(kr, "")
	if _, err := s.Save(t.Context(), host, "alice", testToken("1"), nil); err != nil {
		t.Fatal(err)
	}
	if err := s.editFile(host, "alice", &entry{AccessToken: "stale"}); err != nil {
		t.Fatal(err)
	}
	removed, err := s.Delete(t.Context(), host)
	if err != nil || len(removed) != 2 {
		t.Fatalf("Delete = %v, %v; want keyring and file", removed, err)
	}
	for _, p := range []string{s.FilePath(), filepath.Join(d.state, "auth.json")} {
		if _, err := os.Stat(p); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("%s left behind: %v", p, err)
		}
	}
	if kr.Len() != 0 {
		t.Errorf("keyring still holds %d secrets", kr.Len())
	}
	if removed, err := s.Delete(t.Context(), host); err != nil || len(removed) != 0 {
		t.Fatalf("second Delete = %v, %v", removed, err)
	}
}

func TestSaveRefusesWhileEnvTokenSet(t *testing.T) {
	t.Parallel()
	_, err := newDirs(t).store(authtest.NewKeyring(), "env").Save(t.Context(), host, "alice", testToken("1"), yes)
	if !errors.Is(err, ErrEnvToken) {
		t.Fatalf("Save = %v", err)
	}
}

func TestUpdateWritesBackWhereTheTokenCameFrom(t *testing.T) {
	t.Parallel()
	for _, kr := range []*authtest.Keyring{authtest.NewKeyring(), authtest.Failing(errDBus)} {
		d := newDirs(t)
		s := d.store(kr, "")
		if _, err := s.Save(t.Context(), host, "alice", testToken("1"), yes); err != nil {
			t.Fatal(err)
		}
		st, err := s.Load(t.Context(), host)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Update(context.Background(), st, testToken("2")); err != nil {
			t.Fatal(err)
		}
		got, err := s.Load(t.Context(), host)
		if err != nil || got.Where != st.Where || got.Token.RefreshToken != "refresh-2" {
			t.Fatalf("after Update: %+v, %v (was in %v)", got, err, st.Where)
		}
	}
}

func TestDeleteKeepsTheRecordWhileTheKeyringHoldsTheToken(t *testing.T) {
	t.Parallel()
	d, kr := newDirs(t), authtest.NewKeyring()
	if _, err := d.store(kr, "").Save(t.Context(), host, "alice", testToken("1"), nil); err != nil {
		t.Fatal(err)
	}
	removed, err := d.store(authtest.Failing(errDBus), "").Delete(t.Context(), host)
	if err == nil || len(removed) != 0 || !strings.Contains(err.Error(), "could not be removed from the keyring") {
		t.Fatalf("Delete without the keyring = %v, %v", removed, err)
	}
	if removed, err := d.store(kr, "").Delete(t.Context(), host); err != nil || len(removed) != 1 || kr.Len() != 0 {
		t.Fatalf("Delete with the keyring back = %v, %v; keyring holds %d", removed, err, kr.Len())
	}
}

// TestUpdateAfterSignOutWritesNothing is a dashboard renewing its token
// after `rdash auth logout` ran in another terminal: writing the token
// back would sign the user in again without their consent.
func TestUpdateAfterSignOutWritesNothing(t *testing.T) {
	t.Parallel()
	logout := func(t *testing.T, s *Store) {
		if _, err := s.Delete(t.Context(), host); err != nil {
			t.Fatal(err)
		}
	}
	logoutThenBob := func(t *testing.T, s *Store) {
		logout(t, s)
		if _, err := s.Save(t.Context(), host, "bob", testToken("bob"), yes); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct {
		name    string
		kr      func() *authtest.Keyring
		then    func(*testing.T, *Store) // what another rdash did meanwhile
		account string                   // who Load finds afterwards, "" for nobody
	}{
		{"file, signed out", func() *authtest.Keyring { return authtest.Failing(errDBus) }, logout, ""},
		{"keyring, signed out", authtest.NewKeyring, logout, ""},
		{"file, signed in as another account", func() *authtest.Keyring { return authtest.Failing(errDBus) }, logoutThenBob, "bob"},
		{"keyring, signed in as another account", authtest.NewKeyring, logoutThenBob, "bob"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			kr := tc.kr()
			s := newDirs(t).store(kr, "")
			if _, err := s.Save(t.Context(), host, "alice", testToken("1"), yes); err != nil {
				t.Fatal(err)
			}
			st, err := s.Load(t.Context(), host)
			if err != nil {
				t.Fatal(err)
			}
			tc.then(t, s)
			if err := s.Update(t.Context(), st, testToken("2")); !errors.Is(err, ErrSignInNeeded) {
				t.Fatalf("Update after sign-out = %v, want a sign-in error", err)
			}
			got, err := s.Load(t.Context(), host)
			if tc.account == "" {
				if !errors.Is(err, ErrSignInNeeded) {
					t.Fatalf("Load = %+v, %v; the dropped token signed the user in again", got, err)
				}
				if _, err := os.Stat(s.FilePath()); !errors.Is(err, os.ErrNotExist) {
					t.Errorf("the token file came back: %v", err)
				}
			} else if err != nil || got.Account != tc.account {
				t.Fatalf("Load = %+v, %v; want %s", got, err, tc.account)
			}
			var file tokenFile
			if err := readJSON(s.FilePath(), &file); err != nil {
				t.Fatal(err)
			}
			if _, ok := file.Hosts[host]["alice"]; ok {
				t.Error("the file holds alice's token again")
			}
			if _, err := kr.Get(service(host), "alice"); err == nil {
				t.Error("the keyring holds alice's token again")
			}
		})
	}
}

// TestLoadReadsFirstWhereTheRecordSays is a sign-in over SSH (no keyring,
// so the file) and then a run on the desktop, where the keyring still
// holds the older token, maybe with fewer scopes.
func TestLoadReadsFirstWhereTheRecordSays(t *testing.T) {
	t.Parallel()
	inKeyring := func(t *testing.T, d testDirs, kr Keyring) {
		if _, err := d.store(kr, "").Save(t.Context(), host, "alice", testToken("keyring"), nil); err != nil {
			t.Fatal(err)
		}
	}
	inFile := func(t *testing.T, d testDirs, _ Keyring) {
		if _, err := d.store(authtest.Failing(errDBus), "").Save(t.Context(), host, "alice", testToken("file"), yes); err != nil {
			t.Fatal(err)
		}
	}
	staleFile := func(t *testing.T, d testDirs, _ Keyring) {
		if err := d.store(nil, "").editFile(host, "alice", &entry{AccessToken: "access-file"}); err != nil {
			t.Fatal(err)
		}
	}
	fileGone := func(t *testing.T, d testDirs, _ Keyring) {
		if err := d.store(nil, "").editFile(host, "alice", nil); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct {
		name  string
		steps []func(*testing.T, testDirs, Keyring)
		want  Kind
	}{
		{"record says file, older keyring token", []func(*testing.T, testDirs, Keyring){inKeyring, inFile}, KindFile},
		{"record says keyring, stale file", []func(*testing.T, testDirs, Keyring){inFile, inKeyring, staleFile}, KindKeyring},
		{"record says file, file gone", []func(*testing.T, testDirs, Keyring){inKeyring, inFile, fileGone}, KindKeyring},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			d, kr := newDirs(t), authtest.NewKeyring()
			for _, step := range tc.steps {
				step(t, d, kr)
			}
			st, err := d.store(kr, "").Load(t.Context(), host)
			if err != nil || st.Where.Kind != tc.want || st.Token.AccessToken != "access-"+string(tc.want) {
				t.Fatalf("Load = %+v, %v; want the token in the %s", st, err, tc.want)
			}
		})
	}
}
