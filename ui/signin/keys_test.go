package signin

import (
	"testing"

	"rdash/ui/common"
	"rdash/ui/internal/uitest"
)

// Every key that works on the sign-in screen is in its help, and every
// hint of its footer works, in each of the goldens' scenes.
func TestEveryKeyIsInTheHelp(t *testing.T) {
	t.Parallel()
	var states []uitest.KeyState
	for i, sc := range scenes {
		_, probe := startScene(t, i, 80, 24)
		states = append(states, uitest.KeyState{Name: sc.name, Typing: probe.input.Focused(),
			Build: func(t *testing.T) common.Screen {
				_, m := startScene(t, i, 80, 24)
				return m
			}})
	}
	uitest.RequireKeysInHelp(t, states...)
}
