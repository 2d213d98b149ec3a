package serve

import (
	"errors"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestClampWindow(t *testing.T) {
	for _, c := range []struct{ w, h, ww, wh int }{
		{80, 24, 80, 24},
		{100_000, 100_000, MaxColumns, MaxRows},
		{501, 199, 500, 199},
		{0, 0, 80, 24},
		{-5, 30, 80, 30},
	} {
		if w, h := ClampWindow(c.w, c.h); w != c.ww || h != c.wh {
			t.Errorf("ClampWindow(%d, %d) = %d, %d; want %d, %d", c.w, c.h, w, h, c.ww, c.wh)
		}
	}
}

func TestEnvAllowed(t *testing.T) {
	for _, c := range []struct {
		name  string
		value int
		want  bool
	}{
		{"TERM", 14, true}, {"COLORTERM", 9, true}, {"COLORFGBG", 4, true}, {"NO_COLOR", 1, true},
		{"LANG", 11, true}, {"LC_ALL", 11, true}, {"LC_TIME", 11, true},
		{"LANG", MaxEnvValueLen + 1, false},                    // too long a value
		{"LC_" + strings.Repeat("X", MaxEnvNameLen), 1, false}, // too long a name
		{"PATH", 5, false}, {"LD_PRELOAD", 5, false}, {"RDASH_TOKEN", 5, false}, {"", 0, false},
	} {
		if got := EnvAllowed(c.name, c.value); got != c.want {
			t.Errorf("EnvAllowed(%q, %d) = %v", c.name, c.value, got)
		}
	}
}

type addr string

func (a addr) Network() string { return "tcp" }
func (a addr) String() string  { return string(a) }

// TestConnLimits: each cap refuses the connection after its maximum, and
// a released or authenticated connection gives its place back.
func TestConnLimits(t *testing.T) {
	l := &ConnLimits{MaxTotal: 4, MaxPerAddr: 2, MaxUnauth: 3}
	admit := func(a string) (*ConnSlot, error) { return l.Admit(addr(a)) }
	a1, _ := admit("10.0.0.1:1000")
	if _, err := admit("10.0.0.1:1001"); err != nil {
		t.Fatal(err)
	}
	var le *ConnLimitError
	if _, err := admit("10.0.0.1:1002"); !errors.As(err, &le) || le.What != "connections from this address" {
		t.Fatalf("a third from one address: %v", err)
	}
	b1, _ := admit("10.0.0.2:1000")
	if _, err := admit("10.0.0.3:1000"); !errors.As(err, &le) || le.What != "unauthenticated connections" {
		t.Fatalf("a fourth unauthenticated: %v", err)
	}
	b1.Authenticated()
	b1.Authenticated() // once only
	c1, err := admit("10.0.0.3:1000")
	if err != nil {
		t.Fatalf("after one authenticated: %v", err)
	}
	if _, err := admit("10.0.0.4:1000"); !errors.As(err, &le) || le.What != "connections" || le.Max != 4 {
		t.Fatalf("a fifth: %v", err)
	}
	a1.Release()
	a1.Release() // once only
	if total, unauth := l.Counts(); total != 3 || unauth != 2 {
		t.Fatalf("after a release: %d connections, %d unauthenticated; want 3 and 2", total, unauth)
	}
	if _, err := admit("10.0.0.1:1003"); err != nil {
		t.Fatalf("its address's place is free again: %v", err)
	}
	c1.Authenticated()
	c1.Release()
	if total, unauth := l.Counts(); total != 3 || unauth != 2 {
		t.Fatalf("an authenticated connection released: %d, %d; want 3 and 2", total, unauth)
	}
	if got := hostOf(&net.TCPAddr{IP: net.ParseIP("::1"), Port: 22}); got != "::1" {
		t.Fatalf("hostOf IPv6 = %q", got)
	}
}

// TestAllowListsFor: the allow-lists servers started with are remembered,
// once each; forget reads those and the default path that exist.
func TestAllowListsFor(t *testing.T) {
	root, dir := t.TempDir(), t.TempDir()
	a, b, def := filepath.Join(dir, "a"), filepath.Join(dir, "b"), filepath.Join(dir, "default")
	for _, p := range []string{a, b} {
		if err := os.WriteFile(p, nil, 0o600); err != nil {
			t.Fatal(err)
		}
		for range 2 {
			if err := RecordAllowList(root, p); err != nil {
				t.Fatal(err)
			}
		}
	}
	got, err := AllowListsFor(root, def)
	if err != nil || strings.Join(got, ",") != a+","+b {
		t.Fatalf("AllowListsFor = %v, %v; want a and b (no default file)", got, err)
	}
	if err := os.WriteFile(def, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(a); err != nil {
		t.Fatal(err)
	}
	got, _ = AllowListsFor(root, def)
	if strings.Join(got, ",") != b+","+def {
		t.Fatalf("AllowListsFor = %v; want b and the default", got)
	}
	if got, _ := AllowListsFor(t.TempDir(), filepath.Join(dir, "none")); len(got) != 0 {
		t.Fatalf("nothing recorded, no default: %v", got)
	}
}

// TestSealedStoreTellsWhenUnreadable: a sealed file that does not open
// is reported (the auth Store takes it for "signed out"); a missing one
// is not.
func TestSealedStoreTellsWhenUnreadable(t *testing.T) {
	dir := t.TempDir()
	var told []error
	st, err := NewSealedStore(dir, make([]byte, 32), &FileLocks{})
	if err != nil {
		t.Fatal(err)
	}
	st.OnUnreadable(func(err error) { told = append(told, err) })
	if _, err := st.Get("rdash:host", "alice"); err == nil || len(told) != 0 {
		t.Fatalf("no file: Get err %v, told %v", err, told)
	}
	if err := os.WriteFile(st.Path(), []byte("not sealed by this key at all, long enough"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := st.Get("rdash:host", "alice"); err == nil || len(told) != 1 || !strings.Contains(told[0].Error(), "does not open") {
		t.Fatalf("a file that does not open: Get err %v, told %v", err, told)
	}
}
