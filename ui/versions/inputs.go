package versions

import (
	"slices"
	"strings"

	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"rdash/internal/safe"
	"rdash/ui/common"
)

// The filter fields' hints, whole; a field shows as much as its width
// holds, cut at a word (common.SizeInput).
const (
	searchHint = "version or name"
	gameHint   = "1.21.4, 1.20.6 (tab completes)"
)

// newInput returns a one-line text field styled for the filter bar.
func newInput(s *common.Styles, prompt, placeholder string) textinput.Model {
	return common.NewInput(s, prompt, placeholder, 100)
}

// gameInput edits the game version filter: a list typed with tab
// completion from the game versions seen so far. Nothing is sent until
// enter; esc puts back what was there.
type gameInput struct {
	input  textinput.Model
	before string
	comp   common.Completion
}

func newGameInput(s *common.Styles) gameInput {
	in := newInput(s, "game versions: ", gameHint)
	in.KeyMap.AcceptSuggestion.SetEnabled(false) // tab is ours
	return gameInput{input: in, comp: common.Completion{Empty: true}}
}

// open starts editing with the filter's current values.
func (g *gameInput) open(current []string) tea.Cmd {
	v := strings.Join(current, ", ")
	if v != "" {
		v += ", "
	}
	g.before = v
	g.comp.Reset()
	g.input.SetValue(v)
	g.input.CursorEnd()
	return g.input.Focus()
}

// complete replaces the token being typed with the next seen game version
// that starts with what was typed.
func (g *gameInput) complete(s *seen) { g.comp.Complete(&g.input, s.game) }

// suggestions are the completions of what is being typed, for display.
func (g *gameInput) suggestions(s *seen) []string {
	return g.comp.Suggestions(g.input.Value(), s.game)
}

func (g *gameInput) update(msg tea.Msg) tea.Cmd {
	if _, ok := msg.(tea.KeyPressMsg); ok {
		g.comp.Reset()
	}
	var cmd tea.Cmd
	g.input, cmd = g.input.Update(msg)
	return cmd
}

// channelPicker chooses several channels: those seen in the loaded
// versions, and any other typed by slug or ID (a channel no version is
// in yet, as an empty "lts", is seen in none). The server judges a typed
// one: an unknown channel lists nothing, or is refused.
type channelPicker struct {
	options  []channelInfo
	selected map[string]bool
	cursor   int
	other    textinput.Model // a channel being typed; focused while typing
}

// openChannels starts picking with the seen channels, plus any in the
// filter that no loaded version belongs to.
func openChannels(s *common.Styles, seen []channelInfo, current []string) channelPicker {
	p := channelPicker{options: slices.Clone(seen), selected: map[string]bool{},
		other: newInput(s, "channel: ", "slug or ID; enter adds it")}
	for _, c := range current {
		p.add(c)
	}
	return p
}

// add selects channel c, appending it to the options when no option
// has that slug (or, typed in another case, that slug's letters).
func (p *channelPicker) add(c string) {
	i := slices.IndexFunc(p.options, func(o channelInfo) bool { return strings.EqualFold(o.slug, c) })
	if i < 0 {
		i = len(p.options)
		p.options = append(p.options, channelInfo{slug: c, typed: true})
	}
	p.selected[p.options[i].slug] = true
	p.cursor = i
}

// typing reports that a channel is being typed.
func (p *channelPicker) typing() bool { return p.other.Focused() }

// addTyped selects each channel typed ("lts, nightly") and stops typing.
func (p *channelPicker) addTyped() {
	for _, c := range splitList(p.other.Value()) {
		p.add(safe.Line(c))
	}
	p.other.SetValue("")
	p.other.Blur()
}

func (p *channelPicker) move(n int) {
	p.cursor = max(0, min(p.cursor+n, len(p.options)-1))
}

func (p *channelPicker) toggle() {
	if p.cursor < len(p.options) {
		s := p.options[p.cursor].slug
		p.selected[s] = !p.selected[s]
	}
}

// chosen is the selected slugs, in the picker's order.
func (p *channelPicker) chosen() []string {
	var out []string
	for _, o := range p.options {
		if p.selected[o.slug] {
			out = append(out, o.slug)
		}
	}
	return out
}
