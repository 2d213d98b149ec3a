package cmd

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"rdash/api/sandbox"
	"rdash/ui"
)

// dashboardOptions runs rdash with args as at a terminal, the dashboard
// recorded instead of drawn, and returns the options it would have run
// with (nil when none ran) and the exit code.
func (c *cli) dashboardOptions(args ...string) (*ui.Options, int, string) {
	c.t.Helper()
	var got *ui.Options
	var errOut bytes.Buffer
	f := &Factory{
		IO:     IOStreams{In: strings.NewReader(""), Out: &bytes.Buffer{}, ErrOut: &errOut, InTTY: true, OutTTY: true},
		Lookup: func(k string) (string, bool) { v, ok := c.env[k]; return v, ok },
		startUI: func(_ context.Context, o ui.Options) error {
			got = &o
			return nil
		},
	}
	code := Main(c.t.Context(), args, f)
	return got, code, errOut.String()
}

// TestMouseReachesTheDashboard: --mouse (before or after the command),
// RDASH_MOUSE and the config's mouse: true turn the mouse on in the
// options the dashboard and the demo run with; without any, it is off.
// The flag is only where a dashboard runs.
func TestMouseReachesTheDashboard(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		env    map[string]string
		config string
		args   []string
		want   bool
	}{
		{name: "dashboard", args: []string{}, want: false},
		{name: "dashboard --mouse", args: []string{"--mouse"}, want: true},
		{name: "--mouse demo", args: []string{"--mouse", "demo"}, want: true},
		{name: "demo --mouse", args: []string{"demo", "--mouse"}, want: true},
		{name: "demo", args: []string{"demo"}, want: false},
		{name: "RDASH_MOUSE=1 demo", env: map[string]string{"RDASH_MOUSE": "1"}, args: []string{"demo"}, want: true},
		{name: "RDASH_MOUSE=false with the config on", env: map[string]string{"RDASH_MOUSE": "false"}, config: "mouse: true\n",
			args: []string{}, want: false},
		{name: "config mouse: true", config: "mouse: true\n", args: []string{"--project", "lumen"}, want: true},
		{name: "--mouse over RDASH_MOUSE=0", env: map[string]string{"RDASH_MOUSE": "0"}, args: []string{"--mouse"}, want: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			c := newCLI(t, "alice", sandbox.Options{})
			for k, v := range tt.env {
				c.env[k] = v
			}
			if tt.config != "" {
				path := filepath.Join(c.env["RDASH_CONFIG_DIR"], "config.yml")
				if err := os.WriteFile(path, []byte(tt.config), 0o600); err != nil {
					t.Fatal(err)
				}
			}
			o, code, errOut := c.dashboardOptions(tt.args...)
			if code != ExitOK || o == nil {
				t.Fatalf("exit %d, dashboard run: %v\n%s", code, o != nil, errOut)
			}
			if o.Config.Mouse != tt.want {
				t.Fatalf("Config.Mouse = %v, want %v", o.Config.Mouse, tt.want)
			}
		})
	}
}

// TestMouseIsOnlyWhereADashboardRuns: the scriptable commands do not take
// --mouse, and a malformed RDASH_MOUSE is refused naming the variable.
func TestMouseIsOnlyWhereADashboardRuns(t *testing.T) {
	t.Parallel()
	c := newCLI(t, "alice", sandbox.Options{})
	r := c.run("", "versions", "list", "lumen", "--mouse")
	if r.code != ExitCancel || !strings.Contains(r.err, "unknown flag: --mouse") {
		t.Fatalf("versions list --mouse: exit %d\n%s", r.code, r.err)
	}
	for _, cmd := range [][]string{{"--help"}, {"demo", "--help"}, {"serve", "--help"}} {
		if out := c.ok(cmd...); !strings.Contains(out, "--mouse") {
			t.Errorf("rdash %s does not list --mouse:\n%s", strings.Join(cmd, " "), out)
		}
	}
	c.env["RDASH_MOUSE"] = "sometimes"
	if _, code, errOut := c.dashboardOptions("demo"); code != ExitCancel || !strings.Contains(errOut, `RDASH_MOUSE: must be true or false, not "sometimes"`) {
		t.Fatalf("RDASH_MOUSE=sometimes: exit %d\n%s", code, errOut)
	}
}
