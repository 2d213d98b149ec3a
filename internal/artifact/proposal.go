package artifact

import (
	"slices"

	"rdash/api"
)

// Input is everything Propose reads: the files, what the user gave, and
// what rdash knows of the project.
type Input struct {
	// Paths are the files to publish, in the order given; the caller
	// expands shell globs.
	Paths []string
	// Given holds the values the user gave; each one set wins.
	Given Given
	// Project is what is known of the project on the service.
	Project Project
	// Config is rdash.yml, or nil when there is none.
	Config *Config
	// WithPreReleases keeps pre-releases and release candidates when a
	// game version range is expanded; by default only releases count, as
	// mc-publish does.
	WithPreReleases bool
	// FabricOnQuilt adds quilt to a Fabric mod's platforms: Quilt loads
	// Fabric mods, but only the author knows whether this one works there.
	FabricOnQuilt bool
}

// Given is what the user gave on the command line or in the form. An empty
// string or a nil slice was not given.
type Given struct {
	Version, Name, Channel string
	// Primary names the primary file, by file name or path.
	Primary string
	// Changelog is the changelog text itself; nil when not given.
	Changelog *string
	// ChangelogFile is a changelog file the caller read; for a Keep a
	// Changelog file only this version's section is taken.
	ChangelogFile *Document
	GameVersions  []string
	Platforms     []string
	Dependencies  []api.Dependency
}

// Document is a text file the caller read, with the name to show.
type Document struct {
	Name, Text string
}

// Project is what rdash knows of the project: its channels, and the game
// versions its versions already use (which may be newer than the table
// of releases built into rdash).
type Project struct {
	Channels     []api.Channel
	GameVersions []string
}

// Proposal is a version proposed from artifacts: every value with where it
// came from, what could not be read, and what was assumed.
type Proposal struct {
	Version      Field[string]       `json:"version"`
	Name         Field[string]       `json:"name"`
	Channel      Field[string]       `json:"channel"`
	Changelog    Field[string]       `json:"changelog"`
	GameVersions Field[[]string]     `json:"game_versions"`
	Platforms    Field[[]string]     `json:"platforms"`
	Dependencies Field[[]Dependency] `json:"dependencies"`
	// Files are the given files in the given order; one is the primary.
	Files []File `json:"files"`
	// Unread lists what could not be read, field by field.
	Unread []Gap `json:"unread"`
	// Warnings are disagreements between files and assumptions made
	// (an open-ended range cut at the newest known release).
	Warnings []string `json:"warnings"`
	// Notes say what was left out on purpose (the game and loader
	// dependencies) and how values were read.
	Notes []string `json:"notes"`
	// Defaults are the fields the request leaves out, each with what the
	// server then does: the channel's defaults, or nothing.
	Defaults []Default `json:"defaults"`
	// ChannelChoice is set when the channel must be given: rdash will not
	// choose it (a pre-release and no channel less stable than a release,
	// or no default channel).
	ChannelChoice *ChannelChoice `json:"channel_choice"`
}

// Field is one value and where it came from: "flag", "channel default",
// `plugin.yml: api-version "1.21"`. A Field with no Source is not set: the
// request leaves it out and the service uses the channel's default.
type Field[T any] struct {
	Value  T      `json:"value"`
	Source string `json:"source,omitempty"`
}

// Set reports whether the field has a value.
func (f Field[T]) Set() bool { return f.Source != "" }

// Dependency is a dependency and where it came from.
type Dependency struct {
	api.Dependency
	Source string `json:"source"`
	// Bound is the versions of it the metadata names ("<1.8.1"): the
	// service's dependencies have no field for one, so it is not sent,
	// and BoundNotSent says so where the JSON is read alone.
	Bound        string `json:"bound,omitempty"`
	BoundNotSent bool   `json:"bound_not_sent,omitempty"`
}

// Gap is a field that could not be read, and why.
type Gap struct {
	Field  string `json:"field"`
	Reason string `json:"reason"`
}

// File is one of the given files. Role is "primary", "further", or for a
// build's side jars "sources", "javadoc" or "dev" (uploaded, not read).
type File struct {
	Path    string `json:"path"`
	Role    string `json:"role"`
	Primary bool   `json:"primary"`
	// Metadata lists the metadata files read from it.
	Metadata []string `json:"metadata,omitempty"`
}

// Apply copies the set values into req; files are the caller's to add.
func (p *Proposal) Apply(req *api.CreateVersionRequest) {
	setText(&req.Version, p.Version)
	setText(&req.Name, p.Name)
	setText(&req.Channel, p.Channel)
	setText(&req.Changelog, p.Changelog)
	if p.GameVersions.Set() {
		req.MinecraftVersions = nonNil(p.GameVersions.Value)
	}
	if p.Platforms.Set() {
		req.Platforms = nonNil(p.Platforms.Value)
	}
	if p.Dependencies.Set() {
		req.Dependencies = []api.Dependency{}
		for _, d := range p.Dependencies.Value {
			req.Dependencies = append(req.Dependencies, d.Dependency)
		}
	}
}

// Primary returns the primary file.
func (p *Proposal) Primary() File {
	i := slices.IndexFunc(p.Files, func(f File) bool { return f.Primary })
	if i < 0 {
		return File{}
	}
	return p.Files[i]
}

func setText(dst *string, f Field[string]) {
	if f.Set() {
		*dst = f.Value
	}
}

// nonNil keeps an empty list a list, so the request sends [] (none) rather
// than leaving the field to the channel's default.
func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return slices.Clone(s)
}
