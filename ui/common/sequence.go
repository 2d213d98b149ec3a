package common

import (
	"reflect"

	tea "charm.land/bubbletea/v2"
)

// Sequence reports whether msg is what tea.Sequence returns, and its
// commands: a slice of commands of a type bubbletea does not export, so
// it is told by its shape. The root re-wraps a sequence's commands, and
// the test driver runs them in order, as bubbletea does.
func Sequence(msg tea.Msg) ([]tea.Cmd, bool) {
	v := reflect.ValueOf(msg)
	if v.Kind() != reflect.Slice || v.Type().Elem() != cmdType || v.Type().PkgPath() != TeaPkg {
		return nil, false
	}
	cmds := make([]tea.Cmd, v.Len())
	for i := range cmds {
		cmds[i] = v.Index(i).Interface().(tea.Cmd)
	}
	return cmds, true
}

var cmdType = reflect.TypeFor[tea.Cmd]()

// TeaPkg is bubbletea's import path: its own messages' types are there.
const TeaPkg = "charm.land/bubbletea/v2"
