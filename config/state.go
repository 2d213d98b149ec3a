package config

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"time"
)

// maxRecent is how many recently opened projects are remembered.
const maxRecent = 10

// State is what rdash remembers between runs, kept apart from the user's
// config file so that rdash never rewrites a file the user edits by hand.
type State struct {
	Recent   []string `json:"recent,omitempty"`   // project slugs or IDs, newest first
	Pinned   []string `json:"pinned,omitempty"`   // pinned from the dashboard
	Orgs     []string `json:"orgs,omitempty"`     // organizations typed on the invitations screen
	Username string   `json:"username,omitempty"` // asked once when the server cannot say
}

// StatePath is the file State lives in under dir.
func StatePath(dir string) string { return filepath.Join(dir, "state.json") }

// LoadState reads the state in dir; a missing file is an empty State. A
// malformed file is moved aside to state.json.corrupt-<time>, so that the
// next save cannot overwrite what the user may want back, and the error
// names both files: the State returned is then empty and usable.
func LoadState(dir string) (State, error) {
	var s State
	path := StatePath(dir)
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return s, nil
	}
	if err != nil {
		return s, fmt.Errorf("state: %w", err)
	}
	if err := json.Unmarshal(b, &s); err != nil {
		backup, berr := MoveAside(path, time.Now())
		if berr != nil {
			return State{}, fmt.Errorf("state %s is malformed (%v), and could not be moved aside (%v): fix or delete it", path, err, berr)
		}
		return State{}, fmt.Errorf("state %s was malformed (%v): moved it to %s and started afresh; "+
			"it held only recent and pinned projects, organizations and a username: copy any back into a new state, or delete the copy", path, err, backup)
	}
	return s, nil
}

// MoveAside renames a malformed file to path.corrupt-<UTC time>, keeping
// its mode, and returns the new name.
func MoveAside(path string, now time.Time) (string, error) {
	backup := path + ".corrupt-" + now.UTC().Format("20060102T150405.000000000Z")
	if err := os.Rename(path, backup); err != nil {
		return "", err
	}
	return backup, nil
}

// Save writes the state to dir atomically, readable only by the user.
func (s State) Save(dir string) error {
	b, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return err
	}
	return WriteFileAtomic(StatePath(dir), append(b, '\n'))
}

// Touch moves project to the front of Recent.
func (s *State) Touch(project string) {
	s.Recent = slices.DeleteFunc(s.Recent, func(p string) bool { return p == project })
	s.Recent = slices.Insert(s.Recent, 0, project)
	if len(s.Recent) > maxRecent {
		s.Recent = s.Recent[:maxRecent]
	}
}

// TogglePin pins project, or unpins it when pinned; it reports whether the
// project is pinned afterwards.
func (s *State) TogglePin(project string) bool {
	if i := slices.Index(s.Pinned, project); i >= 0 {
		s.Pinned = slices.Delete(s.Pinned, i, i+1)
		return false
	}
	s.Pinned = append(s.Pinned, project)
	return true
}

// AddOrg remembers an organization; it reports whether it was new.
func (s *State) AddOrg(org string) bool {
	if slices.Contains(s.Orgs, org) {
		return false
	}
	s.Orgs = append(s.Orgs, org)
	return true
}

// WriteFileAtomic writes data to path through a temporary file and a
// rename, with mode 0600 and parent directories of mode 0700, so a crash
// never leaves half a file and no other user can read it.
//
// A relative path is refused: rdash never writes state or secrets
// relative to the working directory.
func WriteFileAtomic(path string, data []byte) error {
	if !filepath.IsAbs(path) {
		return fmt.Errorf("refusing to write %s: it is not an absolute path, so it would land in the working directory", path)
	}
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".*")
	if err != nil {
		return err
	}
	defer os.Remove(f.Name()) // no-op once renamed
	if err := f.Chmod(0o600); err != nil {
		f.Close()
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return os.Rename(f.Name(), path)
}
