package sandbox_test

import (
	"net/url"
	"strings"
	"testing"
)

// tokenRequest posts form to the token endpoint with the seeded app's
// credentials in the body, as the interface lists them.
func (h *harness) tokenRequest(t *testing.T, form url.Values) reply {
	t.Helper()
	form.Set("client_id", h.run.ClientID)
	form.Set("client_secret", h.run.ClientSecret)
	return h.do(t, "POST", h.run.AuthURL+"/oauth/token", "", formBody(form))
}

func TestStrictAbortRedirectCarriesNoState(t *testing.T) {
	t.Parallel()
	h := startStrict(t)
	q := redirected(t, h.decide(t, authParams("user:read", callback), "bob", "deny"), 303, callback)
	if q.Get("code") != "access_denied" || q.Get("message") == "" || q.Has("state") {
		t.Fatalf("deny redirect %v: the document names code and message only", q)
	}
	h.code(t, "bob", "user:read", callback) // an approval keeps the state
}

func TestStrictScopes(t *testing.T) {
	t.Parallel()
	h := startStrict(t)
	tr, _ := h.exchange(t, url.Values{"code": {h.code(t, "bob", "", callback)}, "redirect_uri": {callback}})
	wantEq(t, tr.Scope, "") // a first authorization without scope grants nothing
	tr, _ = h.exchange(t, url.Values{"code": {h.code(t, "bob", "team:admin,user:read", callback)}, "redirect_uri": {callback}})
	wantEq(t, tr.Scope, "user:read,team:admin") // a scope the sandbox does not know is granted as asked
	if _, err := h.srv.MintToken("bob", "team:admin"); err != nil {
		t.Fatalf("MintToken with an unknown scope: %v", err)
	}
}

func TestStrictIgnoresPKCE(t *testing.T) {
	t.Parallel()
	h := startStrict(t)
	q := authParams("user:read", callback)
	q.Set("code_challenge", "too-short")
	q.Set("code_challenge_method", "plain")
	code := redirected(t, h.decide(t, q, "carol", "approve"), 303, callback).Get("code")
	r := h.tokenRequest(t, url.Values{"code": {code}, "redirect_uri": {callback}, "code_verifier": {"anything"}})
	r.want(t, 200)
}

func TestStrictTokenEndpoint(t *testing.T) {
	t.Parallel()
	h := startStrict(t)
	js := jsonBody(t, map[string]string{"code": h.code(t, "dave", "", callback), "redirect_uri": callback,
		"client_id": "rdash-demo", "client_secret": "sandbox-secret"})
	h.do(t, "POST", h.run.AuthURL+"/oauth/token", "", js).wantText(t, 400, "invalid_request", "x-www-form-urlencoded")

	form := url.Values{"code": {h.code(t, "carol", "", callback)}, "redirect_uri": {callback}}
	basic := strings.Replace(h.run.AuthURL, "http://", "http://rdash-demo:sandbox-secret@", 1) + "/oauth/token"
	r := h.do(t, "POST", basic, "", formBody(form))
	r.wantText(t, 401, "invalid_client")
	wantEq(t, r.header.Get("WWW-Authenticate"), "")

	tr, _ := h.exchange(t, url.Values{"code": {h.code(t, "alice", "user:read", callback)}, "redirect_uri": {callback}})
	if tr.RefreshToken == "" {
		t.Fatal("no refresh_token: the token response lists one")
	}
	h.tokenRequest(t, url.Values{"grant_type": {"refresh_token"}, "refresh_token": {tr.RefreshToken}}).
		wantText(t, 400, "unsupported_grant_type")
	h.tokenRequest(t, url.Values{"code": {"sbx_ac_nope"}, "redirect_uri": {callback}}).wantText(t, 400, "invalid_grant")
}
