package sandbox_test

import (
	"bytes"
	"encoding/json"
	"log/slog"
	"net/url"
	"strings"
	"testing"
	"time"

	"rdash/api"
	"rdash/api/sandbox"
)

const callback = "http://127.0.0.1:4242/callback"

// authParams are the query of an authorization request from the seeded app.
func authParams(scope, redirect string) url.Values {
	q := url.Values{"client_id": {"rdash-demo"}, "state": {"st-123"}}
	if scope != "" {
		q.Set("scope", scope)
	}
	if redirect != "" {
		q.Set("redirect_uri", redirect)
	}
	return q
}

func formBody(v url.Values) *body { return rawBody("application/x-www-form-urlencoded", v.Encode()) }

// decide answers the consent page as user.
func (h *harness) decide(t *testing.T, q url.Values, user, decision string) reply {
	t.Helper()
	form := url.Values{"user": {user}, "decision": {decision}}
	for k, v := range q {
		form[k] = v
	}
	return h.do(t, "POST", h.run.AuthURL+"/oauth/authorize", "", formBody(form))
}

// redirected returns the query of the reply's redirect, checking its target.
func redirected(t *testing.T, r reply, status int, target string) url.Values {
	t.Helper()
	r.want(t, status)
	loc, err := url.Parse(r.header.Get("Location"))
	if err != nil || !strings.HasPrefix(loc.String(), target) {
		t.Fatalf("Location %q, want %s…", r.header.Get("Location"), target)
	}
	return loc.Query()
}

// code approves an authorization for user and returns the code.
func (h *harness) code(t *testing.T, user, scope, redirect string) string {
	t.Helper()
	q := redirected(t, h.decide(t, authParams(scope, redirect), user, "approve"), 303, redirect)
	wantEq(t, q.Get("state"), "st-123")
	return q.Get("code")
}

type tokenReply struct {
	AccessToken      string `json:"access_token"`
	TokenType        string `json:"token_type"`
	ExpiresIn        int64  `json:"expires_in"`
	RefreshToken     string `json:"refresh_token"`
	Scope            string `json:"scope"`
	Error            string `json:"error"`
	ErrorDescription string `json:"error_description"`
}

func (h *harness) exchange(t *testing.T, form url.Values) (tokenReply, reply) {
	t.Helper()
	if !form.Has("client_secret") {
		form.Set("client_id", h.run.ClientID)
		form.Set("client_secret", h.run.ClientSecret)
	}
	r := h.do(t, "POST", h.run.AuthURL+"/oauth/token", "", formBody(form))
	var tr tokenReply
	if err := json.Unmarshal(r.body, &tr); err != nil {
		t.Fatalf("token reply %s: %v", r.body, err)
	}
	return tr, r
}

func (h *harness) whoami(t *testing.T, tok string) string {
	t.Helper()
	var u api.User
	h.do(t, "GET", "/users/@me", tok, nil).want(t, 200).data(t, &u)
	return u.Username
}

func TestOAuthConsentPage(t *testing.T) {
	t.Parallel()
	h := start(t, sandbox.Options{})
	r := h.do(t, "GET", h.run.AuthURL+"/oauth/authorize?"+authParams("user:read,project:read", "http://localhost:9999/cb").Encode(), "", nil).want(t, 200)
	page := string(r.body)
	for _, want := range []string{"alice", "bob", "carol", "dave", "erin", "frank", "Authorize", "Deny", `value="st-123"`, "project:read"} {
		if !strings.Contains(page, want) {
			t.Errorf("consent page lacks %q", want)
		}
	}
	if strings.Contains(page, "<script") || strings.Contains(page, "src=") {
		t.Error("consent page loads scripts or assets")
	}
	if !strings.Contains(r.header.Get("Content-Security-Policy"), "default-src 'none'") {
		t.Error("no content security policy")
	}
}

