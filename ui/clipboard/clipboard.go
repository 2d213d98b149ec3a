// Package clipboard copies text for the user (an ID, a URL) and says
// honestly on the status line what came of it: OSC 52, which no terminal
// confirms, or tmux's buffer inside tmux. It also opens an address in the
// user's browser where one can open (OpenURL): not over SSH, where it
// would open on the wrong machine or none, and not without a display;
// there the address is copied and shown on the status line instead, as
// the sign-in screen does with its own.
package clipboard

import (
	"bytes"
	"context"
	"encoding/base64"
	"os/exec"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"rdash/config"
	"rdash/internal/safe"
	"rdash/ui/common"
)

// Copy puts text on the clipboard and then says on the status bar what
// happened, honestly: a terminal never confirms an OSC 52 copy, and tmux,
// with its default set-clipboard external, drops it without a word.
//
//   - Outside tmux: OSC 52 (tea.SetClipboard), for a terminal that honours
//     it; the status says it was sent and cannot be confirmed.
//   - Inside tmux ($TMUX, read by config): `tmux load-buffer -w -` with the
//     text on stdin, which puts it in tmux's paste buffer (prefix ]) and,
//     with -w, sends it on to the outer terminal's clipboard as tmux does
//     its own copies. When that works the status says "copied … to tmux's
//     buffer"; tmux before 3.2 has no -w, so a second try goes without it.
//     No OSC 52 is sent then: with set-clipboard on, tmux would make a
//     second buffer of it.
//   - Inside tmux when that fails (no tmux binary on PATH, another
//     server): OSC 52, and OSC 52 wrapped in tmux's DCS passthrough, which
//     tmux forwards only with allow-passthrough on; the status says the
//     copy cannot be confirmed and why tmux's buffer was not used.
//
// what names the text for the status ("the ID of 1.4.2: 8Zk…").
func Copy(cfg *config.Config, text, what string) tea.Cmd { return CopySaying(cfg, text, what, "") }

// CopySaying is Copy with lead said first on the status line ("no browser
// opens here: https://…"), then what came of the copy.
func CopySaying(cfg *config.Config, text, what, lead string) tea.Cmd {
	if lead != "" {
		lead += "; "
	}
	var tmux string
	if cfg != nil {
		tmux = cfg.Env.Tmux
	}
	if tmux == "" {
		return tea.Batch(tea.SetClipboard(text), common.Status(lead+sentNote(what)))
	}
	return func() tea.Msg {
		if err := loadTmuxBuffer(tmux, text); err != nil {
			return tea.BatchMsg{tea.SetClipboard(text), tea.Raw(tmuxPassthrough(text)),
				common.Status(lead + sentNote(what) + "; tmux's buffer: " + safe.Line(err.Error()))}
		}
		return common.StatusMsg{Text: lead + "copied " + what + " to tmux's buffer"}
	}
}

func sentNote(what string) string {
	return "sent " + what + " to the terminal's clipboard (cannot confirm)"
}

// lookTmux finds the tmux binary; tests replace it.
var lookTmux = func() (string, error) { return exec.LookPath("tmux") }

// loadTmuxBuffer runs tmux load-buffer on the server named by $TMUX
// ("socket,pid,session"), with the text on stdin and a deadline, its
// output kept off the terminal.
func loadTmuxBuffer(tmuxEnv, text string) error {
	bin, err := lookTmux()
	if err != nil {
		return errNoTmux
	}
	socket, _, _ := strings.Cut(tmuxEnv, ",")
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	var lastErr error
	for _, args := range [][]string{{"load-buffer", "-w", "-"}, {"load-buffer", "-"}} {
		if socket != "" {
			args = append([]string{"-S", socket}, args...)
		}
		cmd := exec.CommandContext(ctx, bin, args...)
		cmd.Stdin = strings.NewReader(text)
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		if lastErr = cmd.Run(); lastErr == nil {
			return nil
		}
		if msg := strings.TrimSpace(out.String()); msg != "" {
			lastErr = tmuxError(msg)
		}
	}
	return lastErr
}

type tmuxError string

func (e tmuxError) Error() string { return string(e) }

const errNoTmux = tmuxError("the tmux command is not on PATH")

// tmuxPassthrough is OSC 52 wrapped in tmux's DCS passthrough: every ESC
// inside is doubled.
func tmuxPassthrough(text string) string {
	osc := "\x1b]52;c;" + base64.StdEncoding.EncodeToString([]byte(text)) + "\a"
	return "\x1bPtmux;" + strings.ReplaceAll(osc, "\x1b", "\x1b\x1b") + "\x1b\\"
}

// CopyDownloadURL puts the URL FetchDownloadURL found on the clipboard as
// Copy does, or reports why there is no URL to copy.
func CopyDownloadURL(cfg *config.Config, d common.DownloadURLMsg) tea.Cmd {
	if d.Err != nil {
		return common.ReportError(d.Err, "finding the download URL of "+d.Version, nil)
	}
	return Copy(cfg, d.URL, "the download URL of "+d.Version)
}
