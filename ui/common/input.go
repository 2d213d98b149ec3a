package common

import "charm.land/bubbles/v2/textinput"

// NewInput returns a one-line text field styled like the dashboard's.
// ctrl+v is off: bracketed paste works in every terminal rdash supports,
// while ctrl+v would shell out to a clipboard tool, which over SSH reads the
// wrong machine's clipboard.
func NewInput(s *Styles, prompt, placeholder string, limit int) textinput.Model {
	ti := textinput.New()
	ti.Prompt = prompt
	ti.Placeholder = placeholder
	ti.CharLimit = limit
	ti.KeyMap.Paste.SetEnabled(false)
	// No field offers suggestions; their keys would move an index nobody sees.
	ti.KeyMap.AcceptSuggestion.SetEnabled(false)
	ti.KeyMap.NextSuggestion.SetEnabled(false)
	ti.KeyMap.PrevSuggestion.SetEnabled(false)
	return StyleInput(ti, s)
}

// StyleInput applies the theme's styles to a text field, as on a ThemeMsg.
func StyleInput(ti textinput.Model, s *Styles) textinput.Model {
	st := ti.Styles()
	st.Focused.Prompt, st.Blurred.Prompt = s.Prompt, s.Muted
	st.Focused.Text, st.Blurred.Text = s.Input, s.Input
	st.Focused.Placeholder, st.Blurred.Placeholder = s.Placeholder, s.Placeholder
	ti.SetStyles(st)
	return ti
}

// SizeInput sets in's width and shows placeholder in it, shortened at a
// word to fit ("(the game versions they will…"): the field cuts a longer
// one in the middle of a word.
func SizeInput(in *textinput.Model, width int, placeholder string) {
	in.SetWidth(width)
	in.Placeholder = WordCut(placeholder, width)
}
