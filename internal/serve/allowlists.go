package serve

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"rdash/config"
)

// allowListsFile, in the state root, names every authorized_keys file a
// server with that state has started with, one absolute path a line:
// forget reads them to refuse a key still listed without being told the
// file.
const allowListsFile = "authorized_keys.paths"

// RecordAllowList adds path (made absolute) to the allow-lists recorded
// in stateRoot, if it is not there yet.
func RecordAllowList(stateRoot, path string) error {
	abs, err := filepath.Abs(path)
	if err != nil {
		return err
	}
	known, err := recordedAllowLists(stateRoot)
	if err != nil || slices.Contains(known, abs) {
		return err
	}
	known = append(known, abs)
	return config.WriteFileAtomic(filepath.Join(stateRoot, allowListsFile), []byte(strings.Join(known, "\n")+"\n"))
}

// recordedAllowLists are the paths RecordAllowList wrote.
func recordedAllowLists(stateRoot string) ([]string, error) {
	b, err := os.ReadFile(filepath.Join(stateRoot, allowListsFile))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var out []string
	for _, l := range strings.Split(string(b), "\n") {
		if l = strings.TrimSpace(l); l != "" {
			out = append(out, l)
		}
	}
	return out, nil
}

// AllowListsFor are the allow-lists forget checks when none is named: the
// ones servers with this state root started with, and defaultPath, those
// of them that exist. Empty means forget cannot tell whether a key is
// still listed.
func AllowListsFor(stateRoot, defaultPath string) ([]string, error) {
	paths, err := recordedAllowLists(stateRoot)
	if err != nil {
		return nil, err
	}
	if !slices.Contains(paths, defaultPath) {
		paths = append(paths, defaultPath)
	}
	var out []string
	for _, p := range paths {
		if _, err := os.Stat(p); err == nil {
			out = append(out, p)
		}
	}
	return out, nil
}

// StateRoot is the directory of every key's state:
// $XDG_STATE_HOME/rdash/serve.
func StateRoot(env config.Env) string { return filepath.Join(env.StateDir, "serve") }

// DefaultAuthorizedKeys is where the README puts the allow-list, which
// forget reads when none is named.
func DefaultAuthorizedKeys(env config.Env) string {
	return filepath.Join(env.ConfigDir, "serve", "authorized_keys")
}
