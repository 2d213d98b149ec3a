package picker

import (
	"testing"

	"rdash/config"
	"rdash/ui/common"
	"rdash/ui/internal/uitest"
)

// Every key that works on the picker is in its help, and every hint of
// its footer works.
func TestEveryKeyIsInTheHelp(t *testing.T) {
	t.Parallel()
	client, _ := uitest.Sandbox(t, "alice")
	at := func(keys ...string) func(t *testing.T) common.Screen {
		return func(t *testing.T) common.Screen {
			d, m, _ := start(t, setup{client: client, pins: []string{"quartz-ui"},
				state: config.State{Recent: []string{"emberforge-core"}}})
			d.Press(keys...)
			return m
		}
	}
	opening := func(t *testing.T) common.Screen {
		d, m, _ := start(t, setup{client: client})
		d.Step(uitest.Key("enter")) // the answer is held: the project stays being opened
		return m
	}
	uitest.RequireKeysInHelp(t,
		uitest.KeyState{Name: "list", Build: at("j"), Home: true},
		uitest.KeyState{Name: "filtering", Build: at("/", "e"), Home: true, Typing: true},
		uitest.KeyState{Name: "filtered", Build: at("/", "l", "u", "enter"), Home: true},
		uitest.KeyState{Name: "opening", Build: opening, Home: true},
	)
}
