package signin

import (
	"context"
	"errors"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"rdash/internal/safe"
	"rdash/ui/clipboard"
	"rdash/ui/common"
)

// Update implements common.Screen.
func (m *Model) Update(msg tea.Msg) (common.Screen, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		return m, m.key(msg)
	case tea.PasteMsg:
		return m, m.paste(msg)
	case flowStartedMsg:
		return m, m.flowStarted(msg)
	case storageCheckedMsg:
		return m, m.storageChecked(msg)
	case tokenMsg:
		return m, m.tokenArrived(msg)
	case browserOpenedMsg:
		if msg.seq == m.seq && msg.err != nil {
			m.browserErr = safe.Line(msg.err.Error())
		}
	case completedMsg:
		return m, m.completed(msg)
	case common.ThemeMsg:
		m.common.Styles = msg.Styles
		m.input = common.StyleInput(m.input, msg.Styles)
	default:
		if m.input.Focused() {
			var cmd tea.Cmd
			m.input, cmd = m.input.Update(msg) // cursor blink
			return m, cmd
		}
	}
	return m, nil
}

// start makes a new flow (a new URL) and, unless the user already agreed
// to the plain-text file, asks the keyring again.
func (m *Model) start() tea.Cmd {
	m.flowCancel()
	m.seq++
	m.phase = phaseStarting
	m.flow, m.url, m.loopback, m.browserErr = nil, "", false, ""
	m.pending, m.failure, m.pasteErr = nil, "", ""
	m.input.Reset()
	m.input.Blur()
	cmds := []tea.Cmd{newFlow(m.ctx, m.common.Session, m.seq)}
	if m.storage != storageAgreed {
		m.storage, m.notice = storageChecking, nil
		cmds = append(cmds, checkStorage(m.ctx, m.common.Session))
	}
	return tea.Batch(cmds...)
}

func (m *Model) flowStarted(msg flowStartedMsg) tea.Cmd {
	if msg.seq != m.seq || m.phase != phaseStarting {
		if msg.flow != nil {
			return closeFlow(msg.flow)
		}
		return nil
	}
	if msg.err != nil {
		m.fail(msg.err)
		return nil
	}
	ctx, cancel := context.WithCancel(m.ctx)
	m.flow, m.flowCtx, m.flowCancel = msg.flow, ctx, cancel
	m.phase = phaseWaiting
	m.url = safe.Line(msg.flow.URL())
	m.loopback = msg.flow.Loopback()
	if !m.loopback {
		return nil
	}
	// Wait ends with ctx and then closes the listener.
	return tea.Batch(waitForBrowser(ctx, msg.flow, m.seq), openBrowser(m.ctx, m.common.Session, m.url, m.seq))
}

func (m *Model) storageChecked(msg storageCheckedMsg) tea.Cmd {
	if m.storage != storageChecking {
		return nil // an answer already given
	}
	if msg.err != nil { // nowhere to store a token: say so before the user signs in
		if !errors.Is(msg.err, context.Canceled) { // else the screen was left
			m.fail(msg.err)
		}
		return nil
	}
	if msg.notice == nil {
		m.storage = storageKeyring
	} else {
		m.storage, m.notice = storageAsk, msg.notice
		m.input.Blur()
	}
	return m.finish()
}

// tokenArrived takes a token, or shows why there is none. A paste that
// failed leaves the flow usable: the URL can be opened again for a new
// code. A failed callback ends the loopback listener: enter starts again.
func (m *Model) tokenArrived(msg tokenMsg) tea.Cmd {
	if msg.seq != m.seq || (m.phase != phaseWaiting && m.phase != phaseExchanging) {
		return nil
	}
	if msg.err != nil {
		switch {
		case errors.Is(msg.err, context.Canceled):
		case msg.pasted:
			m.phase, m.pasteErr = phaseWaiting, describe(msg.err)
		case m.phase == phaseExchanging:
			// The callback failed while a pasted code is being checked:
			// that answer decides.
		default:
			m.fail(msg.err)
		}
		return nil
	}
	m.flowCancel() // the flow is spent: stop waiting for the browser
	m.pending, m.phase, m.pasteErr = msg.grant, phaseFinishing, ""
	m.input.Reset()
	m.input.Blur()
	return m.finish()
}

