package auth

import (
	"html"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"rdash/api"
	"rdash/api/sandbox"
	"rdash/api/sandbox/sandboxtest"
)

// world is a sandbox and the settings to sign in to it.
type world struct {
	srv      *sandbox.Server
	settings Settings
}

func startSandbox(t *testing.T, opts sandbox.Options) world {
	t.Helper()
	srv, run := sandboxtest.Start(t, opts)
	return world{srv: srv, settings: Settings{
		BaseURL: run.BaseURL, AuthURL: run.AuthURL, ClientID: run.ClientID, ClientSecret: run.ClientSecret,
		Scopes: []string{"user:read", "project:read"},
	}}
}

// clock is a sandbox clock that tests move forward.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func newClock() *clock { return &clock{t: time.Now()} }

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) Add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// userAgent drives the account service's pages the way a user's browser
// would, but stops at redirects so tests can see and change them.
type userAgent struct {
	t *testing.T
	c *http.Client
}

func newBrowser(t *testing.T) userAgent {
	return userAgent{t: t, c: &http.Client{
		Timeout:       20 * time.Second,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}}
}

var hiddenInput = regexp.MustCompile(`<input type="hidden" name="([^"]+)" value="([^"]*)">`)

// decide opens the consent page at authorizeURL, picks user and presses
// Authorize ("approve") or Deny ("deny"), and returns the redirect.
func (b userAgent) decide(authorizeURL, user, decision string) string {
	b.t.Helper()
	body, status := b.get(authorizeURL)
	if status != http.StatusOK || !strings.Contains(body, `value="approve"`) {
		b.t.Fatalf("consent page: %d\n%s", status, body)
	}
	form := url.Values{"user": {user}, "decision": {decision}}
	for _, m := range hiddenInput.FindAllStringSubmatch(body, -1) {
		form.Set(html.UnescapeString(m[1]), html.UnescapeString(m[2]))
	}
	resp, err := b.c.PostForm(authorizeURL, form)
	if err != nil {
		b.t.Fatal(err)
	}
	resp.Body.Close()
	loc := resp.Header.Get("Location")
	if resp.StatusCode != http.StatusSeeOther || loc == "" {
		b.t.Fatalf("consent answer: %s, Location %q", resp.Status, loc)
	}
	return loc
}

// get fetches u and returns the body and status.
func (b userAgent) get(u string) (string, int) {
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

// oobCode reads the code off the configured callback page, as a user
// would copy it.
func (b userAgent) oobCode(location string) string {
	b.t.Helper()
	body, _ := b.get(location)
	m := shownCode.FindStringSubmatch(body)
	if m == nil {
		b.t.Fatalf("no code on the page:\n%s", body)
	}
	return html.UnescapeString(m[1])
}

// whoAmI asks the API whose token src hands out.
func whoAmI(t *testing.T, w world, src *Source) (string, error) {
	t.Helper()
	c, err := api.New(w.settings.BaseURL, api.WithHTTPClient(NewHTTPClient(src, nil)),
		api.WithRetryBackoff(time.Millisecond, time.Millisecond, time.Second))
	if err != nil {
		t.Fatal(err)
	}
	u, _, err := c.GetUser(t.Context(), api.Me)
	if err != nil {
		return "", err
	}
	return u.Username, nil
}
