package sandbox

import (
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"net/url"
	"strings"
)

// PKCE (RFC 7636): an authorization request may carry a code_challenge,
// which the token request must then answer with the code_verifier it was
// made from. Only the S256 method is accepted; "plain" (also what an absent
// code_challenge_method means) is refused, since it protects nothing when
// the authorization request is seen. Options.RequirePKCE refuses
// authorization requests without a challenge.

const pkceS256 = "S256"

// pkceChallenge reads code_challenge and code_challenge_method from an
// authorization request; "" means none was given.
func (s *Server) pkceChallenge(form url.Values) (string, error) {
	challenge, method := form.Get("code_challenge"), form.Get("code_challenge_method")
	switch {
	case challenge == "" && method != "":
		return "", errors.New("code_challenge_method was given without code_challenge")
	case challenge == "" && s.opts.RequirePKCE:
		return "", errors.New("code_challenge is required (PKCE, S256)")
	case challenge == "":
		return "", nil
	case method != pkceS256:
		return "", errors.New("code_challenge_method must be S256 (plain is not accepted)")
	case len(challenge) != 43 || !isPKCEText(challenge):
		return "", errors.New("code_challenge must be the 43-character base64url SHA-256 of the code_verifier")
	}
	return challenge, nil
}

// pkceVerify checks a token request's code_verifier against the challenge
// of the code's authorization request. A verifier sent for a code issued
// without a challenge is refused too (OAuth 2.1), so PKCE cannot be
// stripped from the authorization request unnoticed.
func pkceVerify(challenge, verifier string) *oauthError {
	switch {
	case challenge == "" && verifier == "":
		return nil
	case challenge == "":
		return invalidGrant("code_verifier was sent, but the authorization request had no code_challenge")
	case verifier == "":
		return invalidGrant("code_verifier is required: the authorization request had a code_challenge")
	case len(verifier) < 43 || len(verifier) > 128 || !isPKCEText(verifier):
		return invalidGrant("code_verifier must be 43 to 128 characters of A-Z, a-z, 0-9, -, ., _ and ~")
	}
	sum := sha256.Sum256([]byte(verifier))
	if subtle.ConstantTimeCompare([]byte(base64.RawURLEncoding.EncodeToString(sum[:])), []byte(challenge)) != 1 {
		return invalidGrant("code_verifier does not match the code_challenge")
	}
	return nil
}

// isPKCEText reports whether s holds only the unreserved characters RFC 7636
// allows in a verifier and a challenge.
func isPKCEText(s string) bool {
	return !strings.ContainsFunc(s, func(r rune) bool {
		return !(r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || strings.ContainsRune("-._~", r))
	})
}
