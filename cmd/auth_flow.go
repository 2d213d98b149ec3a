package cmd

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"golang.org/x/oauth2"

	"rdash/auth"
	"rdash/config"
)

// obtainToken reads a token from standard input or runs the browser flow,
// then has finish check and store it. In the loopback flow finish runs
// before the browser tab is answered, so the tab tells the truth.
func obtainToken(ctx context.Context, f *Factory, cfg *config.Config, s auth.Settings, in *bufio.Reader, o *loginOptions, finish auth.Finish) error {
	if o.WithToken {
		b, err := io.ReadAll(io.LimitReader(in, 64<<10))
		tok := strings.TrimSpace(string(b))
		if err != nil || tok == "" || strings.ContainsAny(tok, " \t\r\n") {
			return &ExitError{Code: ExitCancel, Err: errors.New("--with-token: standard input must hold one token")}
		}
		if err := auth.CheckToken(tok); err != nil {
			return &ExitError{Code: ExitCancel, Err: fmt.Errorf("--with-token: %w; nothing was stored", err)}
		}
		_, err = finish(ctx, &oauth2.Token{AccessToken: tok, TokenType: "Bearer"})
		return err
	}
	mode := auth.ChooseMode(cfg.Env, o.NoBrowser)
	flow, err := auth.NewFlow(s, mode)
	if err != nil {
		return err
	}
	defer flow.Close()
	if mode == auth.ModePaste {
		tok, err := pasteLogin(ctx, f, flow, in)
		if err != nil {
			return err
		}
		_, err = finish(ctx, tok)
		return err
	}
	flow.SetFinish(finish)
	_, err = browserLogin(ctx, f, flow, auth.BrowserOpener(cfg.Env))
	return err
}

func pasteLogin(ctx context.Context, f *Factory, flow *auth.Flow, in *bufio.Reader) (*oauth2.Token, error) {
	fmt.Fprintf(f.IO.ErrOut, "Open this URL in a browser on any machine and sign in:\n\n  %s\n\n"+
		"Then paste the code the page shows, or the whole address the browser ended on:\n", flow.URL())
	line, err := readLine(ctx, in)
	if err != nil {
		return nil, err
	}
	return flow.Exchange(ctx, line)
}

// browserLogin prints the URL before opening the browser, so a browser
// that opens on the wrong screen, or not at all, never leaves the user
// without a way on; the wait does not depend on the browser returning.
func browserLogin(ctx context.Context, f *Factory, flow *auth.Flow, open auth.Opener) (*oauth2.Token, error) {
	fmt.Fprintf(f.IO.ErrOut, "Sign in with your browser. If it does not open, open this URL:\n\n  %s\n\n"+
		"Waiting for the browser... (ctrl-c to cancel)\n", flow.URL())
	opened := make(chan error, 1)
	go func() { opened <- open(ctx, flow.URL()) }()
	done := make(chan struct{})
	var tok *oauth2.Token
	var err error
	go func() { tok, err = flow.Wait(ctx); close(done) }()
	for {
		select {
		case oerr := <-opened:
			if oerr != nil {
				fmt.Fprintf(f.IO.ErrOut, "Could not open a browser (%v); open the URL above yourself.\n", oerr)
			}
			opened = nil
		case <-done:
			return tok, err
		}
	}
}

// readLine reads one line, giving up when ctx ends: a read from a terminal
// cannot be interrupted, so it is left behind.
func readLine(ctx context.Context, in *bufio.Reader) (string, error) {
	type result struct {
		line string
		err  error
	}
	got := make(chan result, 1)
	go func() {
		line, err := in.ReadString('\n')
		got <- result{line, err}
	}()
	select {
	case r := <-got:
		if r.err != nil && (r.err != io.EOF || strings.TrimSpace(r.line) == "") {
			return "", &ExitError{Code: ExitCancel, Err: errors.New("no answer on standard input")}
		}
		return r.line, nil
	case <-ctx.Done():
		return "", ctx.Err()
	}
}
