package signin

import "charm.land/bubbles/v2/key"

// keyMap is the sign-in screen's keys; esc, q and ? stay the root's
// while no field or question has the keys.
type keyMap struct {
	Copy, Browser, Paste, Submit, Leave, Again key.Binding
	Yes, No                                    key.Binding
}

func newKeyMap() keyMap {
	bind := func(keys []string, help, desc string) key.Binding {
		return key.NewBinding(key.WithKeys(keys...), key.WithHelp(help, desc))
	}
	return keyMap{
		Copy:    bind([]string{"y"}, "y", "copy URL"),
		Browser: bind([]string{"o"}, "o", "open browser"),
		Paste:   bind([]string{"enter", "p"}, "enter", "paste the code"),
		Submit:  bind([]string{"enter"}, "enter", "sign in"),
		Leave:   bind([]string{"esc"}, "esc", "leave the field"),
		Again:   bind([]string{"enter", "r"}, "enter", "start again"),
		Yes:     bind([]string{"y"}, "y", "store in plain text"),
		// The default is No: enter and esc keep the user signed out.
		No: bind([]string{"n", "enter", "esc"}, "n/enter", "keep signed out"),
	}
}
