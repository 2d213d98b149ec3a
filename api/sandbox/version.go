package sandbox

import (
	"maps"
	"net/url"
	"slices"
	"time"
)

type version struct {
	id, version, name, changelog string
	lists
	downloads int64
	createdAt time.Time
	channel   *channel
	files     []*file // the first is primary
	project   *project
}

// file is an uploaded file (content set) or an external one (externalURL set).
type file struct {
	id          string
	name        string
	externalURL string
	content     *content // nil for an external file
	createdAt   time.Time
}

func uploadedFile(id, name string, c *content, at time.Time) *file {
	return &file{id: id, name: name, content: c, createdAt: at}
}

func externalFile(id, rawURL string, at time.Time) *file {
	return &file{id: id, name: rawURL, externalURL: rawURL, createdAt: at}
}

// location is where a download of f redirects; origin is the scheme and host
// the request came to.
func (f *file) location(origin string) string {
	if f.externalURL != "" {
		return f.externalURL
	}
	return origin + "/files/" + f.id + "/" + url.PathEscape(f.name)
}

func (f *file) toWire(primary bool) wireFile {
	out := wireFile{ID: f.id, Name: f.name, ExternalURL: f.externalURL, IsPrimary: primary, CreatedAt: f.createdAt}
	if f.externalURL == "" {
		size := f.content.size
		out.Size = &size
		out.Checksum = maps.Clone(f.content.checksum)
	}
	return out
}

// view selects the optional parts of a version's representation.
type view int

const (
	viewList    view = iota // without files, as in lists
	viewFull                // with files
	viewProject             // with files and project_id, as GET /versions/{versionId}
)

// toWire returns a copy of v that shares no memory with the state, so it can
// be encoded after the lock is released.
func (v *version) toWire(how view) wireVersion {
	out := wireVersion{
		ID: v.id, Version: v.version, Name: v.name, Changelog: v.changelog,
		MinecraftVersions: slices.Clone(v.minecraftVersions),
		Platforms:         nonNil(v.platforms),
		Dependencies:      nonNil(v.dependencies),
		Downloads:         v.downloads,
		CreatedAt:         v.createdAt,
		Channel:           v.channel.wireChannel,
	}
	if out.Channel.LastSlugUpdatedAt != nil {
		at := *out.Channel.LastSlugUpdatedAt
		out.Channel.LastSlugUpdatedAt = &at
	}
	if how >= viewFull {
		out.Files = make([]wireFile, len(v.files))
		for i, f := range v.files {
			out.Files[i] = f.toWire(i == 0)
		}
	}
	if how == viewProject {
		out.ProjectID = v.project.id
	}
	return out
}
