package auth

// Kind is where a token lives.
type Kind string

// The places a token can come from; Store says in which order it reads them.
const (
	KindEnv     Kind = "env"     // RDASH_TOKEN
	KindKeyring Kind = "keyring" // the OS keyring
	KindFile    Kind = "file"    // the consented plain-text file
)

// Location is where a token lives; Path is set for KindFile.
type Location struct {
	Kind Kind   `json:"storage"`
	Path string `json:"path,omitempty"`
}

// String says it the way `rdash auth status` shows it.
func (l Location) String() string {
	switch l.Kind {
	case KindEnv:
		return "environment variable RDASH_TOKEN"
	case KindKeyring:
		return "the system keyring"
	case KindFile:
		return l.Path + " (plain text, readable only by you)"
	}
	return "nowhere"
}
