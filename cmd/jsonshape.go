package cmd

import (
	"encoding/json"
	"maps"
	"time"

	"rdash/api"
)

// The JSON contract (docs/json.md): these structs are what --json prints,
// written out apart from the api package's types so that a change of the
// wire never changes rdash's output unseen. Keys are snake_case and
// always present (null, never left out), lists are arrays (never joined
// text), times are ISO 8601 in UTC. The golden tests hold every command's
// shape (testdata/json).

// listJSON is the one envelope of every list: the items, and where they
// sit among the server's pages. A page number or count the server did not
// give is null.
type listJSON[T any] struct {
	Items []T `json:"items"`
	// Page is the first page the items come from (--page); with --all
	// they run from there to the last page.
	Page     *int `json:"page"`
	PageSize *int `json:"page_size"`
	Total    *int `json:"total"`
	// NextPage is the page after the items, null when they reach the end.
	NextPage *int `json:"next_page"`
}

// itemsOf is a list that is not paged: every item, no next page.
func itemsOf[T any](items []T) listJSON[T] {
	return listJSON[T]{Items: nonNilSlice(items)}
}

// isoTime is a time printed as ISO 8601 (RFC 3339) in UTC, or null when
// the server did not give it.
type isoTime time.Time

// MarshalJSON implements json.Marshaler.
func (t isoTime) MarshalJSON() ([]byte, error) {
	if time.Time(t).IsZero() {
		return []byte("null"), nil
	}
	return json.Marshal(time.Time(t).UTC().Format(time.RFC3339Nano))
}

// nullString is a string printed as null when it is empty: a value the
// server did not give, or one that does not apply.
type nullString string

// MarshalJSON implements json.Marshaler.
func (s nullString) MarshalJSON() ([]byte, error) {
	if s == "" {
		return []byte("null"), nil
	}
	return json.Marshal(string(s))
}

// versionJSON is a version as versions list, get, create and update print it.
type versionJSON struct {
	ID           string           `json:"id"`
	Version      string           `json:"version"`
	Name         string           `json:"name"`
	Channel      channelJSON      `json:"channel"`
	Platforms    []string         `json:"platforms"`
	GameVersions []string         `json:"game_versions"`
	Dependencies []dependencyJSON `json:"dependencies"`
	Downloads    int64            `json:"downloads"`
	CreatedAt    isoTime          `json:"created_at"`
	// Changelog is null when the version has none: the server sent none,
	// or an empty one (the client cannot tell them apart, and they mean
	// the same).
	Changelog nullString `json:"changelog"`
	// Files is null in a list: the service lists versions without them.
	Files []fileJSON `json:"files"`
}

type channelJSON struct {
	ID        string `json:"id"`
	Slug      string `json:"slug"`
	Name      string `json:"name"`
	IsDefault bool   `json:"is_default"`
}

// dependencyJSON names its target by exactly one of version_id,
// project_id and name, as --set-dependencies reads it back.
type dependencyJSON struct {
	Type      string     `json:"type"`
	VersionID nullString `json:"version_id"`
	ProjectID nullString `json:"project_id"`
	Name      nullString `json:"name"`
	URL       nullString `json:"url"`
}

type fileJSON struct {
	ID          string     `json:"id"`
	Name        string     `json:"name"`
	Primary     bool       `json:"primary"`
	Size        *int64     `json:"size"`         // null for an external file
	ExternalURL nullString `json:"external_url"` // null for an uploaded file
	SHA256      nullString `json:"sha256"`       // null when the service gives none
	// Checksums are every checksum the service gives, by algorithm; null
	// when it gives none (an external file).
	Checksums map[string]any `json:"checksums"`
	CreatedAt isoTime        `json:"created_at"`
}

func versionOut(v api.Version) versionJSON {
	out := versionJSON{ID: v.ID, Version: v.Version, Name: v.Name, Channel: channelOut(v.Channel),
		Platforms: nonNilSlice(v.Platforms), GameVersions: nonNilSlice(v.MinecraftVersions),
		Dependencies: dependenciesOut(v.Dependencies), Downloads: v.Downloads,
		CreatedAt: isoTime(v.CreatedAt), Changelog: nullString(v.Changelog)}
	if v.Files != nil {
		out.Files = make([]fileJSON, len(v.Files))
		for i, f := range v.Files {
			out.Files[i] = fileOut(f)
		}
	}
	return out
}

func versionsOut(vs []api.Version) []versionJSON {
	out := make([]versionJSON, len(vs))
	for i, v := range vs {
		out[i] = versionOut(v)
	}
	return out
}

func channelOut(c api.Channel) channelJSON {
	return channelJSON{ID: c.ID, Slug: c.Slug, Name: c.Name, IsDefault: c.IsDefault}
}

func dependenciesOut(deps []api.Dependency) []dependencyJSON {
	out := make([]dependencyJSON, len(deps))
	for i, d := range deps {
		out[i] = dependencyJSON{Type: d.Type, VersionID: nullString(d.VersionID), ProjectID: nullString(d.ProjectID),
			Name: nullString(d.Name), URL: nullString(d.URL)}
	}
	return out
}

func fileOut(f api.File) fileJSON {
	sum, _ := f.SHA256()
	out := fileJSON{ID: f.ID, Name: f.Name, Primary: f.IsPrimary, ExternalURL: nullString(f.ExternalURL),
		SHA256: nullString(sum), CreatedAt: isoTime(f.CreatedAt)}
	if f.ExternalURL == "" {
		out.Size = &f.Size
	}
	if len(f.Checksum) > 0 {
		out.Checksums = maps.Clone(f.Checksum)
	}
	return out
}

// nonNilSlice makes an empty list print as [] in JSON, not null.
func nonNilSlice[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}
