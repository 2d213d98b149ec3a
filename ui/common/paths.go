package common

import (
	"os"
	"path/filepath"
	"strings"
)

// ExpandHome reads a leading ~ (alone or followed by a slash) of a path
// typed in a field as the home directory, as a shell would; other paths,
// ~user among them, are returned as they are, and so is p when the home
// directory is unknown. It reads the environment (config.Env has no
// HOME): call it inside a command, never in Update.
func ExpandHome(p string) string {
	rest, ok := strings.CutPrefix(p, "~")
	if !ok || rest != "" && rest[0] != '/' && rest[0] != filepath.Separator {
		return p
	}
	home, err := os.UserHomeDir()
	if err != nil || home == "" {
		return p
	}
	return filepath.Join(home, rest)
}
