package auth

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/zalando/go-keyring"
	"golang.org/x/oauth2"

	"rdash/auth/authtest"
)

func TestCheckTokenRefusesWhatIsNoHeaderValue(t *testing.T) {
	t.Parallel()
	for _, ok := range []string{"sbx_abc.DEF-123_~+/=", "mrp_" + strings.Repeat("x", 200), `!"#$%&'()*,:;<>?@[\]^{|}`} {
		if err := CheckToken(ok); err != nil {
			t.Errorf("CheckToken(%q) = %v", ok, err)
		}
	}
	for tok, want := range map[string]string{
		"":              "empty",
		"abc\r\nX: y":   "character 4 is the control character 0x0D",
		"two words":     "character 4 is a space",
		"tab\there":     "0x09",
		"del\x7f":       "0x7F",
		"caf\u00e9":     "not ASCII",
		"esc\x1b[31m":   "0x1B",
		"nul\x00inside": "0x00",
	} {
		err := CheckToken(tok)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("CheckToken(%q) = %v, want %q", tok, err, want)
			continue
		}
		if tok != "" && strings.Contains(err.Error(), tok) {
			t.Errorf("the error quotes the token: %v", err)
		}
		if tok != "" && !strings.Contains(err.Error(), "RFC 9110") {
			t.Errorf("the error does not name the rule: %v", err)
		}
	}
}

func TestSaveRefusesATokenThatIsNoHeaderValue(t *testing.T) {
	t.Parallel()
	kr := authtest.NewKeyring()
	store := newDirs(t).store(kr, "")
	_, err := store.Save(t.Context(), "h", "alice", &oauth2.Token{AccessToken: "tok\nen"}, yes)
	if err == nil || !strings.Contains(err.Error(), "not a valid HTTP header value") || kr.Len() != 0 {
		t.Fatalf("Save = %v, keyring holds %d", err, kr.Len())
	}
	if _, err := newDirs(t).store(nil, "tok\x1ben").Load(t.Context(), "h"); err == nil || !strings.Contains(err.Error(), "RDASH_TOKEN") {
		t.Fatalf("Load with a bad RDASH_TOKEN = %v", err)
	}
}

