package versions

import (
	"unique"

	"rdash/api"
)

// sharer gives the loaded versions one copy of what many of them repeat:
// their channel, and the strings of their platforms, game versions and
// dependencies. The JSON decoder makes a copy of each for every version;
// with 10,000 versions those copies were 0.8 MB of the heap, twice that
// of the peak RSS. Strings are interned with package unique, so a value
// no version holds any more is let go.
type sharer struct {
	channels map[string]api.Channel // by ID, as first seen
}

func newSharer() sharer { return sharer{channels: map[string]api.Channel{}} }

// share makes v use the shared copies. The strings it replaces are equal
// to the shared ones, so a page's versions read the same everywhere.
func (s *sharer) share(v *api.Version) {
	if c, ok := s.channels[v.Channel.ID]; ok && sameChannel(c, v.Channel) {
		v.Channel = c
	} else {
		s.channels[v.Channel.ID] = v.Channel
	}
	internAll(v.Platforms)
	internAll(v.MinecraftVersions)
	for i := range v.Dependencies {
		d := &v.Dependencies[i]
		d.Type, d.VersionID, d.ProjectID = intern(d.Type), intern(d.VersionID), intern(d.ProjectID)
		d.Name, d.URL = intern(d.Name), intern(d.URL)
	}
}

// sameChannel reports whether a and b say the same of a channel.
func sameChannel(a, b api.Channel) bool {
	at, bt := a.LastSlugUpdatedAt, b.LastSlugUpdatedAt
	return a.ID == b.ID && a.Name == b.Name && a.Slug == b.Slug && a.IsDefault == b.IsDefault &&
		(at == nil) == (bt == nil) && (at == nil || at.Equal(*bt))
}

func internAll(ss []string) {
	for i, s := range ss {
		ss[i] = intern(s)
	}
}

func intern(s string) string { return unique.Make(s).Value() }
