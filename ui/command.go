package ui

import (
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"rdash/internal/safe"
	"rdash/ui/common"
	"rdash/ui/route"
	"rdash/ui/versions"
)

// commandLine is the : prompt, as k9s and gh-dash users look for: it
// takes the footer's line while open, jumps to a project or a screen, or
// sets the list's filters, with tab completion.
type commandLine struct {
	input textinput.Model
	comp  common.Completion
}

// commands are the words the : prompt knows, as completion offers them;
// any other word is a project's slug or ID.
var commands = []string{"projects", "project", "invitations", "account", "channel", "game", "search", "clear", "new", "undo"}

// commandKeys are the prompt's keys, as its footer names them.
var commandKeys = []key.Binding{
	common.Bind([]string{"enter"}, "enter", "run"),
	common.Bind([]string{"tab"}, "tab", "complete"),
	common.Bind([]string{"esc"}, "esc", "cancel"),
}

// openCommand shows the : prompt.
func (m *Model) openCommand() tea.Cmd {
	in := common.NewInput(m.common.Styles, ":", "a project, or projects · invitations · account · channel · game · search · clear · new · undo", 200)
	in.SetWidth(max(m.width-2, 10))
	m.cmd = &commandLine{input: in}
	return m.cmd.input.Focus()
}

// commandKey handles a key while the prompt is open: enter runs the
// line, esc closes it, tab completes the word being typed.
func (m *Model) commandKey(msg tea.KeyPressMsg) tea.Cmd {
	c := m.cmd
	switch {
	case key.Matches(msg, commandKeys[0]):
		text := c.input.Value()
		m.cmd = nil
		return m.runCommand(text)
	case key.Matches(msg, commandKeys[2]):
		m.cmd = nil
		return nil
	case key.Matches(msg, commandKeys[1]):
		c.comp.Complete(&c.input, m.completions(c.input.Value()))
		return nil
	}
	c.comp.Reset()
	var cmd tea.Cmd
	c.input, cmd = c.input.Update(msg)
	return cmd
}

// completions are what tab offers for the word being typed in line: a
// command or a project first, then the command's values (the channels
// and game versions the list has seen, the projects rdash knows).
func (m *Model) completions(line string) []string {
	chosen, _, _ := common.LastToken(line)
	switch {
	case len(chosen) == 0:
		return slices.Concat(commands, m.knownProjects())
	case chosen[0] == "project":
		return m.knownProjects()
	}
	for i := len(m.stack) - 1; i >= 0; i-- {
		if c, ok := m.stack[i].s.(common.Completer); ok {
			return c.Completions(chosen[0])
		}
	}
	return nil
}

// knownProjects are the projects rdash remembers: pinned, recent, named
// in the config.
func (m *Model) knownProjects() []string {
	var out []string
	for _, p := range slices.Concat(m.state.Pinned, m.state.Recent, m.common.Config.Projects) {
		if p = safe.Line(p); !slices.Contains(out, p) {
			out = append(out, p)
		}
	}
	return out
}

// runCommand does what line says, or says on the status line why not.
func (m *Model) runCommand(line string) tea.Cmd {
	words := strings.Fields(line)
	if len(words) == 0 {
		return nil
	}
	verb, args := words[0], words[1:]
	switch verb {
	case "projects":
		return m.unwindTo(0, nil)
	case "project":
		if len(args) != 1 {
			return m.commandError("project takes one slug or ID: :project lumen")
		}
		return m.unwindTo(0, common.OpenProjectMsg{Project: args[0]})
	case "invitations", "account":
		r := map[string]common.RouteKey{"invitations": route.Invitations.Key(), "account": route.Account.Key()}[verb]
		return m.openFromHome(r)
	case "channel", "game", "search", "clear", "new", "undo":
		return m.listCommand(verb, args)
	}
	if len(args) > 0 {
		return m.commandError("no command " + safe.Line(verb) + ": :projects, :project SLUG, :invitations, :account, :channel, :game, :search, :clear, :new, :undo")
	}
	return m.unwindTo(0, common.OpenProjectMsg{Project: verb}) // a bare word is a project
}

// listCommand acts on the versions screen nearest the top: its filters,
// a new version or the undo of its project.
func (m *Model) listCommand(verb string, args []string) tea.Cmd {
	i := len(m.stack) - 1
	for ; i >= 0; i-- {
		if _, ok := m.stack[i].s.(*versions.Model); ok {
			break
		}
	}
	if i < 0 {
		return m.commandError(":" + verb + " works on a project's versions: open one first (:PROJECT)")
	}
	project := m.stack[i].s.(*versions.Model).Project()
	switch verb {
	case "new":
		return m.unwindTo(i, nil, common.Open(route.NewVersion, project))
	case "undo":
		return m.unwindTo(i, nil, common.Open(route.Undo, project))
	case "clear":
		return m.unwindTo(i, common.FilterMsg{Clear: true})
	case "search":
		text := strings.Join(args, " ")
		return m.unwindTo(i, common.FilterMsg{Search: &text})
	case "channel":
		return m.unwindTo(i, common.FilterMsg{Channels: common.SplitList(strings.Join(args, " "))})
	}
	return m.unwindTo(i, common.FilterMsg{Game: common.SplitList(strings.Join(args, " "))})
}

// openFromHome goes back to the first screen and opens r over it.
func (m *Model) openFromHome(r common.RouteKey) tea.Cmd {
	return m.unwindTo(0, nil, func() tea.Msg { return common.OpenMsg{Route: r, Args: route.None{}} })
}

// unwindTo closes the screens above the one at index i, gives it msg
// (when set) and runs then; it refuses, and says why, when a screen to
// close holds input not sent (a form, a draft), which only its own keys
// may drop.
func (m *Model) unwindTo(i int, msg tea.Msg, then ...tea.Cmd) tea.Cmd {
	esc := tea.KeyPressMsg{Code: tea.KeyEscape}
	for j := len(m.stack) - 1; j > i; j-- {
		if guards(m.stack[j].s, esc) {
			return m.commandError(m.stack[j].s.Title() + " holds what you have not sent: finish it, or leave it with esc, first")
		}
	}
	for len(m.stack) > i+1 {
		m.pop()
	}
	var cmds []tea.Cmd
	if msg != nil {
		cmds = append(cmds, m.updateAt(i, msg))
	}
	return tea.Batch(append(cmds, then...)...)
}

func (m *Model) commandError(text string) tea.Cmd { return m.status.Error(m.topID(), text) }

// commandView is the prompt on the footer's line, with what tab offers.
func (m *Model) commandView() string {
	c := m.cmd
	line := c.input.View()
	if s := c.comp.Suggestions(c.input.Value(), m.completions(c.input.Value())); len(s) > 0 && len(s) <= 8 {
		line += m.common.Styles.Muted.Render("  " + strings.Join(s, " · "))
	}
	return common.Cut(line, m.width)
}
