package auth

import (
	"errors"
	"net/url"
	"strings"
	"testing"

	"rdash/api/sandbox"
	"rdash/api/sandbox/sandboxtest"
)

// withQuery returns loc with its query changed by edit.
func withQuery(t *testing.T, loc string, edit func(url.Values)) string {
	t.Helper()
	u, err := url.Parse(loc)
	if err != nil {
		t.Fatal(err)
	}
	q := u.Query()
	edit(q)
	u.RawQuery = q.Encode()
	return u.String()
}

// TestPastedAddressWithEmptyStateAborts: an address that carries a state
// parameter must carry the one rdash sent; an empty one is not "no state".
// The code in it is real, so before the rule the sign-in went through.
func TestPastedAddressWithEmptyStateAborts(t *testing.T) {
	t.Parallel()
	w := startSandbox(t, sandbox.Options{})
	b := sandboxtest.NewBrowser(t)
	f, err := NewFlow(w.settings, ModePaste)
	if err != nil {
		t.Fatal(err)
	}
	loc := b.MustDecide(f.URL(), "alice", "approve")
	emptied := withQuery(t, loc, func(q url.Values) { q.Set("state", "") })
	if tok, err := f.Exchange(t.Context(), emptied); !errors.Is(err, ErrStateMismatch) || tok != nil {
		t.Fatalf("Exchange(address with state=) gave a token: %v, err %v; want ErrStateMismatch", tok != nil, err)
	}
	// The bare code, as the fallback page shows it, is still accepted.
	if _, err := f.Exchange(t.Context(), b.OobCode(loc)); err != nil {
		t.Fatalf("bare code refused: %v", err)
	}
}

// TestPastedAddressWithoutStateAborts: the interface says to abort when
// the returned state differs from the one sent, and an address that
// carries a real code but no state (or its query alone) is such an
// address; before the rule it signed the user in. The bare code, pasted
// alone, stays a path of its own.
func TestPastedAddressWithoutStateAborts(t *testing.T) {
	t.Parallel()
	w := startSandbox(t, sandbox.Options{})
	b := sandboxtest.NewBrowser(t)
	f, err := NewFlow(w.settings, ModePaste)
	if err != nil {
		t.Fatal(err)
	}
	loc := b.MustDecide(f.URL(), "alice", "approve")
	stripped := withQuery(t, loc, func(q url.Values) { q.Del("state") })
	_, query, _ := strings.Cut(stripped, "?")
	for _, pasted := range []string{stripped, query} {
		if tok, err := f.Exchange(t.Context(), pasted); !errors.Is(err, ErrStateMismatch) || tok != nil {
			t.Fatalf("Exchange(%s) gave a token: %v, err %v; want ErrStateMismatch", pasted, tok != nil, err)
		}
	}
	if _, err := f.Exchange(t.Context(), b.OobCode(loc)); err != nil {
		t.Fatalf("bare code refused: %v", err)
	}
}

// TestDenyWithoutStateIsTheUsersDenial: the interface lists only code and
// message on the abort redirect, so a deny without state is the user's
// denial, reported with its message, not a forged link.
func TestDenyWithoutStateIsTheUsersDenial(t *testing.T) {
	t.Parallel()
	w := startSandbox(t, sandbox.Options{})
	b := sandboxtest.NewBrowser(t)
	f, err := NewFlow(w.settings, ModeLoopback)
	if err != nil {
		t.Fatal(err)
	}
	got := waitAsync(t, f)
	deny := withQuery(t, b.MustDecide(f.URL(), "alice", "deny"), func(q url.Values) { q.Del("state") })
	page, _ := b.Get(deny)
	if !strings.Contains(page, "Sign-in not authorized") || !strings.Contains(page, "the user denied access") {
		t.Errorf("page:\n%s", page)
	}
	var de *DeniedError
	r := <-got
	if !errors.As(r.err, &de) || de.Code != "access_denied" || !strings.Contains(r.err.Error(), "the user denied access") {
		t.Fatalf("Wait = %v; want the denial with its message", r.err)
	}
	if strings.Contains(r.err.Error(), "forged") {
		t.Errorf("a denial is called forged: %v", r.err)
	}
}

// TestCallbackWithoutStateStillAborts: only an abort may come without
// state; a code without one is refused on the loopback listener.
func TestCallbackWithoutStateStillAborts(t *testing.T) {
	t.Parallel()
	w := startSandbox(t, sandbox.Options{})
	b := sandboxtest.NewBrowser(t)
	f, err := NewFlow(w.settings, ModeLoopback)
	if err != nil {
		t.Fatal(err)
	}
	got := waitAsync(t, f)
	b.Get(withQuery(t, b.MustDecide(f.URL(), "alice", "approve"), func(q url.Values) { q.Del("state") }))
	if r := <-got; !errors.Is(r.err, ErrStateMismatch) {
		t.Fatalf("Wait = %v; want ErrStateMismatch", r.err)
	}
}

// TestDenialWithoutACode: an abort redirect with a message and an empty
// code says the message, without an empty "()" after it.
func TestDenialWithoutACode(t *testing.T) {
	t.Parallel()
	err := denied(url.Values{"message": {"the user denied access"}})
	if got := err.Error(); got != "sign-in was not authorized: the user denied access" {
		t.Fatalf("Error() = %q", got)
	}
	err = denied(url.Values{"code": {"access_denied"}})
	if got := err.Error(); got != "sign-in was not authorized: no reason given (access_denied)" {
		t.Fatalf("Error() = %q", got)
	}
}
