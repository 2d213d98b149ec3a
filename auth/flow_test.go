package auth

import (
	"errors"
	"net/url"
	"slices"
	"strings"
	"testing"

	"rdash/config"
)

func offlineSettings() Settings {
	return Settings{
		BaseURL: "http://127.0.0.1:9/api/v1", AuthURL: "http://127.0.0.1:9/auth",
		ClientID: "rdash-demo", ClientSecret: "s3cret", Scopes: []string{"user:read", "project:read"},
	}
}

func TestURLCarriesTheInterfaceParameters(t *testing.T) {
	t.Parallel()
	for _, mode := range []Mode{ModePaste, ModeLoopback} {
		f, err := NewFlow(offlineSettings(), mode)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		u, err := url.Parse(f.URL())
		if err != nil {
			t.Fatal(err)
		}
		q := u.Query()
		if u.Path != "/auth/oauth/authorize" || q.Get("client_id") != "rdash-demo" ||
			q.Get("scope") != "user:read,project:read" || len(q.Get("state")) < 40 || q.Has("client_secret") {
			t.Fatalf("mode %d: URL %s", mode, u)
		}
		redirect := q.Get("redirect_uri")
		switch mode {
		case ModePaste:
			if q.Has("redirect_uri") {
				t.Errorf("paste mode sends redirect_uri %q; the configured callback shows the code", redirect)
			}
		case ModeLoopback:
			if !strings.HasPrefix(redirect, "http://127.0.0.1:") || strings.HasSuffix(redirect, ":0/callback") {
				t.Errorf("loopback redirect_uri = %q", redirect)
			}
		}
	}
}

func TestStatesDiffer(t *testing.T) {
	t.Parallel()
	a, _ := NewFlow(offlineSettings(), ModePaste)
	b, _ := NewFlow(offlineSettings(), ModePaste)
	if a.state == b.state {
		t.Fatal("two flows share a state")
	}
}

func TestCodeFromPaste(t *testing.T) {
	t.Parallel()
	f, err := NewFlow(offlineSettings(), ModePaste)
	if err != nil {
		t.Fatal(err)
	}
	st := url.QueryEscape(f.state)
	tests := []struct {
		name, pasted, code string
		err                error
		errText            string
	}{
		{"bare code", "  abc123XYZ \n", "abc123XYZ", nil, ""},
		{"redirect URL with state", "http://127.0.0.1:5/callback?code=c0de&state=" + st, "c0de", nil, ""},
		{"address without state", "http://h/auth/oauth/oob?code=c0de", "", ErrStateMismatch, ""},
		{"query without state", "code=c0de", "", ErrStateMismatch, ""},
		{"address with another state", "http://h/cb?state=forged&code=c0de", "", ErrStateMismatch, ""},
		{"denied without state", "http://x/cb?code=access_denied&message=no", "", nil, "no"},
		{"query only", "code=c0de&state=" + st, "c0de", nil, ""},
		{"state mismatch", "http://127.0.0.1:5/callback?code=c0de&state=forged", "", ErrStateMismatch, ""},
		{"denied", "http://x/cb?code=access_denied&message=The+user+said+no%1b%5b31m&state=" + st, "", nil, "The user said no"},
		{"empty", "   ", "", nil, "nothing was pasted"},
		{"garbage", "hello world", "", nil, "neither"},
		{"no code", "http://x/cb?state=" + st, "", nil, "no code"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			code, err := f.codeFromPaste(tt.pasted)
			switch {
			case tt.err != nil:
				if !errors.Is(err, tt.err) {
					t.Fatalf("err = %v, want %v", err, tt.err)
				}
			case tt.errText != "":
				if err == nil || !strings.Contains(err.Error(), tt.errText) || strings.ContainsRune(err.Error(), 0x1b) {
					t.Fatalf("err = %q, want it to contain %q and no escape", err, tt.errText)
				}
			case err != nil || code != tt.code:
				t.Fatalf("code, err = %q, %v; want %q", code, err, tt.code)
			}
		})
	}
}

func TestChooseMode(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		env       config.Env
		noBrowser bool
		want      Mode
	}{
		{config.Env{Display: true}, false, ModeLoopback},
		{config.Env{Display: true}, true, ModePaste},
		{config.Env{Display: true, SSH: true}, false, ModePaste},
		{config.Env{}, false, ModePaste},
	} {
		if got := ChooseMode(tt.env, tt.noBrowser); got != tt.want {
			t.Errorf("ChooseMode(%+v, %v) = %v, want %v", tt.env, tt.noBrowser, got, tt.want)
		}
	}
}

func TestNarrowScopes(t *testing.T) {
	t.Parallel()
	got, err := NarrowScopes([]string{"org:member:create,user:read", "user:read"})
	if err != nil || !slices.Equal(got, []string{"user:read", "org:member:create"}) {
		t.Fatalf("NarrowScopes = %v, %v", got, err)
	}
	if all, _ := NarrowScopes(nil); !slices.Equal(all, config.AllScopes()) {
		t.Fatalf("NarrowScopes(nil) = %v", all)
	}
	if _, err := NarrowScopes([]string{"user:raed"}); err == nil || !strings.Contains(err.Error(), `"user:raed"`) {
		t.Fatalf("typo accepted: %v", err)
	}
}

func TestFirstBrowser(t *testing.T) {
	t.Parallel()
	if got := firstBrowser("firefox --new-tab:chromium"); !slices.Equal(got, []string{"firefox", "--new-tab"}) {
		t.Fatalf("firstBrowser = %v", got)
	}
}
