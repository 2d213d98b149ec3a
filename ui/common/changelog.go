package common

import (
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textarea"
	tea "charm.land/bubbletea/v2"

	"rdash/internal/safe"
	"rdash/ui/markdown"
)

// ChangelogEditor is a changelog's multi-line editor and its glamour
// preview, as the new-version, edit and bulk-edit screens show it. The
// preview renders in a command, cached by text, width and style.
type ChangelogEditor struct {
	Area      textarea.Model // the text; its Value is the changelog
	words     ChangelogWords
	preview   bool
	want      markdown.Key // the rendering the preview needs
	rendered  string
	rendering bool
	offset    int // preview scroll
	width     int
	height    int
}

// ChangelogWords are what an editor says that differs by screen.
type ChangelogWords struct {
	Placeholder string // in the empty editor
	Empty       string // the preview of an empty changelog
	Cache       string // names the preview in the Markdown cache
}

// NewChangelogEditor returns an empty editor.
func NewChangelogEditor(s *Styles, w ChangelogWords) ChangelogEditor {
	a := textarea.New()
	a.ShowLineNumbers = false
	a.Prompt = "│ "
	a.Placeholder = w.Placeholder
	a.MaxHeight = 0 // changelogs run long
	a.KeyMap.Paste.SetEnabled(false)
	e := ChangelogEditor{Area: a, words: w}
	e.SetStyles(s)
	return e
}

// SetStyles restyles the editor after a theme change.
func (e *ChangelogEditor) SetStyles(s *Styles) {
	st := e.Area.Styles()
	for _, ss := range []*textarea.StyleState{&st.Focused, &st.Blurred} {
		ss.Base, ss.CursorLine, ss.EndOfBuffer = s.Input, s.Input, s.Muted
		ss.Text, ss.Placeholder, ss.Prompt = s.Input, s.Placeholder, s.Muted
	}
	e.Area.SetStyles(st)
}

// Open starts editing text.
func (e *ChangelogEditor) Open(text string) tea.Cmd {
	e.Area.SetValue(text)
	e.preview = false
	return e.Area.Focus()
}

// SetSize gives the editor its room, less its title line.
func (e *ChangelogEditor) SetSize(w, h int) {
	e.width, e.height = w, h
	e.Area.SetWidth(w)
	e.Area.SetHeight(max(h, 1))
}

// Render asks for the preview the current text, width and theme need.
func (e *ChangelogEditor) Render(c Common) tea.Cmd {
	if !e.preview {
		return nil
	}
	source := safe.Text(e.Area.Value())
	width := min(e.width, markdown.MaxWidth)
	e.want = markdown.NewKey(e.words.Cache, source, width, c.Styles.Theme.GlamourStyle())
	if out, ok := c.Markdown.Get(e.want); ok {
		e.rendered, e.rendering = out, false
		return nil
	}
	e.rendering = true
	return markdown.RenderCmd(e.want, source)
}

// RenderedMsg takes a rendering the preview may be waiting for.
func (e *ChangelogEditor) RenderedMsg(msg markdown.Rendered, c Common) tea.Cmd {
	if msg.Key != e.want {
		return nil
	}
	e.rendering = false
	if msg.Err != nil {
		e.rendered = ""
		return ReportError(msg.Err, "rendering the changelog", nil)
	}
	c.Markdown.Put(msg.Key, msg.Out)
	e.rendered = msg.Out
	return nil
}

// Key handles a key in the editor: back closes it (done), switchView
// turns between the text and its preview.
func (e *ChangelogEditor) Key(msg tea.KeyPressMsg, back, switchView key.Binding, c Common) (cmd tea.Cmd, done bool) {
	switch {
	case key.Matches(msg, back):
		e.Area.Blur()
		return nil, true
	case key.Matches(msg, switchView):
		e.preview, e.offset = !e.preview, 0
		if e.preview {
			e.Area.Blur()
			return e.Render(c), false
		}
		return e.Area.Focus(), false
	case e.preview:
		e.scroll(msg, c.Keys)
		return nil, false
	}
	e.Area, cmd = e.Area.Update(msg)
	return cmd, false
}

func (e *ChangelogEditor) scroll(msg tea.KeyPressMsg, k *KeyMap) {
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

// Previewing reports that the rendered preview is shown, not the text.
func (e *ChangelogEditor) Previewing() bool { return e.preview }

// Help is the editor's keys, as the ? overlay lists them: back (done),
// switchView (to the preview or back to the text), and the preview's
// scroll keys; the text's own keys are the text area's.
func (e *ChangelogEditor) Help(back, switchView key.Binding, k *KeyMap) [][]key.Binding {
	if !e.preview {
		return [][]key.Binding{{WithHelp(switchView, switchView.Help().Key, "preview"), back}}
	}
	return [][]key.Binding{{WithHelp(switchView, switchView.Help().Key, "edit"), back}, {k.Up, k.Down, k.PageUp, k.PageDown}}
}

// HelpKey is the key that opens the help from the editor (FieldHelp): ?
// from the preview, and from the text while it is empty; f1 from either.
func (e *ChangelogEditor) HelpKey() key.Binding {
	if e.preview {
		return HelpInField("", false)
	}
	return HelpInField(e.Area.Value(), true)
}

// Rendering reports that the preview is being rendered.
func (e *ChangelogEditor) Rendering() bool { return e.rendering }

// View is the editor, or the rendered preview, under a title naming of.
func (e *ChangelogEditor) View(s *Styles, of string) string {
	title := s.Title.Render("Changelog of "+safe.Line(of)) + s.Muted.Render(" · Markdown")
	hint := "tab previews · esc done"
	body := e.Area.View()
	if e.preview {
		hint = "tab edits · ↑/↓ scroll · esc done"
		body = e.previewView(s)
	}
	return Spread(title, s.Muted.Render(hint), e.width) + "\n" + Clip(body, e.width, e.height)
}

func (e *ChangelogEditor) previewView(s *Styles) string {
	switch {
	case e.rendering && e.rendered == "":
		return s.Muted.Render("Rendering…")
	case strings.TrimSpace(e.Area.Value()) == "":
		return s.Muted.Render(e.words.Empty)
	}
	lines := strings.Split(e.rendered, "\n")
	return strings.Join(lines[min(e.offset, len(lines)):], "\n")
}
