package auth

import (
	"strings"
	"testing"
)

// FuzzPastedRedirect feeds codeFromPaste what a user might paste: no input
// may panic; a code is never empty and never holds a space or a control
// character; an address (or query) whose state is not the flow's, or
// that carries a code and no state, never yields a code; errors never
// quote the paste.
func FuzzPastedRedirect(f *testing.F) {
	for _, seed := range []string{
		"http://127.0.0.1:8080/auth/oauth/oob?code=abc&state=STATE",
		"code=abc&state=STATE",
		"?code=abc",
		"abc123",
		"https://x/cb?message=denied&code=access_denied&state=STATE",
		"https://x/cb?error=access_denied&error_description=no#frag",
		"code=%zz",
		"  code=a;b  \n",
	} {
		f.Add(seed)
	}
	flow, err := NewFlow(offlineSettings(), ModePaste)
	if err != nil {
		f.Fatal(err)
	}
	flow.state = "STATE"
	f.Fuzz(func(t *testing.T, pasted string) {
		code, err := flow.codeFromPaste(pasted)
		if err != nil {
			if code != "" {
				t.Fatalf("an error and a code %q", code)
			}
			if len(pasted) > 8 && strings.Contains(err.Error(), pasted) {
				t.Fatalf("the error quotes the paste: %v", err)
			}
			return
		}
		if code == "" || strings.ContainsFunc(code, func(r rune) bool { return r <= ' ' || r == 0x7f }) {
			t.Fatalf("code %q from %q", code, pasted)
		}
		if q, ok := pastedQuery(strings.TrimSpace(pasted)); ok && q.Get("state") != "STATE" {
			t.Fatalf("an address with state %q gave code %q", q.Get("state"), code)
		}
	})
}
