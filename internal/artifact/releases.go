package artifact

import (
	_ "embed"
	"fmt"
	"strconv"
	"strings"
	"sync"
)

// releasesTSV is the table of Minecraft releases and their pack formats;
// its header says where the values come from and what is not known.
//
//go:embed releases.tsv
var releasesTSV []byte

// table is releasesTSV parsed once. TestReleaseTable holds that it parses.
var table = sync.OnceValues(func() ([]release, error) { return parseReleases(releasesTSV) })

// release is a row of the table.
type release struct {
	name           string
	v              gameVersion
	resource, data packFormat
}

// packFormat is a pack format, major.minor (minor 0 before 1.21.9).
// State says whether the release has such packs and whether the table
// knows the format.
type packFormat struct {
	major, minor int
	state        formatState
}

type formatState int

const (
	formatKnown   formatState = iota
	formatNone                // "-": no packs of this kind
	formatUnknown             // "?": not known for certain
)

func (f packFormat) compare(g packFormat) int {
	if f.major != g.major {
		return sign(f.major - g.major)
	}
	return sign(f.minor - g.minor)
}

func (f packFormat) String() string {
	if f.minor == 0 {
		return strconv.Itoa(f.major)
	}
	return fmt.Sprintf("%d.%d", f.major, f.minor)
}

// parseReleases reads the table: comment lines start with #, rows are
// release, resource pack format and data pack format separated by tabs,
// releases strictly ascending.
func parseReleases(b []byte) ([]release, error) {
	var out []release
	for i, line := range strings.Split(string(b), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		r, err := parseRelease(line)
		if err != nil {
			return nil, fmt.Errorf("releases.tsv line %d: %w", i+1, err)
		}
		if n := len(out); n > 0 && out[n-1].v.compare(r.v) >= 0 {
			return nil, fmt.Errorf("releases.tsv line %d: %s does not come after %s", i+1, r.name, out[n-1].name)
		}
		out = append(out, r)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("releases.tsv has no rows")
	}
	return out, nil
}

func parseRelease(line string) (release, error) {
	cols := strings.Split(line, "\t")
	if len(cols) != 3 {
		return release{}, fmt.Errorf("has %d columns, want 3 separated by tabs", len(cols))
	}
	v, ok := parseGameVersion(cols[0])
	if !ok || !v.release() {
		return release{}, fmt.Errorf("%q is not a release version", cols[0])
	}
	res, err := parseFormat(cols[1])
	if err != nil {
		return release{}, fmt.Errorf("resource pack format %w", err)
	}
	data, err := parseFormat(cols[2])
	if err != nil {
		return release{}, fmt.Errorf("data pack format %w", err)
	}
	return release{name: cols[0], v: v, resource: res, data: data}, nil
}

func parseFormat(s string) (packFormat, error) {
	switch s {
	case "-":
		return packFormat{state: formatNone}, nil
	case "?":
		return packFormat{state: formatUnknown}, nil
	}
	maj, mnr, hasMinor := strings.Cut(s, ".")
	f := packFormat{}
	var err error
	if f.major, err = strconv.Atoi(maj); err != nil || f.major < 1 {
		return f, fmt.Errorf("%q is not -, ? or a number (major.minor)", s)
	}
	if hasMinor {
		if f.minor, err = strconv.Atoi(mnr); err != nil || f.minor < 0 {
			return f, fmt.Errorf("%q has a minor part that is not a number", s)
		}
	}
	return f, nil
}