// finish stores the token once the keyring has answered and, without one,
// the user has said yes.
func (m *Model) finish() tea.Cmd {
	if m.pending == nil || m.completing || m.storage == storageChecking || m.storage == storageAsk {
		return nil
	}
	g := m.pending
	m.pending, m.completing = nil, true
	return complete(m.ctx, m.common.Session, g, m.storage == storageAgreed)
}

func (m *Model) completed(msg completedMsg) tea.Cmd {
	m.completing = false
	var se *common.SignInError
	switch {
	case errors.Is(msg.err, common.ErrEnvToken):
		m.phase = phaseEnv
		return nil
	case errors.As(msg.err, &se) && se.NoKeyring:
		// The keyring answered the check but not the save: starting
		// again asks about the plain-text file.
		m.storage = storageChecking
		m.fail(msg.err)
		return nil
	case msg.err != nil:
		m.fail(msg.err)
		return nil
	}
	m.phase, m.account = phaseDone, msg.account
	signedIn := common.SignedInMsg{Account: msg.account, Context: m.args.Context, Retry: m.args.Retry, From: m}
	return func() tea.Msg { return signedIn }
}

// fail ends the flow and says why.
func (m *Model) fail(err error) {
	m.flowCancel()
	m.phase, m.failure, m.pending = phaseFailed, describe(err), nil
	m.input.Reset()
	m.input.Blur()
}

// decline keeps the user signed out: nothing is written, and a token
// already received is dropped.
func (m *Model) decline() {
	m.flowCancel()
	m.phase, m.pending = phaseDeclined, nil
	m.input.Reset()
	m.input.Blur()
}

func (m *Model) key(msg tea.KeyPressMsg) tea.Cmd {
	k := m.keys
	switch {
	case m.completing:
		return nil
	case m.asking():
		switch {
		case key.Matches(msg, k.Yes):
			m.storage = storageAgreed
			return m.finish()
		case key.Matches(msg, k.No):
			m.decline()
		}
		return nil
	case m.input.Focused():
		return m.inputKey(msg)
	}
	switch m.phase {
	case phaseWaiting:
		return m.waitingKey(msg)
	case phaseFailed, phaseDeclined:
		if key.Matches(msg, k.Again) {
			return m.start()
		}
	}
	return nil
}

func (m *Model) waitingKey(msg tea.KeyPressMsg) tea.Cmd {
	k := m.keys
	switch {
	case key.Matches(msg, k.Copy):
		// The note names no part of the URL: it carries the state.
		return clipboard.Copy(m.common.Config, m.url, "the sign-in address")
	case key.Matches(msg, k.OneLine):
		return tea.Exec(&oneLine{url: m.url}, nil)
	case key.Matches(msg, k.Browser) && m.loopback:
		m.browserErr = ""
		return openBrowser(m.ctx, m.common.Session, m.url, m.seq)
	case key.Matches(msg, k.Paste):
		return m.input.Focus()
	}
	return nil
}

func (m *Model) inputKey(msg tea.KeyPressMsg) tea.Cmd {
	switch {
	case key.Matches(msg, m.keys.Submit):
		return m.submit()
	case key.Matches(msg, m.keys.Leave):
		m.input.Blur()
		return nil
	}
	m.pasteErr = ""
	var cmd tea.Cmd
	m.input, cmd = m.input.Update(msg)
	return cmd
}

// paste puts a bracketed paste in the field, focusing it: over SSH the
// user comes back with the code on the clipboard and just pastes.
func (m *Model) paste(msg tea.PasteMsg) tea.Cmd {
	if m.phase != phaseWaiting || m.asking() || m.completing {
		return nil
	}
	m.pasteErr = ""
	if m.input.Focused() {
		var cmd tea.Cmd
		m.input, cmd = m.input.Update(msg)
		return cmd
	}
	m.input.SetValue(strings.TrimSpace(msg.Content))
	m.input.CursorEnd()
	return m.input.Focus()
}

// submit exchanges what was pasted. The field is emptied at once: what it
// held is a secret, and a second paste must not be appended to it.
func (m *Model) submit() tea.Cmd {
	pasted := m.input.Value()
	m.input.Reset()
	if strings.TrimSpace(pasted) == "" {
		m.pasteErr = "Nothing was pasted: paste the code the page shows, or the whole address the browser ended on."
		return nil
	}
	m.input.Blur()
	m.phase, m.pasteErr = phaseExchanging, ""
	return exchange(m.flowCtx, m.flow, m.seq, pasted)
}
