package config

import (
	"runtime"
	"testing"
)

func TestTerminalFromTheEnvironment(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		env        map[string]string
		dumb       bool
		background string
		tmux       string
	}{
		{env: map[string]string{}, dumb: runtime.GOOS != "windows"}, // the console has no TERM
		{env: map[string]string{"TERM": "dumb"}, dumb: true},
		{env: map[string]string{"TERM": ""}, dumb: true},
		{env: map[string]string{"TERM": "dumb", "CLICOLOR_FORCE": "1"}},
		{env: map[string]string{"TERM": "xterm-256color", "COLORFGBG": "0;15"}, background: "light"},
		{env: map[string]string{"TERM": "xterm", "COLORFGBG": "15;default;0"}, background: "dark"},
		{env: map[string]string{"TERM": "xterm", "COLORFGBG": "0;7"}, background: "light"},
		{env: map[string]string{"TERM": "xterm", "COLORFGBG": "7;8"}, background: "dark"},
		{env: map[string]string{"TERM": "xterm", "COLORFGBG": "default;default"}},
		{env: map[string]string{"TERM": "xterm", "COLORFGBG": "0;99"}},
		{env: map[string]string{"TERM": "screen", "TMUX": "/tmp/tmux-0/default,12,0"}, tmux: "/tmp/tmux-0/default,12,0"},
	} {
		tc.env["HOME"] = t.TempDir()
		c, err := Load("", env(tc.env))
		if err != nil {
			t.Fatal(err)
		}
		if c.Env.DumbTerminal != tc.dumb || c.Env.Background != tc.background || c.Env.Tmux != tc.tmux {
			t.Errorf("%v: DumbTerminal %v, Background %q, Tmux %q; want %v, %q, %q",
				tc.env, c.Env.DumbTerminal, c.Env.Background, c.Env.Tmux, tc.dumb, tc.background, tc.tmux)
		}
	}
}
