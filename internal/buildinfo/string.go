package buildinfo

import (
	"fmt"
	"strings"
	"time"
)

// String formats the information as `rdash --version` prints it, gh's first
// line followed by what a bug report needs:
//
//	rdash version 1.2.3 (2026-11-26)
//	commit 6f5cbdd0c1e2…, go1.26.8, linux/amd64
//
// The date is left out when unknown, the commit too; a commit built with
// uncommitted changes is followed by "(modified)". There is no final
// newline.
func (i Info) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "rdash version %s", i.Version)
	if d := i.day(); d != "" {
		fmt.Fprintf(&b, " (%s)", d)
	}
	b.WriteString("\n")
	if i.Commit != "" {
		fmt.Fprintf(&b, "commit %s", i.Commit)
		if i.Modified {
			b.WriteString(" (modified)")
		}
		b.WriteString(", ")
	}
	fmt.Fprintf(&b, "%s, %s", i.GoVersion, i.Platform)
	return b.String()
}

// day is the date's day in UTC, or the date as given when it is not
// RFC 3339.
func (i Info) day() string {
	t, err := time.Parse(time.RFC3339, i.Date)
	if err != nil {
		return i.Date
	}
	return t.UTC().Format(time.DateOnly)
}
