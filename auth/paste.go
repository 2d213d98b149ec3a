package auth

import (
	"crypto/subtle"
	"errors"
	"net/url"
	"strings"
)

// codeFromPaste finds the code in what the user pasted. A pasted address
// (or its query) is held to the same rules as a callback: it must carry
// the state rdash sent, since the interface says to abort when the
// returned state differs, and an address without one is not the one the
// account service made for this sign-in. A bare code is a separate path:
// the configured callback page shows the code alone, for the user to
// copy, and a code alone carries no link anyone could have planted.
func (f *Flow) codeFromPaste(pasted string) (string, error) {
	s := strings.TrimSpace(pasted)
	if s == "" {
		return "", errors.New("nothing was pasted: paste the address the browser ended on, or the code it shows")
	}
	if q, ok := pastedQuery(s); ok {
		return f.codeFromQuery(q)
	}
	if strings.ContainsAny(s, "?&=/#") || !visibleASCII(s) {
		return "", errors.New("that is neither the address the browser ended on nor a code")
	}
	return s, nil
}

// visibleASCII reports whether s is made of 0x21 to 0x7E only, as codes
// and tokens are.
func visibleASCII(s string) bool { return CheckToken(s) == nil }

// pastedQuery returns the query of a pasted URL, or of a pasted query
// string, when it has any of the redirect's parameters.
func pastedQuery(s string) (url.Values, bool) {
	if i := strings.IndexByte(s, '?'); i >= 0 {
		s = s[i+1:]
	} else if !strings.Contains(s, "=") {
		return nil, false
	}
	if i := strings.IndexByte(s, '#'); i >= 0 {
		s = s[:i]
	}
	q, err := url.ParseQuery(s)
	if err != nil {
		return nil, false
	}
	return q, q.Has("code") || q.Has("state") || q.Has("message") || q.Has("error")
}

// codeFromQuery applies the interface's rules to a redirect, received on
// the loopback listener or pasted: a state other than the one sent aborts,
// and so does a missing or empty one; a message means the user or the
// service aborted, and code then holds the reason's code, not an
// authorization code.
//
// An abort may come without a state: the interface lists only code and
// message on that redirect, and a forged abort can do no more than end a
// sign-in the user can start again, so it is reported as the denial it
// says it is.
func (f *Flow) codeFromQuery(q url.Values) (string, error) {
	abort := q.Has("message") || q.Has("error")
	if q.Has("state") || !abort {
		if subtle.ConstantTimeCompare([]byte(q.Get("state")), []byte(f.state)) != 1 {
			return "", ErrStateMismatch
		}
	}
	if abort {
		return "", denied(q)
	}
	code := q.Get("code")
	if code == "" {
		return "", errors.New("the redirect carries no code")
	}
	if !visibleASCII(code) {
		return "", errors.New("the redirect's code holds characters that no code has")
	}
	return code, nil
}

func denied(q url.Values) *DeniedError {
	code, msg := q.Get("code"), q.Get("message")
	if code == "" {
		code = q.Get("error") // the RFC 6749 shape, should a server use it
	}
	if msg == "" {
		msg = q.Get("error_description")
	}
	if msg == "" {
		msg = "no reason given"
	}
	return &DeniedError{Code: cleanText(code, nil), Message: cleanText(msg, nil)}
}
