package versions

import (
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// searchDebouncedMsg fires when typing paused; only the latest counts.
type searchDebouncedMsg struct{ seq int }

// searchKey edits the search text. Each keystroke only restarts the
// debounce timer; the request goes when typing pauses or on enter.
func (m *Model) searchKey(msg tea.KeyPressMsg) tea.Cmd {
	k := m.keys
	switch {
	case key.Matches(msg, k.Accept):
		m.closeInput()
		return m.applySearch()
	case key.Matches(msg, k.Cancel):
		m.closeInput()
		return m.applySearch()
	}
	return m.updateSearch(msg)
}

func (m *Model) updateSearch(msg tea.Msg) tea.Cmd {
	before := m.search.Value()
	var cmd tea.Cmd
	m.search, cmd = m.search.Update(msg)
	if m.search.Value() == before {
		return cmd
	}
	m.searchSeq++
	seq := m.searchSeq
	debounce := tea.Tick(searchDebounce, func(time.Time) tea.Msg { return searchDebouncedMsg{seq: seq} })
	return tea.Batch(cmd, debounce)
}

func (m *Model) searchDebounced(msg searchDebouncedMsg) tea.Cmd {
	if msg.seq != m.searchSeq {
		return nil // more was typed since
	}
	return m.applySearch()
}

func (m *Model) applySearch() tea.Cmd {
	f := m.filter
	f.Search = strings.TrimSpace(m.search.Value())
	return m.setFilter(f)
}

// gameKey edits the game version list; enter applies it, esc restores it.
func (m *Model) gameKey(msg tea.KeyPressMsg) tea.Cmd {
	k := m.keys
	switch {
	case key.Matches(msg, k.Accept):
		m.closeInput()
		f := m.filter
		f.Game = splitList(m.game.input.Value())
		return m.setFilter(f)
	case key.Matches(msg, k.Cancel):
		m.game.input.SetValue(m.game.before)
		m.closeInput()
		return nil
	case key.Matches(msg, k.Complete):
		m.game.complete(&m.seen)
		return nil
	}
	return m.game.update(msg)
}

// channelKey drives the channel picker: o types a channel the picker
// does not offer; enter adds it, esc leaves the typing.
func (m *Model) channelKey(msg tea.KeyPressMsg) tea.Cmd {
	k := m.keys
	if m.channels.typing() {
		switch {
		case key.Matches(msg, k.Accept):
			m.channels.addTyped()
		case key.Matches(msg, k.Cancel):
			m.channels.other.Blur()
		default:
			return m.updateInputs(msg)
		}
		return nil
	}
	switch {
	case key.Matches(msg, k.OtherChannel):
		return m.channels.other.Focus()
	case key.Matches(msg, k.Up):
		m.channels.move(-1)
	case key.Matches(msg, k.Down):
		m.channels.move(1)
	case key.Matches(msg, k.Toggle):
		m.channels.toggle()
	case key.Matches(msg, k.Accept):
		m.mode = modeTable
		f := m.filter
		f.Channels = m.channels.chosen()
		return m.setFilter(f)
	case key.Matches(msg, k.Cancel):
		m.mode = modeTable
	}
	return nil
}

func (m *Model) closeInput() {
	m.search.Blur()
	m.game.input.Blur()
	m.mode = modeTable
}