func TestOAuthApproveAndDeny(t *testing.T) {
	t.Parallel()
	h := start(t, sandbox.Options{})
	code := h.code(t, "bob", "project:version:update,user:read", callback)
	if !strings.HasPrefix(code, "sbx_ac_") {
		t.Errorf("code %q", code)
	}
	tr, _ := h.exchange(t, url.Values{"grant_type": {"authorization_code"}, "code": {code}, "redirect_uri": {callback}})
	if tr.TokenType != "Bearer" || tr.ExpiresIn != 3600 || tr.RefreshToken == "" || tr.Scope != "user:read,project:version:update" {
		t.Fatalf("token %+v", tr)
	}
	wantEq(t, h.whoami(t, tr.AccessToken), "bob")

	tr, r := h.exchange(t, url.Values{"code": {code}, "redirect_uri": {callback}})
	r.want(t, 400)
	wantEq(t, tr.Error, "invalid_grant")

	q := redirected(t, h.decide(t, authParams("user:read", callback), "bob", "deny"), 303, callback)
	if q.Get("code") != "access_denied" || q.Get("message") == "" || q.Get("state") != "st-123" {
		t.Errorf("deny redirect %v", q)
	}
}

func TestOAuthAuthorizeRejects(t *testing.T) {
	t.Parallel()
	h := start(t, sandbox.Options{})
	page := func(q url.Values) reply {
		return h.do(t, "GET", h.run.AuthURL+"/oauth/authorize?"+q.Encode(), "", nil)
	}
	tests := []struct {
		name string
		q    url.Values
	}{
		{"unknown client", url.Values{"client_id": {"other"}, "redirect_uri": {callback}}},
		{"domain not allowed", authParams("", "http://evil.example/cb")},
		{"lookalike domain", authParams("", "http://127.0.0.1.evil.example/cb")},
		{"not http", authParams("", "javascript:alert(1)")},
		{"relative", authParams("", "/cb")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			r := page(tt.q).want(t, 400)
			if r.header.Get("Location") != "" || !strings.Contains(r.header.Get("Content-Type"), "text/html") {
				t.Errorf("an untrusted request was redirected or not shown: %v", r.header)
			}
			h.decide(t, tt.q, "alice", "approve").want(t, 400)
		})
	}
	q := redirected(t, page(authParams("user:read,admin", callback)), 302, callback)
	if q.Get("code") != "invalid_scope" || !strings.Contains(q.Get("message"), "admin") || q.Get("state") != "st-123" {
		t.Errorf("unknown scope redirect %v", q)
	}
	h.decide(t, authParams("", callback), "mallory", "approve").want(t, 400)
}

func TestOAuthTokenRejects(t *testing.T) {
	t.Parallel()
	clk := newClock()
	h := start(t, sandbox.Options{Now: clk.Now, CodeTTL: time.Minute})
	expired := h.code(t, "alice", "", callback)
	clk.advance(time.Minute)
	tests := []struct {
		name   string
		form   func(code string) url.Values
		status int
		want   string
	}{
		{"wrong secret", func(c string) url.Values {
			return url.Values{"code": {c}, "redirect_uri": {callback}, "client_id": {"rdash-demo"}, "client_secret": {"guess"}}
		}, 401, "invalid_client"},
		{"unknown client", func(c string) url.Values {
			return url.Values{"code": {c}, "redirect_uri": {callback}, "client_id": {"x"}, "client_secret": {"sandbox-secret"}}
		}, 401, "invalid_client"},
		{"no code", func(string) url.Values { return url.Values{"redirect_uri": {callback}} }, 400, "invalid_request"},
		{"unknown code", func(string) url.Values { return url.Values{"code": {"sbx_ac_nope"}, "redirect_uri": {callback}} }, 400, "invalid_grant"},
		{"redirect mismatch", func(c string) url.Values {
			return url.Values{"code": {c}, "redirect_uri": {"http://127.0.0.1:4242/other"}}
		}, 400, "invalid_grant"},
		{"redirect omitted", func(c string) url.Values { return url.Values{"code": {c}} }, 400, "invalid_grant"},
		{"expired code", func(string) url.Values { return url.Values{"code": {expired}, "redirect_uri": {callback}} }, 400, "invalid_grant"},
		{"unsupported grant", func(c string) url.Values {
			return url.Values{"grant_type": {"password"}, "code": {c}, "redirect_uri": {callback}}
		}, 400, "unsupported_grant_type"},
		{"refresh without token", func(string) url.Values { return url.Values{"grant_type": {"refresh_token"}} }, 400, "invalid_request"},
		{"unknown refresh token", func(string) url.Values {
			return url.Values{"grant_type": {"refresh_token"}, "refresh_token": {"sbx_rt_nope"}}
		}, 400, "invalid_grant"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			tr, r := h.exchange(t, tt.form(h.code(t, "alice", "", callback)))
			r.want(t, tt.status)
			if tr.Error != tt.want || tr.ErrorDescription == "" || tr.AccessToken != "" {
				t.Errorf("reply %s", r.body)
			}
			wantEq(t, r.header.Get("Cache-Control"), "no-store")
		})
	}
}

