package picker

import (
	"charm.land/bubbles/v2/key"

	"rdash/ui/common"
)

// keyMap is the picker's keys: the shared ones, and its own.
type keyMap struct {
	*common.KeyMap
	Filter, Pin, Invitations, Account key.Binding
}

func newKeyMap(shared *common.KeyMap) keyMap {
	return keyMap{
		KeyMap:      shared,
		Filter:      common.Bind([]string{"/"}, "/", "filter"),
		Pin:         common.Bind([]string{"p"}, "p", "pin/unpin"),
		Invitations: common.Bind([]string{"i"}, "i", "invitations"),
		Account:     common.Bind([]string{"@"}, "@", "account"),
	}
}
