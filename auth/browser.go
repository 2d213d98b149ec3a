package auth

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"strings"
	"sync"

	"github.com/cli/browser"

	"rdash/config"
)

// Opener shows the authorize URL to the user, or acts as the user.
type Opener func(ctx context.Context, url string) error

// BrowserOpener opens URLs in the user's browser: the BROWSER command when
// set (gh honours it too), else the system's opener; either way their
// output is dropped, so it cannot scribble over the dashboard. Use it only
// in ModeLoopback; ChooseMode already rules out SSH sessions and machines
// without a display, where a browser would open on the wrong screen or in
// the terminal itself.
func BrowserOpener(env config.Env) Opener {
	if cmd := firstBrowser(env.Browser); len(cmd) > 0 {
		return func(ctx context.Context, u string) error {
			return runBrowser(ctx, cmd, u)
		}
	}
	return func(_ context.Context, u string) error {
		quietBrowser()
		return browser.OpenURL(u)
	}
}

// quietBrowser drops the output of the system's opener (xdg-open and the
// like), which github.com/cli/browser copies to the terminal: during
// in-dashboard sign-in that is the Bubble Tea screen. The library takes
// its writers from package variables, so they are set once, before the
// first call, and never again: setting them around each call would race
// with a concurrent one.
var quietBrowser = sync.OnceFunc(func() {
	browser.Stdout, browser.Stderr = io.Discard, io.Discard
})

// firstBrowser splits BROWSER, a list of commands separated like PATH,
// and returns the first command's words.
func firstBrowser(env string) []string {
	first, _, _ := strings.Cut(env, string(os.PathListSeparator))
	return strings.Fields(first)
}

// runBrowser runs cmd with the URL in place of %s, or after it. Its output
// is dropped so it cannot scribble over the dashboard.
func runBrowser(ctx context.Context, cmd []string, u string) error {
	args := make([]string, 0, len(cmd))
	placed := false
	for _, a := range cmd[1:] {
		if strings.Contains(a, "%s") {
			a, placed = strings.ReplaceAll(a, "%s", u), true
		}
		args = append(args, a)
	}
	if !placed {
		args = append(args, u)
	}
	if err := exec.CommandContext(ctx, cmd[0], args...).Run(); err != nil {
		// The error of exec names the program, never its arguments.
		return fmt.Errorf("BROWSER %s: %w", cmd[0], err)
	}
	return nil
}

// HTTPOpener acts as the browser with client: it GETs the authorize URL and
// follows the redirects. With a sandbox that approves at once (ApproveAs)
// that lands on the loopback callback, which is how `rdash demo` signs in
// through the real flow. Use it with (*Flow).WaitOpened.
func HTTPOpener(client *http.Client) Opener {
	return func(ctx context.Context, u string) error {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
		if err != nil {
			return errors.New("the authorize URL is malformed")
		}
		resp, err := client.Do(req)
		if err != nil {
			// *url.Error quotes the URL, and the URL carries the state.
			var ue *url.Error
			if errors.As(err, &ue) {
				err = ue.Err
			}
			return fmt.Errorf("opening the authorize page: %w", err)
		}
		defer resp.Body.Close()
		_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
		if resp.StatusCode >= 400 {
			return fmt.Errorf("the authorize page answered %s", resp.Status)
		}
		return nil
	}
}
