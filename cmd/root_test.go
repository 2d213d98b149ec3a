package cmd

import (
	"os"
	"strings"
	"testing"

	"rdash/api/sandbox"
	"rdash/internal/bulk"
)

func TestUsageErrorsExit2(t *testing.T) {
	t.Parallel()
	c := newCLI(t, "alice", sandbox.Options{})
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"unknown command", []string{"bogus"}, `unknown command "bogus"`},
		{"unknown subcommand", []string{"versions", "bogus"}, `unknown command "bogus" for "rdash versions"`},
		{"missing argument", []string{"versions", "list"}, "accepts 1 arg(s)"},
		{"too many arguments", []string{"versions", "get", "a", "b", "c"}, "accepts 2 arg(s)"},
		{"unknown flag", []string{"versions", "list", "lumen", "--bogus"}, "unknown flag: --bogus\n"},
		{"mistyped flag", []string{"versions", "list", "lumen", "--chanel", "beta"}, "unknown flag: --chanel; did you mean --channel?"},
		{"flag begun", []string{"versions", "update", "lumen", "2.4.0", "--game", "x"}, "unknown flag: --game; did you mean --game-version or --name?"},
		{"mistyped global flag", []string{"versions", "list", "lumen", "--confg", "x"}, "did you mean --config?"},
		{"no ids", []string{"versions", "edit", "lumen", "--name", "x"}, "--ids: needs at least one version ID"},
		{"set with add", []string{"versions", "edit", "lumen", "--ids", "EEeBM181", "--set-platforms", "paper", "--add-platform", "folia"},
			"--set-platforms: a --set-… flag cannot be combined with --add-… or --remove-… on platforms"},
		{"empty ids", []string{"versions", "delete", "lumen", "--ids", ""}, "--ids: needs at least one version ID"},
		{"malformed id", []string{"versions", "delete", "lumen", "--ids", "nope"}, "--ids value 1: must be an ID of 8 characters"},
		{"create without a version", []string{"versions", "create", "lumen", "--name", "n", "--channel", "beta", "--url", "https://x.example/a.jar"}, "--version: is required"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := c.run("", tt.args...)
			if r.code != ExitCancel || !strings.Contains(r.err, tt.want) {
				t.Fatalf("rdash %s: exit %d, stderr %q; want exit 2 and %q", strings.Join(tt.args, " "), r.code, r.err, tt.want)
			}
		})
	}
	if des, _ := os.ReadDir(bulk.JournalDir(c.env["RDASH_STATE_DIR"])); len(des) != 0 {
		t.Fatalf("refused commands wrote %d journal entries", len(des))
	}
	if r := c.run("", "versions"); r.code != 0 || !strings.Contains(r.out, "Available Commands") {
		t.Fatalf("rdash versions: exit %d, want its help", r.code)
	}
}
