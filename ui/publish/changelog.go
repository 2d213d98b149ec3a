package publish

import (
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textarea"
	tea "charm.land/bubbletea/v2"

	"rdash/internal/safe"
	"rdash/ui/common"
)

// editor is the changelog (as ui/bulkedit's, which is not shared)'s multi-line editor and its glamour preview.
// The preview renders in a command, cached by text, width and style.
type editor struct {
	area      textarea.Model
	preview   bool
	want      common.MarkdownKey // the rendering the preview needs
	rendered  string
	rendering bool
	offset    int // preview scroll
	width     int
	height    int
}

func newEditor(s *common.Styles) editor {
	a := textarea.New()
	a.ShowLineNumbers = false
	a.Prompt = "│ "
	a.Placeholder = "The changelog, in Markdown; it may stay empty."
	a.MaxHeight = 0 // changelogs run long
	a.KeyMap.Paste.SetEnabled(false)
	e := editor{area: a}
	e.setStyles(s)
	return e
}

func (e *editor) setStyles(s *common.Styles) {
	st := e.area.Styles()
	for _, ss := range []*textarea.StyleState{&st.Focused, &st.Blurred} {
		ss.Base, ss.CursorLine, ss.EndOfBuffer = s.Input, s.Input, s.Muted
		ss.Text, ss.Placeholder, ss.Prompt = s.Input, s.Placeholder, s.Muted
	}
	e.area.SetStyles(st)
}

// open starts editing text.
func (e *editor) open(text string) tea.Cmd {
	e.area.SetValue(text)
	e.preview = false
	return e.area.Focus()
}

func (e *editor) setSize(w, h int) {
	e.width, e.height = w, h
	e.area.SetWidth(w)
	e.area.SetHeight(max(h, 1))
}

// render asks for the preview the current text, width and theme need.
func (e *editor) render(c common.Common) tea.Cmd {
	if !e.preview {
		return nil
	}
	source := safe.Text(e.area.Value())
	width := min(e.width, common.MaxMarkdownWidth)
	e.want = common.NewMarkdownKey("publish-changelog", source, width, c.Styles.Theme.GlamourStyle())
	if out, ok := c.Markdown.Get(e.want); ok {
		e.rendered, e.rendering = out, false
		return nil
	}
	e.rendering = true
	return common.RenderMarkdownCmd(e.want, source)
}

func (e *editor) renderedMsg(msg common.MarkdownRendered, c common.Common) tea.Cmd {
	if msg.Key != e.want {
		return nil
	}
	e.rendering = false
	if msg.Err != nil {
		e.rendered = ""
		return common.ReportError(msg.Err, "rendering the changelog", nil)
	}
	c.Markdown.Put(msg.Key, msg.Out)
	e.rendered = msg.Out
	return nil
}

// key handles a key in the editor; done reports that esc closed it.
func (e *editor) key(msg tea.KeyPressMsg, k keyMap, c common.Common) (cmd tea.Cmd, done bool) {
	switch {
	case key.Matches(msg, k.Back):
		e.area.Blur()
		return nil, true
	case key.Matches(msg, k.SwitchView):
		e.preview, e.offset = !e.preview, 0
		if e.preview {
			e.area.Blur()
			return e.render(c), false
		}
		return e.area.Focus(), false
	case e.preview:
		e.scroll(msg, c.Keys)
		return nil, false
	}
	e.area, cmd = e.area.Update(msg)
	return cmd, false
}

func (e *editor) scroll(msg tea.KeyPressMsg, k *common.KeyMap) {
	n := strings.Count(e.rendered, "\n") + 1
	switch {
	case key.Matches(msg, k.Up):
		e.offset--
	case key.Matches(msg, k.Down):
		e.offset++
	case key.Matches(msg, k.PageUp):
		e.offset -= e.height
	case key.Matches(msg, k.PageDown):
		e.offset += e.height
	}
	e.offset = max(0, min(e.offset, n-e.height))
}

// view is the editor, or the rendered preview.
func (e *editor) view(s *common.Styles, of string) string {
	title := s.Title.Render("Changelog of "+safe.Line(of)) + s.Muted.Render(" · Markdown")
	hint := "tab previews · esc done"
	body := e.area.View()
	if e.preview {
		hint = "tab edits · ↑/↓ scroll · esc done"
		body = e.previewView(s)
	}
	return common.Spread(title, s.Muted.Render(hint), e.width) + "\n" + common.Clip(body, e.width, e.height)
}

func (e *editor) previewView(s *common.Styles) string {
	switch {
	case e.rendering && e.rendered == "":
		return s.Muted.Render("Rendering…")
	case strings.TrimSpace(e.area.Value()) == "":
		return s.Muted.Render("(empty: no changelog)")
	}
	lines := strings.Split(e.rendered, "\n")
	return strings.Join(lines[min(e.offset, len(lines)):], "\n")
}