func TestOAuthClientCredentials(t *testing.T) {
	t.Parallel()
	h := start(t, sandbox.Options{})
	// HTTP Basic, form-encoded as RFC 6749 asks.
	form := url.Values{"code": {h.code(t, "carol", "", callback)}, "redirect_uri": {callback}}
	r := h.do(t, "POST", strings.Replace(h.run.AuthURL, "http://", "http://rdash-demo:sandbox-secret@", 1)+"/oauth/token", "", formBody(form)).want(t, 200)
	var tr tokenReply
	json.Unmarshal(r.body, &tr)
	wantEq(t, h.whoami(t, tr.AccessToken), "carol")

	r = h.do(t, "POST", strings.Replace(h.run.AuthURL, "http://", "http://rdash-demo:nope@", 1)+"/oauth/token", "", formBody(form))
	r.want(t, 401)
	wantIn(t, r.header.Get("WWW-Authenticate"), `Basic realm="rdash sandbox"`)

	// A JSON body.
	js := jsonBody(t, map[string]string{"code": h.code(t, "dave", "", callback), "redirect_uri": callback, "client_id": "rdash-demo", "client_secret": "sandbox-secret"})
	r = h.do(t, "POST", h.run.AuthURL+"/oauth/token", "", js).want(t, 200)
	json.Unmarshal(r.body, &tr)
	wantEq(t, h.whoami(t, tr.AccessToken), "dave")
	h.do(t, "POST", h.run.AuthURL+"/oauth/token", "", rawBody("application/json", `{"code": 5}`)).want(t, 400)
}

func TestOAuthOutOfBand(t *testing.T) {
	t.Parallel()
	h := start(t, sandbox.Options{})
	oob := h.run.AuthURL + "/oauth/oob"
	q := redirected(t, h.decide(t, authParams("", ""), "erin", "approve"), 303, oob+"?")
	page := h.do(t, "GET", oob+"?"+q.Encode(), "", nil).want(t, 200)
	if !strings.Contains(string(page.body), q.Get("code")) {
		t.Error("the out-of-band page does not show the code")
	}
	tr, _ := h.exchange(t, url.Values{"code": {q.Get("code")}})
	wantEq(t, h.whoami(t, tr.AccessToken), "erin")

	q = redirected(t, h.decide(t, authParams("", ""), "erin", "deny"), 303, oob+"?")
	page = h.do(t, "GET", oob+"?"+q.Encode(), "", nil).want(t, 200)
	wantEq(t, strings.Contains(string(page.body), "denied"), true)
}

