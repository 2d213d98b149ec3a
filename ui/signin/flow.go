package signin

import (
	"context"
	"time"

	tea "charm.land/bubbletea/v2"

	"rdash/ui/common"
)

// completeTimeout bounds storing a sign-in: asking the server who signed
// in, and the keyring, which may ask for its password.
const completeTimeout = time.Minute

// flowStartedMsg carries the flow made for start seq.
type flowStartedMsg struct {
	seq  int
	flow common.Flow
	err  error
}

// newFlow starts a sign-in; in loopback mode that opens a listener, which
// is closed when ctx ends even if the screen never sees this flow.
func newFlow(ctx context.Context, s common.Session, seq int) tea.Cmd {
	return func() tea.Msg {
		f, err := s.NewFlow()
		if err == nil {
			context.AfterFunc(ctx, func() { _ = f.Close() })
		}
		return flowStartedMsg{seq: seq, flow: f, err: err}
	}
}

// closeFlow closes a flow nobody waits on any more, away from Update:
// stopping a listener lets a page being written finish.
func closeFlow(f common.Flow) tea.Cmd {
	return func() tea.Msg {
		_ = f.Close()
		return nil
	}
}

// storageCheckedMsg says whether a token can go to the keyring: notice is
// nil, or what to show before asking for the plain-text file.
type storageCheckedMsg struct {
	notice *common.InsecureNotice
	err    error
}

// checkStorage asks the keyring before the user signs in, so that a user
// without one is asked about the plain-text file first, not after.
func checkStorage(ctx context.Context, s common.Session) tea.Cmd {
	return func() tea.Msg {
		n, err := s.CheckStorage(ctx)
		return storageCheckedMsg{notice: n, err: err}
	}
}

// tokenMsg carries what the browser's callback (Wait) or the paste
// (Exchange) gave for flow seq.
type tokenMsg struct {
	seq    int
	grant  common.Grant
	err    error
	pasted bool
}

// waitForBrowser waits for the loopback callback; it ends with ctx.
func waitForBrowser(ctx context.Context, f common.Flow, seq int) tea.Cmd {
	return func() tea.Msg {
		g, err := f.Wait(ctx)
		return tokenMsg{seq: seq, grant: g, err: err}
	}
}

// exchange turns what the user pasted into tokens.
func exchange(ctx context.Context, f common.Flow, seq int, pasted string) tea.Cmd {
	return func() tea.Msg {
		g, err := f.Exchange(ctx, pasted)
		return tokenMsg{seq: seq, grant: g, err: err, pasted: true}
	}
}

// browserOpenedMsg says whether the browser could be started for flow seq.
type browserOpenedMsg struct {
	seq int
	err error
}

// openBrowser opens url. The browser outlives the screen: leaving the
// sign-in must not kill a browser rdash happened to start.
func openBrowser(ctx context.Context, s common.Session, url string, seq int) tea.Cmd {
	return func() tea.Msg {
		return browserOpenedMsg{seq: seq, err: s.OpenBrowser(context.WithoutCancel(ctx), url)}
	}
}

// completedMsg carries the outcome of storing and using the new token.
type completedMsg struct {
	account common.Account
	err     error
}

// complete stores the grant's token and makes the running client use it. It runs to the
// end even if the screen goes: the server rotates refresh tokens, and a
// save cut halfway could lose the only good one.
func complete(ctx context.Context, s common.Session, g common.Grant, plainText bool) tea.Cmd {
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), completeTimeout)
		defer cancel()
		a, err := s.Complete(ctx, g, plainText)
		return completedMsg{account: a, err: err}
	}
}
