package sandbox_test

import (
	"crypto/sha256"
	"encoding/base64"
	"net/url"
	"strings"
	"testing"

	"rdash/api/sandbox"
	"rdash/api/sandbox/sandboxtest"
)

// A verifier and its S256 challenge, computed as RFC 7636 section 4.2 says.
var rfcVerifier, rfcChallenge = func() (string, string) {
	v := "dBjftJeZ4CK-mVbFkndGpRUnBaIPr3sAuwNTRqtyWrE~._"
	sum := sha256.Sum256([]byte(v))
	return v, base64.RawURLEncoding.EncodeToString(sum[:])
}()

// pkceParams is an authorization request with a PKCE challenge.
func pkceParams(challenge, method string) url.Values {
	q := authParams("user:read", callback)
	if challenge != "" {
		q.Set("code_challenge", challenge)
	}
	if method != "" {
		q.Set("code_challenge_method", method)
	}
	return q
}

// pkceCode approves q through the consent page, as a browser would (the
// challenge travels in the form's hidden fields), and returns the code.
func (h *harness) pkceCode(t *testing.T, q url.Values) string {
	t.Helper()
	loc, err := sandboxtest.NewBrowser(t).Decide(h.run.AuthURL+"/oauth/authorize?"+q.Encode(), "bob", "approve")
	if err != nil {
		t.Fatal(err)
	}
	u, err := url.Parse(loc)
	if err != nil || u.Query().Get("code") == "" || u.Query().Get("message") != "" {
		t.Fatalf("redirect %q", loc)
	}
	return u.Query().Get("code")
}

func TestPKCE(t *testing.T) {
	t.Parallel()
	h := start(t, sandbox.Options{})
	exchange := func(code, verifier string) (tokenReply, reply) {
		form := url.Values{"code": {code}, "redirect_uri": {callback}}
		if verifier != "" {
			form.Set("code_verifier", verifier)
		}
		return h.exchange(t, form)
	}
	// The right verifier gets a token.
	tr, _ := exchange(h.pkceCode(t, pkceParams(rfcChallenge, "S256")), rfcVerifier)
	if tr.AccessToken == "" {
		t.Fatalf("S256 with the right verifier: %+v", tr)
	}
	wantEq(t, h.whoami(t, tr.AccessToken), "bob")

	// Without PKCE, authorization still works.
	if tr, _ := exchange(h.pkceCode(t, pkceParams("", "")), ""); tr.AccessToken == "" {
		t.Fatalf("without PKCE: %+v", tr)
	}

	for _, tt := range []struct {
		name, challenge, verifier, want string
	}{
		{"wrong verifier", rfcChallenge, strings.Repeat("a", 43), "does not match"},
		{"no verifier", rfcChallenge, "", "code_verifier is required"},
		{"short verifier", rfcChallenge, "abc", "43 to 128"},
		{"verifier without a challenge", "", rfcVerifier, "no code_challenge"},
		{"the challenge as verifier", rfcChallenge, rfcChallenge, "does not match"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			method := ""
			if tt.challenge != "" {
				method = "S256"
			}
			code := h.pkceCode(t, pkceParams(tt.challenge, method))
			tr, r := exchange(code, tt.verifier)
			r.want(t, 400)
			if tr.Error != "invalid_grant" || !strings.Contains(tr.ErrorDescription, tt.want) {
				t.Errorf("%+v, want invalid_grant saying %q", tr, tt.want)
			}
			// The failed exchange used the code up.
			if tr, _ := exchange(code, rfcVerifier); tr.Error != "invalid_grant" {
				t.Errorf("the code was usable after a failed exchange: %+v", tr)
			}
		})
	}
}

// TestPKCERefusedAtAuthorize checks that a challenge the server will not
// check (plain, or no method, which means plain) is refused by redirect,
// on the consent page's GET and its POST alike, and that RequirePKCE
// refuses a request without one.
func TestPKCERefusedAtAuthorize(t *testing.T) {
	t.Parallel()
	h := start(t, sandbox.Options{})
	strict := start(t, sandbox.Options{RequirePKCE: true})
	for _, tt := range []struct {
		name string
		h    *harness
		q    url.Values
		want string
	}{
		{"plain", h, pkceParams(rfcVerifier, "plain"), "must be S256"},
		{"no method means plain", h, pkceParams(rfcChallenge, ""), "must be S256"},
		{"method without challenge", h, pkceParams("", "S256"), "without code_challenge"},
		{"not base64url SHA-256", h, pkceParams("short", "S256"), "43-character"},
		{"required", strict, pkceParams("", ""), "code_challenge is required"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			get := tt.h.do(t, "GET", tt.h.run.AuthURL+"/oauth/authorize?"+tt.q.Encode(), "", nil)
			for _, r := range []reply{get, tt.h.decide(t, tt.q, "bob", "approve")} {
				status := 302
				if r.status == 303 {
					status = 303
				}
				q := redirected(t, r, status, callback)
				if q.Get("code") != "invalid_request" || !strings.Contains(q.Get("message"), tt.want) || q.Get("state") != "st-123" {
					t.Errorf("redirect %v, want invalid_request saying %q", q, tt.want)
				}
			}
		})
	}
	// RequirePKCE still accepts an S256 challenge.
	strict.pkceCode(t, pkceParams(rfcChallenge, "S256"))
}