// notADir is a path under a regular file: nothing can be created there,
// not even by root.
func notADir(t *testing.T) string {
	f := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(f, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	return filepath.Join(f, "rdash")
}

func TestUnwritableStateStoresNothing(t *testing.T) {
	t.Parallel()
	d := newDirs(t)
	good := d.store(authtest.NewKeyring(), "")
	if err := good.CheckWritable(true); err != nil {
		t.Fatalf("CheckWritable on a fresh directory: %v", err)
	}
	d.state = notADir(t)
	kr := authtest.NewKeyring()
	bad := d.store(kr, "")
	err := bad.CheckWritable(false)
	if err == nil || !strings.Contains(err.Error(), "the sign-in record") || !strings.Contains(err.Error(), "RDASH_STATE_DIR") {
		t.Fatalf("CheckWritable = %v", err)
	}
	for _, consent := range []Consent{nil, yes} {
		if consent != nil {
			bad = d.store(nil, "") // no keyring: the file, with consent
		}
		if _, err := bad.Save(t.Context(), "h", "alice", testToken("1"), consent); err == nil {
			t.Fatal("Save succeeded without a place for the record")
		}
		if st, err := bad.Load(t.Context(), "h"); err == nil {
			t.Fatalf("after the failed Save, Load found %s's token", st.Account)
		}
	}
	if kr.Len() != 0 {
		t.Fatal("the keyring kept the token of a failed sign-in")
	}
	if _, err := os.Stat(bad.FilePath()); !os.IsNotExist(err) {
		t.Fatal("the token file kept the token of a failed sign-in")
	}
}

func TestMalformedFilesNameTheFix(t *testing.T) {
	t.Parallel()
	d := newDirs(t)
	store := d.store(nil, "")
	if _, err := store.Save(t.Context(), "h", "alice", testToken("1"), yes); err != nil {
		t.Fatal(err)
	}
	record := filepath.Join(d.state, "auth.json")
	if err := os.WriteFile(record, []byte("{not json"), 0o600); err != nil {
		t.Fatal(err)
	}
	_, err := store.Load(t.Context(), "h")
	var me *MalformedError
	if !errors.As(err, &me) || !strings.Contains(err.Error(), record) || !strings.Contains(err.Error(), "rdash auth logout") {
		t.Fatalf("Load = %v", err)
	}
	aside, err := store.SetAsideRecord()
	if err != nil || !strings.HasPrefix(aside, record+".corrupt-") {
		t.Fatalf("SetAsideRecord = %q, %v", aside, err)
	}
	if again, _ := store.SetAsideRecord(); again != "" {
		t.Fatal("a missing record was set aside")
	}
	// Without the record, the file's only account is the active one.
	if removed, err := store.Delete(t.Context(), "h"); err != nil || len(removed) != 1 {
		t.Fatalf("Delete after setting the record aside = %v, %v", removed, err)
	}

	if err := os.WriteFile(store.FilePath(), []byte(`{"hosts": {"h": {"alice": {"access_token": "secret-tok`), 0o600); err != nil {
		t.Fatal(err)
	}
	_, err = store.Delete(t.Context(), "h")
	if err == nil || !strings.Contains(err.Error(), "delete it") || !strings.Contains(err.Error(), store.FilePath()) ||
		strings.Contains(err.Error(), "secret-tok") {
		t.Fatalf("Delete with a malformed token file = %v", err)
	}
}

// The token is written, then the record cannot be: the token is removed
// again, so status agrees with the failure, and the error says so.
func TestSaveRollsBackWhenTheRecordCannotBeWritten(t *testing.T) {
	t.Parallel()
	d := newDirs(t)
	if err := os.MkdirAll(filepath.Join(d.state, "auth.json"), 0o700); err != nil {
		t.Fatal(err)
	}
	kr := authtest.NewKeyring()
	_, err := d.store(kr, "").Save(t.Context(), "h", "alice", testToken("1"), nil)
	if err == nil || !strings.Contains(err.Error(), "not signed in") ||
		!strings.Contains(err.Error(), "removed again from the system keyring, so nothing is stored") {
		t.Fatalf("Save = %v", err)
	}
	if kr.Len() != 0 {
		t.Fatal("the keyring kept the token")
	}
}

// A Store given relative directories never writes under the working
// directory.
func TestRelativeDirectoriesAreNeverWritten(t *testing.T) {
	t.Parallel()
	store := NewStore(StoreOptions{ConfigDir: "rel/config", StateDir: "rel/state"})
	_, err := store.Save(t.Context(), "h", "alice", testToken("1"), yes)
	if err == nil || !strings.Contains(err.Error(), "not an absolute path") {
		t.Fatalf("Save = %v", err)
	}
	if _, err := os.Stat("rel"); !os.IsNotExist(err) {
		t.Fatal("something was written under the working directory")
	}
}

// blockingKeyring answers no call until released.
type blockingKeyring struct{ release chan struct{} }

func (k blockingKeyring) Get(string, string) (string, error) {
	<-k.release
	return "", keyring.ErrNotFound
}
func (k blockingKeyring) Set(string, string, string) error { <-k.release; return nil }
func (k blockingKeyring) Delete(string, string) error      { <-k.release; return nil }

// A keyring call that takes long is reported, with the time it is given,
// for any operation, not only login's check.
func TestSlowKeyringIsReported(t *testing.T) {
	t.Parallel()
	kr := blockingKeyring{release: make(chan struct{})}
	store := NewStore(StoreOptions{Keyring: kr, Timeout: time.Minute, ConfigDir: t.TempDir(), StateDir: t.TempDir()})
	told := make(chan time.Duration, 1)
	store.OnSlowKeyring(func(d time.Duration) { told <- d })
	done := make(chan error, 1)
	go func() { done <- store.Check(t.Context()) }()
	select {
	case d := <-told:
		if d != time.Minute {
			t.Errorf("told the wait is %s, want the store's timeout", d)
		}
	case err := <-done:
		t.Fatalf("Check returned (%v) before the keyring answered", err)
	case <-time.After(time.Minute):
		t.Fatal("a keyring call without an answer was never reported")
	}
	close(kr.release)
	<-done
	// A fast call is not reported.
	if err := store.Check(t.Context()); err != nil {
		t.Fatal(err)
	}
	select {
	case <-told:
		t.Fatal("a call that answered at once was reported")
	default:
	}
}