func TestOAuthApproveAs(t *testing.T) {
	t.Parallel()
	h := start(t, sandbox.Options{ApproveAs: "frank"})
	r := h.do(t, "GET", h.run.AuthURL+"/oauth/authorize?"+authParams("org:member:create,user:read", callback).Encode(), "", nil)
	q := redirected(t, r, 302, callback)
	wantEq(t, q.Get("state"), "st-123")
	tr, _ := h.exchange(t, url.Values{"code": {q.Get("code")}, "redirect_uri": {callback}})
	wantEq(t, h.whoami(t, tr.AccessToken), "frank")
	wantEq(t, tr.Scope, "user:read,org:member:create")

	if _, err := sandbox.New(sandbox.Options{ApproveAs: "mallory"}); err == nil {
		t.Error("New accepted an unknown approve-as user")
	}
}

func TestOAuthRefresh(t *testing.T) {
	t.Parallel()
	h := start(t, sandbox.Options{})
	first, _ := h.exchange(t, url.Values{"code": {h.code(t, "alice", "user:read,project:read", callback)}, "redirect_uri": {callback}})
	second, _ := h.exchange(t, url.Values{"grant_type": {"refresh_token"}, "refresh_token": {first.RefreshToken}})
	if second.AccessToken == "" || second.RefreshToken == first.RefreshToken || second.Scope != first.Scope {
		t.Fatalf("refreshed %+v", second)
	}
	wantEq(t, h.whoami(t, second.AccessToken), "alice")
	tr, r := h.exchange(t, url.Values{"grant_type": {"refresh_token"}, "refresh_token": {first.RefreshToken}})
	r.want(t, 400)
	wantEq(t, tr.Error, "invalid_grant")
	_, r = h.exchange(t, url.Values{"grant_type": {"refresh_token"}, "refresh_token": {second.RefreshToken}})
	r.want(t, 200)

	no := start(t, sandbox.Options{NoRefresh: true})
	tr, _ = no.exchange(t, url.Values{"code": {no.code(t, "alice", "", callback)}, "redirect_uri": {callback}})
	tr, r = no.exchange(t, url.Values{"grant_type": {"refresh_token"}, "refresh_token": {tr.RefreshToken}})
	r.want(t, 400)
	wantEq(t, tr.Error, "invalid_grant")
}

func TestOAuthScopeUnion(t *testing.T) {
	t.Parallel()
	h := start(t, sandbox.Options{})
	steps := []struct{ user, scope, want string }{
		{"alice", "", "user:read"}, // a first authorization without scope
		{"alice", "project:version:create", "user:read,project:version:create"}, // the union
		{"alice", "", "user:read,project:version:create"},                       // omitted: what was granted
		{"alice", "org:member:create,user:read", "user:read,project:version:create,org:member:create"},
		{"bob", "project:read", "project:read"}, // grants are per user
	}
	for _, st := range steps {
		tr, _ := h.exchange(t, url.Values{"code": {h.code(t, st.user, st.scope, callback)}, "redirect_uri": {callback}})
		wantEq(t, tr.Scope, st.want)
	}
}

// TestNoSecretsInLogs runs a sign-in and API calls with a logger and checks
// that no token, code or secret reaches the log.
func TestNoSecretsInLogs(t *testing.T) {
	t.Parallel()
	var buf bytes.Buffer
	h := start(t, sandbox.Options{Logger: slog.New(slog.NewTextHandler(&buf, &slog.HandlerOptions{Level: slog.LevelDebug}))})
	oob := redirected(t, h.decide(t, authParams("", ""), "alice", "approve"), 303, h.run.AuthURL)
	h.do(t, "GET", h.run.AuthURL+"/oauth/oob?"+oob.Encode(), "", nil).want(t, 200)
	tr, _ := h.exchange(t, url.Values{"code": {oob.Get("code")}})
	h.exchange(t, url.Values{"grant_type": {"refresh_token"}, "refresh_token": {tr.RefreshToken}})
	h.whoami(t, tr.AccessToken)
	log := buf.String()
	if !strings.Contains(log, "/users/@me") {
		t.Fatalf("nothing logged: %q", log)
	}
	for _, secret := range []string{"sbx_", "sandbox-secret", oob.Get("code"), tr.AccessToken, tr.RefreshToken} {
		if strings.Contains(log, secret) {
			t.Errorf("the log holds %q", secret)
		}
	}
}
