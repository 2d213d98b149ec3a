package artifact

import (
	"fmt"
	"math"
)

// packGames lists the releases whose pack format of kind ("resource" or
// "data") lies in fr, and says where the table's knowledge ends inside
// the range. Releases whose format the table does not know never match.
func packGames(fr formatRange, kind string, rels []release) (versions, notes []string) {
	var newest *release
	for i, r := range rels {
		f := r.format(kind)
		if f.state != formatKnown {
			continue
		}
		newest = &rels[i]
		if f.compare(fr.lo) >= 0 && f.compare(fr.hi) <= 0 {
			versions = append(versions, r.name)
		}
	}
	if newest == nil {
		return nil, nil
	}
	top := newest.format(kind)
	if fr.hi.major > top.major || (fr.hi.major == top.major && fr.hi.minor > top.minor && fr.hi.minor != math.MaxInt32) {
		notes = append(notes, fmt.Sprintf("%s reaches past %s pack format %s (%s), the newest the table knows; later releases are not included", fr.source, kind, top, newest.name))
	}
	return versions, notes
}

// format is the release's pack format of kind.
func (r release) format(kind string) packFormat {
	if kind == "data" {
		return r.data
	}
	return r.resource
}
