package artifact

import (
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// Kinds of Error, matched with errors.Is.
var (
	// ErrNotArchive: the file is not a jar or zip archive.
	ErrNotArchive = errors.New("not a jar or zip archive")
	// ErrNoMetadata: the archive holds none of the metadata files read here.
	ErrNoMetadata = errors.New("no known metadata file")
	// ErrMalformed: a metadata file (or the archive) cannot be parsed.
	ErrMalformed = errors.New("malformed")
	// ErrTooLarge: a metadata file is larger than MaxMemberBytes.
	ErrTooLarge = errors.New("too large")
	// ErrUnsafeName: the archive holds an entry whose name points outside
	// it, or two entries with the name of one metadata file.
	ErrUnsafeName = errors.New("unsafe entry name")
	// ErrConflict: metadata files disagree on a value the user did not give.
	ErrConflict = errors.New("conflicting metadata")
	// ErrUnknownFile: the primary file the user named is not among the files.
	ErrUnknownFile = errors.New("not among the files")
)

// Error is a problem with one input file: it names the file and, when the
// problem is inside a metadata file, that file and the line. Err wraps one
// of the kinds above with the detail.
type Error struct {
	Path   string // the file as given; empty when the problem spans files
	Member string // the metadata file inside the archive, if any
	Line   int    // 1-based; 0 when not known
	Err    error
}

// Error reads "build/libs/lumen.jar: plugin.yml line 3: malformed YAML: …".
func (e *Error) Error() string {
	var parts []string
	if e.Path != "" {
		parts = append(parts, e.Path)
	}
	if e.Member != "" {
		m := e.Member
		if e.Line > 0 {
			m += " line " + strconv.Itoa(e.Line)
		}
		parts = append(parts, m)
	}
	return strings.Join(append(parts, e.Err.Error()), ": ")
}

// Unwrap gives the kind, for errors.Is.
func (e *Error) Unwrap() error { return e.Err }

// malformed is a parse error in member at line (0 when not known).
func malformed(member string, line int, format string, args ...any) *Error {
	return &Error{Member: member, Line: line, Err: fmt.Errorf("%w: %s", ErrMalformed, fmt.Sprintf(format, args...))}
}

var lineRE = regexp.MustCompile(`line (\d+)(?: \([^)]*\))?:\s*`)

// lineOf pulls "line N:" out of a parser's message (yaml.v3 and
// BurntSushi/toml write it so), returning N and the rest of the message.
func lineOf(msg string) (int, string) {
	loc := lineRE.FindStringSubmatchIndex(msg)
	if loc == nil {
		return 0, msg
	}
	n, _ := strconv.Atoi(msg[loc[2]:loc[3]])
	return n, strings.TrimSpace(msg[loc[1]:])
}

// lineAt is the 1-based line of byte offset off in b.
func lineAt(b []byte, off int64) int {
	off = min(max(off, 0), int64(len(b)))
	return 1 + strings.Count(string(b[:off]), "\n")
}
