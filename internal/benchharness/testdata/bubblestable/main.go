// Command bubblestable is the reference of rdash's cursor move: a bubbles v2
// table as wide as the terminal (120 columns by default), with columns and
// rows shaped like rdash's versions list, on the alternate screen.
package main

import (
	"fmt"
	"os"

	"charm.land/bubbles/v2/table"
	tea "charm.land/bubbletea/v2"
)

type model struct{ tbl table.Model }

func (m model) Init() tea.Cmd { return nil }

func (m model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.tbl.SetWidth(msg.Width)
		m.tbl.SetHeight(msg.Height - 4) // title, filter line, status, help
	case tea.KeyPressMsg:
		if msg.String() == "q" || msg.String() == "ctrl+c" {
			return m, tea.Quit
		}
	}
	var cmd tea.Cmd
	m.tbl, cmd = m.tbl.Update(msg)
	return m, cmd
}

func (m model) View() tea.View {
	v := tea.NewView("table › versions\nall versions\n" + m.tbl.View() +
		fmt.Sprintf("\n%d rows\n↑/k up • ↓/j down • q quit", len(m.tbl.Rows())))
	v.AltScreen = true
	return v
}

func main() {
	cols := []table.Column{
		{Title: "VERSION", Width: 14}, {Title: "NAME", Width: 30}, {Title: "CHANNEL", Width: 7},
		{Title: "PLATFORMS", Width: 21}, {Title: "GAME", Width: 20}, {Title: "DOWNLOADS", Width: 9},
		{Title: "CREATED ↓", Width: 9},
	}
	plats := []string{"paper", "paper,folia", "fabric", "purpur,paper", "paper,fabric,neoforge", "neoforge"}
	games := []string{"1.21.4", "1.21.3,1.21.4", "1.21.2,1.21.3,1.21.4"}
	chans := []string{"release", "beta", "alpha"}
	var rows []table.Row
	for i := range 200 {
		v := fmt.Sprintf("6.%d.%d", 19-i/10, 9-i%10)
		rows = append(rows, table.Row{v, "Emberforge Core " + v, chans[i%3], plats[i%len(plats)],
			games[i%len(games)], fmt.Sprint(100 + (i*37)%900), fmt.Sprintf("%dmo ago", 10+i/20)})
	}
	t := table.New(table.WithColumns(cols), table.WithRows(rows), table.WithFocused(true),
		table.WithWidth(120), table.WithHeight(36))
	if _, err := tea.NewProgram(model{tbl: t}).Run(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
