package detail

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"rdash/internal/safe"
	"rdash/ui/clipboard"
	"rdash/ui/common"
	"rdash/ui/markdown"
	"rdash/ui/route"
)

// Update implements common.Screen.
func (m *Model) Update(msg tea.Msg) (common.Screen, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		return m, m.key(msg)
	case tea.WindowSizeMsg:
		return m, m.render() // SetSize already has the body's size
	case tea.MouseWheelMsg:
		m.scroll(msg)
	case versionLoadedMsg:
		return m, m.versionLoaded(msg)
	case depNamesMsg:
		m.namesFound(msg)
	case retryMsg:
		return m, m.fetch()
	case markdown.Rendered:
		return m, m.changelogRendered(msg)
	case common.DownloadURLMsg:
		return m, m.downloadURL(msg)
	case common.ThemeMsg:
		m.common.Styles = msg.Styles
		m.layout()
		return m, m.render()
	case common.VersionsChangedMsg:
		return m, m.versionsChanged(msg)
	}
	return m, nil
}

func (m *Model) key(msg tea.KeyPressMsg) tea.Cmd {
	k := m.keys
	vp := m.focused()
	switch {
	case key.Matches(msg, k.Up):
		vp.ScrollUp(1)
	case key.Matches(msg, k.Down):
		vp.ScrollDown(1)
	case key.Matches(msg, k.PageUp):
		vp.PageUp()
	case key.Matches(msg, k.PageDown):
		vp.PageDown()
	case key.Matches(msg, k.HalfUp):
		vp.HalfPageUp()
	case key.Matches(msg, k.HalfDown):
		vp.HalfPageDown()
	case key.Matches(msg, k.Top):
		vp.GotoTop()
	case key.Matches(msg, k.Bottom):
		vp.GotoBottom()
	case key.Matches(msg, k.SwitchPane) && m.switchTarget() != switchNone:
		m.switchPane()
	case key.Matches(msg, k.Refresh):
		m.refreshing = true // the answer says what came
		return m.fetch()
	case key.Matches(msg, k.CopyID):
		id := safe.Line(m.version.ID)
		return clipboard.Copy(m.common.Config, id, "the ID of "+m.Title()+": "+id)
	case key.Matches(msg, k.CopyURL):
		return m.copyURL()
	case key.Matches(msg, k.CopyLinks) && len(m.links()) > 0:
		return m.copyLinks()
	case key.Matches(msg, k.WholeLinks) && m.wholeHelp().Enabled():
		m.wholeLinks = !m.wholeLinks
		m.layout()
	case key.Matches(msg, k.Browse):
		m.downloadSeq++
		m.openSeq = m.downloadSeq
		return common.FetchDownloadURL(m.ctx, m.client, m.project.Key(), m.version, m.downloadSeq)
	case key.Matches(msg, k.Edit) && m.common.Has(route.EditVersion):
		return common.Open(route.EditVersion, route.DetailArgs{Project: m.project, Version: m.version})
	case key.Matches(msg, k.Download) && m.common.Has(route.Download):
		return common.Open(route.Download, route.DetailArgs{Project: m.project, Version: m.version})
	}
	return nil
}

// scroll scrolls the pane under the pointer by a few lines a notch.
func (m *Model) scroll(msg tea.MouseWheelMsg) {
	vp := &m.changelog
	if m.twoPanes() && msg.Y < headerHeight+m.info.Height() {
		vp = &m.info
	}
	switch n := common.Wheel(msg) * common.WheelLines; {
	case n < 0:
		vp.ScrollUp(-n)
	case n > 0:
		vp.ScrollDown(n)
	}
}

// switchPane moves the focus to the other pane; on narrow terminals,
// where the info follows the changelog, it jumps to the info, or back to
// the top once the info is on screen.
func (m *Model) switchPane() {
	switch m.switchTarget() {
	case switchPanes:
		m.focus = 1 - m.focus
	case switchToFiles:
		m.changelog.SetYOffset(m.infoLine())
	case switchToTop:
		m.changelog.GotoTop()
	}
}

// switchTo is what tab does now.
type switchTo int

const (
	switchNone    switchTo = iota // nothing: it would change nothing on screen
	switchPanes                   // the other pane scrolls
	switchToFiles                 // the one pane jumps to the files
	switchToTop                   // the one pane goes back to the top
)

// switchTarget is what tab does: with two panes, change the scrolling
// one, but only while the info has lines out of view (else the info
// pane has nothing to scroll); with one pane, jump down to the files, or
// back to the top once they are in view.
func (m *Model) switchTarget() switchTo {
	switch {
	case m.twoPanes() && (m.focus == paneInfo || !m.info.AtBottom() || !m.info.AtTop()):
		return switchPanes
	case m.twoPanes():
		return switchNone
	case m.changelog.YOffset()+m.changelog.Height() <= m.infoLine():
		return switchToFiles
	case m.changelog.YOffset() > 0:
		return switchToTop
	}
	return switchNone
}

// versionsChanged follows an edit made elsewhere to this version.
func (m *Model) versionsChanged(msg common.VersionsChangedMsg) tea.Cmd {
	for _, v := range msg.Updated {
		if v.ID == m.version.ID {
			return m.fetch()
		}
	}
	return nil
}

// copyLinks copies the links the info shows, whole, one a line.
func (m *Model) copyLinks() tea.Cmd {
	links := m.links()
	what := "the link"
	if len(links) > 1 {
		what = common.Plural(len(links), "link")
	}
	return clipboard.Copy(m.common.Config, strings.Join(links, "\n"), what+" of "+m.Title())
}

func (m *Model) copyURL() tea.Cmd {
	m.downloadSeq++
	return common.FetchDownloadURL(m.ctx, m.client, m.project.Key(), m.version, m.downloadSeq)
}

func (m *Model) downloadURL(msg common.DownloadURLMsg) tea.Cmd {
	switch {
	case msg.Seq != m.downloadSeq:
		return nil
	case msg.Seq == m.openSeq && msg.Err == nil:
		return clipboard.OpenURL(m.ctx, m.common, msg.URL, "the primary file of "+msg.Version)
	}
	return clipboard.CopyDownloadURL(m.common.Config, msg)
}
