package sandboxtest

import (
	"context"
	"errors"
	"html"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"
)

// Browser drives the sandbox's account pages as a user's browser would,
// stopping at redirects so tests see where they lead.
type Browser struct {
	t testing.TB
	c *http.Client
}

// NewBrowser returns a Browser.
func NewBrowser(t testing.TB) Browser {
	return Browser{t: t, c: &http.Client{
		Timeout:       20 * time.Second,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}}
}

var hiddenInput = regexp.MustCompile(`<input type="hidden" name="([^"]+)" value="([^"]*)">`)

// Decide opens the consent page at authorizeURL, picks user and presses
// Authorize ("approve") or Deny ("deny"); it returns the redirect.
func (b Browser) Decide(authorizeURL, user, decision string) (string, error) {
	resp, err := b.c.Get(authorizeURL)
	if err != nil {
		return "", err
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || !strings.Contains(string(body), `value="approve"`) {
		return "", errors.New("consent page: " + resp.Status + "\n" + string(body))
	}
	form := url.Values{"user": {user}, "decision": {decision}}
	for _, m := range hiddenInput.FindAllStringSubmatch(string(body), -1) {
		form.Set(html.UnescapeString(m[1]), html.UnescapeString(m[2]))
	}
	resp, err = b.c.PostForm(authorizeURL, form)
	if err != nil {
		return "", err
	}
	resp.Body.Close()
	loc := resp.Header.Get("Location")
	if resp.StatusCode != http.StatusSeeOther || loc == "" {
		return "", errors.New("consent answer: " + resp.Status)
	}
	return loc, nil
}

// MustDecide is Decide failing the test on error.
func (b Browser) MustDecide(authorizeURL, user, decision string) string {
	b.t.Helper()
	loc, err := b.Decide(authorizeURL, user, decision)
	if err != nil {
		b.t.Fatal(err)
	}
	return loc
}

// Follow opens u (a redirect, such as the loopback callback) and returns
// its page.
func (b Browser) Follow(u string) (string, error) {
	resp, err := b.c.Get(u)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	return string(body), err
}

// Get is Follow with the status, failing the test when u cannot be fetched.
func (b Browser) Get(u string) (string, int) {
	b.t.Helper()
	resp, err := b.c.Get(u)
	if err != nil {
		b.t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return string(body), resp.StatusCode
}

var shownCode = regexp.MustCompile(`<p class="code">([^<]+)</p>`)

// OobCode reads the code off the out-of-band page at location, as a user
// would copy it.
func (b Browser) OobCode(location string) string {
	b.t.Helper()
	body, _ := b.Get(location)
	m := shownCode.FindStringSubmatch(body)
	if m == nil {
		b.t.Fatalf("no code on the page:\n%s", body)
	}
	return html.UnescapeString(m[1])
}

// Opener decides for user at the URL it is given, then follows the redirect
// to the loopback callback: a browser for the sign-in flows.
func (b Browser) Opener(user, decision string) func(context.Context, string) error {
	return func(_ context.Context, u string) error {
		loc, err := b.Decide(u, user, decision)
		if err != nil {
			return err
		}
		_, err = b.Follow(loc)
		return err
	}
}
