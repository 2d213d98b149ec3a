package download

import (
	"context"
	"errors"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"rdash/ui/common"
)

// keyMap is the screen's keys besides the list's navigation.
type keyMap struct {
	Download key.Binding // save the chosen file; copy an external URL
	Switch   key.Binding // files → directory
	Files    key.Binding // directory → files
	Back     key.Binding // leave; cancel a download
	Again    key.Binding // results: choose another file
	Reload   key.Binding // read the files again after a failure
	// A file of that name is there already:
	Overwrite key.Binding // replace it
	KeepBoth  key.Binding // save beside it, "name (1).jar"
}

func newKeyMap() keyMap {
	return keyMap{
		Download:  common.Bind([]string{"enter"}, "enter", "download"),
		Switch:    common.Bind([]string{"tab"}, "tab", "directory"),
		Files:     common.Bind([]string{"tab", "esc"}, "tab/esc", "files"),
		Back:      common.Bind([]string{"esc"}, "esc", "back"),
		Again:     common.Bind([]string{"enter"}, "enter", "another file"),
		Reload:    common.Bind([]string{"r"}, "r", "reload"),
		Overwrite: common.Bind([]string{"o"}, "o", "overwrite"),
		KeepBoth:  common.Bind([]string{"k"}, "k", "keep both"),
	}
}

// key handles a key where the screen is.
func (m *Model) key(msg tea.KeyPressMsg) tea.Cmd {
	switch m.stage {
	case stageRunning:
		if key.Matches(msg, m.keys.Back) && !m.cancelling {
			m.stop()
			m.cancelling = true // the view says so until the download ends
		}
		return nil
	case stageExists:
		return m.existsKey(msg)
	case stageDone:
		return m.doneKey(msg)
	}
	if m.dirFocus {
		return m.dirKey(msg)
	}
	return m.filesKey(msg)
}

// existsKey answers the question about a file already there.
func (m *Model) existsKey(msg tea.KeyPressMsg) tea.Cmd {
	k := m.keys
	switch {
	case key.Matches(msg, k.Overwrite):
		return m.start(modeOverwrite)
	case key.Matches(msg, k.KeepBoth):
		return m.start(modeKeepBoth)
	case key.Matches(msg, k.Back):
		m.stage = stageChoose // nothing was fetched
	}
	return nil
}

func (m *Model) doneKey(msg tea.KeyPressMsg) tea.Cmd {
	switch {
	case key.Matches(msg, m.keys.Back):
		return common.Back
	case key.Matches(msg, m.keys.Again):
		m.stage = stageChoose
	}
	return nil
}

// dirKey handles a key while the directory is typed.
func (m *Model) dirKey(msg tea.KeyPressMsg) tea.Cmd {
	switch {
	case key.Matches(msg, m.keys.Files):
		m.dirFocus = false
		m.dir.Blur()
		return nil
	case key.Matches(msg, m.keys.Download):
		return m.start(modeAsk)
	}
	var cmd tea.Cmd
	m.dir, cmd = m.dir.Update(msg)
	return cmd
}

// filesKey handles a key on the list of files; enter and tab wait for
// the files, r is there only when they could not be read.
func (m *Model) filesKey(msg tea.KeyPressMsg) tea.Cmd {
	k := m.keys
	files := len(m.version.Files) > 0
	switch {
	case key.Matches(msg, k.Back):
		return common.Back
	case key.Matches(msg, k.Switch) && files:
		m.dirFocus = true
		return m.dir.Focus()
	case key.Matches(msg, k.Download) && files:
		return m.start(modeAsk)
	case key.Matches(msg, k.Reload) && m.loadErr != nil:
		return m.load()
	}
	if step, ok := m.common.Keys.ListStep(msg, len(m.version.Files), max(m.height-8, 1)); ok {
		m.chosen = max(0, min(m.chosen+step, len(m.version.Files)-1))
	}
	return nil
}

func errorsIsCanceled(err error) bool { return errors.Is(err, context.Canceled) }
