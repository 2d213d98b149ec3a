package auth

import (
	"errors"
	"testing"
	"time"

	"golang.org/x/oauth2"
)

// errDBus is what go-keyring says on a machine with a bus but no unlocked
// collection (shared/RECIPES.md §2).
var errDBus = errors.New("failed to unlock correct collection '/org/freedesktop/secrets/aliases/default'")

type testDirs struct{ config, state string }

func newDirs(t *testing.T) testDirs {
	d := t.TempDir()
	return testDirs{config: d + "/config/rdash", state: d + "/state/rdash"}
}

func (d testDirs) store(kr Keyring, env string) *Store {
	o := StoreOptions{ConfigDir: d.config, StateDir: d.state, EnvToken: env, Timeout: time.Second}
	if kr != nil {
		o.Keyring = kr
	}
	return NewStore(o)
}

func testToken(n string) *oauth2.Token {
	t := &oauth2.Token{
		AccessToken: "access-" + n, RefreshToken: "refresh-" + n, TokenType: "Bearer",
		Expiry: time.Now().Add(time.Hour).Round(time.Second),
	}
	return t.WithExtra(map[string]any{"scope": "user:read,project:read"})
}

func yes(n InsecureNotice) bool { return true }
