package auth

import "fmt"

// InsecureNotice is what the user must read before a token is written to
// the plain-text file: why there is no keyring, and where the file is.
type InsecureNotice struct {
	Reason error
	Path   string
}

func (n InsecureNotice) String() string {
	return fmt.Sprintf("No keyring is available (%v).\nThe token would be stored in plain text in %s, readable only by you.",
		n.Reason, n.Path)
}

// Consent is asked before a token is written to the plain-text file, and
// before anything is written: it shows the notice and reports whether the
// user agreed. A nil Consent never agrees.
type Consent func(InsecureNotice) bool

// Agree is the Consent of a user who already said yes (--insecure-storage).
// It still shows the notice, through show.
func Agree(show func(InsecureNotice)) Consent {
	return func(n InsecureNotice) bool {
		if show != nil {
			show(n)
		}
		return true
	}
}

// NoKeyringError means a token was not stored: no keyring answered and
// the user did not agree to the plain-text file.
type NoKeyringError struct {
	Reason error
	Path   string
}

func (e *NoKeyringError) Error() string {
	return fmt.Sprintf("the token was not saved: no keyring is available (%v), "+
		"and storing it in plain text in %s needs your consent", e.Reason, e.Path)
}

func (e *NoKeyringError) Unwrap() error { return e.Reason }
