package common

// FilterMsg sets the versions list's filters from the : command line
// (":channel beta", ":game 1.21.4", ":search lights", ":clear"). A nil
// field is left as it is; Clear empties every filter first.
type FilterMsg struct {
	Channels, Game []string
	Search         *string
	Clear          bool
}

// OpenProjectMsg asks the project picker to open a project by slug or ID,
// as typing it in its filter and pressing enter does (":lumen").
type OpenProjectMsg struct{ Project string }

// Completer is a screen that offers values to the : command line's tab
// completion: for a command's argument ("channel" → the channels seen).
type Completer interface {
	Completions(command string) []string
}
