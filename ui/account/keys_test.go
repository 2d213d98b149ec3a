package account

import (
	"testing"

	"rdash/ui/common"
	"rdash/ui/internal/uitest"
)

// Every key that works on the account screen is in its help, and every
// hint of its footer works, in each of the goldens' scenes.
func TestEveryKeyIsInTheHelp(t *testing.T) {
	t.Parallel()
	sandbox, _ := uitest.Sandbox(t, "alice")
	var states []uitest.KeyState
	for i, sc := range scenes {
		states = append(states, uitest.KeyState{Name: sc.name, Build: func(t *testing.T) common.Screen {
			_, m := startSceneWith(t, i, 80, 24, sandbox)
			return m
		}})
	}
	uitest.RequireKeysInHelp(t, states...)
}
