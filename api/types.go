// Package api is a typed client for the resource hosting service described in
// shared/spec/service-api.md. It knows nothing of the user interface.
package api

import (
	"encoding/json"
	"io"
	"slices"
	"time"
)

// platforms is the platform enumeration of the interface, in its documented
// order. It is unexported so no caller can change what validation accepts.
var platforms = [...]string{
	"bukkit", "spigot", "paper", "folia", "purpur", "forge", "fabric",
	"quilt", "neoforge", "resourcepack", "datapack", "other",
}

// AllPlatforms returns the platform enumeration of the interface in its
// documented order, as a fresh slice the caller may change.
func AllPlatforms() []string { return slices.Clone(platforms[:]) }

// IsPlatform reports whether p is in the platform enumeration.
func IsPlatform(p string) bool { return slices.Contains(platforms[:], p) }

// Dependency types accepted by the interface.
const (
	// DependencyRequired is a dependency the version needs to run.
	DependencyRequired = "required"
	// DependencyOptional is a dependency the version can use.
	DependencyOptional = "optional"
	// DependencyIncompatible is a project the version does not work with.
	DependencyIncompatible = "incompatible"
	// DependencyEmbedded is a dependency shipped inside the version's files.
	DependencyEmbedded = "embedded"
)

// dependencyTypes lists the dependency types in display order.
var dependencyTypes = [...]string{DependencyRequired, DependencyOptional, DependencyIncompatible, DependencyEmbedded}

// AllDependencyTypes returns the dependency types in display order, as a
// fresh slice the caller may change.
func AllDependencyTypes() []string { return slices.Clone(dependencyTypes[:]) }

// IsDependencyType reports whether t is one of the dependency types.
func IsDependencyType(t string) bool { return slices.Contains(dependencyTypes[:], t) }

// Version is a published release of a project.
type Version struct {
	ID                string       `json:"id"`
	Version           string       `json:"version"`
	Name              string       `json:"name"`
	Changelog         string       `json:"changelog,omitempty"`
	MinecraftVersions []string     `json:"minecraft_versions,omitempty"`
	Platforms         []string     `json:"platforms"`
	Dependencies      []Dependency `json:"dependencies"`
	Downloads         int64        `json:"downloads"`
	CreatedAt         time.Time    `json:"created_at"`
	Channel           Channel      `json:"channel"`
	// Files is absent from list responses.
	Files []File `json:"files,omitempty"`
	// ProjectID is present only in the response of GET /versions/{versionId}.
	ProjectID string `json:"project_id,omitempty"`
}

// Dependency references exactly one of VersionID, ProjectID or Name.
type Dependency struct {
	Type      string `json:"type"`
	VersionID string `json:"version_id,omitempty"`
	ProjectID string `json:"project_id,omitempty"`
	Name      string `json:"name,omitempty"`
	URL       string `json:"url,omitempty"`
}

// Target returns the identifier the dependency references and its kind
// ("version", "project" or "external").
func (d Dependency) Target() (kind, id string) {
	switch {
	case d.VersionID != "":
		return "version", d.VersionID
	case d.ProjectID != "":
		return "project", d.ProjectID
	default:
		return "external", d.Name
	}
}

// Channel is the release channel a version belongs to.
type Channel struct {
	ID                string     `json:"id"`
	Name              string     `json:"name"`
	Slug              string     `json:"slug"`
	IsDefault         bool       `json:"is_default"`
	LastSlugUpdatedAt *time.Time `json:"last_slug_updated_at,omitempty"`
}

// File is a file of a version: uploaded (with size and checksums) or external.
type File struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	// Checksum's inner structure is not documented; it is kept as sent.
	Checksum    map[string]any `json:"checksum,omitempty"`
	Size        int64          `json:"size,omitempty"`
	ExternalURL string         `json:"external_url,omitempty"`
	IsPrimary   bool           `json:"is_primary"`
	CreatedAt   time.Time      `json:"created_at"`
}

// Invitation is a pending invitation to an organization. ID, Name and
// Username describe the invited user.
type Invitation struct {
	ID          string       `json:"id"`
	Name        string       `json:"name"`
	Username    string       `json:"username"`
	MemberRole  string       `json:"member_role"`
	Permissions []Permission `json:"permissions"`
	Accepted    bool         `json:"accepted"`
}

// Permission is an organization permission name. The interface does not
// document the element type, so numbers are accepted and kept as text.
type Permission string

// UnmarshalJSON accepts a JSON string or number.
func (p *Permission) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err == nil {
		*p = Permission(s)
		return nil
	}
	var n json.Number
	if err := json.Unmarshal(b, &n); err != nil {
		return err
	}
	*p = Permission(n.String())
	return nil
}

// PermissionMemberCreate lets an organization member invite others.
const PermissionMemberCreate Permission = "MEMBER_CREATE"

// User is an account of the service (GET /users/{userId}; not in the interface
// document, answered by the real service and the sandbox).
type User struct {
	ID       string `json:"id"`
	Username string `json:"username"`
	Name     string `json:"name,omitempty"`
}

// Organization identifies the organization that owns a project.
type Organization struct {
	ID   string `json:"id"`
	Slug string `json:"slug"`
	Name string `json:"name,omitempty"`
}

// Project is an element of GET /users/{userId}/projects (not in the
// interface document; answered by the real service and the sandbox).
type Project struct {
	ID      string `json:"id"`
	Slug    string `json:"slug"`
	Name    string `json:"name"`
	Summary string `json:"summary,omitempty"`
	// Organization is set when an organization owns the project.
	Organization *Organization `json:"organization,omitempty"`
	// OwnerID is the user that owns the project when no organization does.
	OwnerID string `json:"owner_id,omitempty"`
}

// ListVersionsOptions are the query parameters of GET /projects/{projectId}/versions.
type ListVersionsOptions struct {
	Page              int      // 1-based; 0 means the server's default (1)
	PageSize          int      // 0 means the server's default
	Channels          []string // channel IDs or slugs, any of
	MinecraftVersions []string // game versions, any of
	Search            string   // matches the version string or display name
	// PageSizeOrDefault says PageSize is rdash's preference, not the
	// user's demand: a server that refuses it (the document states no
	// largest page_size) is asked again at its default. LargePageSize is
	// always a preference.
	PageSizeOrDefault bool
}

// Upload is a file part of a multipart create or update request. Name is the
// part key and file name, and must also appear in the request's Files.
type Upload struct {
	Name string
	// Open returns the content, which is streamed, never held whole in
	// memory; it is called once per attempt. Its size counts towards a
	// Progress total when it has a Stat method (an *os.File) or a Size
	// method (a *bytes.Reader or *strings.Reader).
	Open func() (io.ReadCloser, error)
}

// Progress is told how many bytes of a request's uploads have been handed
// to the connection so far, of total (-1 when the size of some upload is
// not known). It is called from the goroutine that writes the request
// body, so it must return quickly and must not call the Client.
type Progress func(done, total int64)

// CreateVersionRequest is the body of POST /projects/{projectId}/versions.
// A nil slice is omitted (the server uses the channel's defaults); an empty,
// non-nil slice is sent as [].
type CreateVersionRequest struct {
	Channel           string       `json:"channel"`
	Version           string       `json:"version"`
	Name              string       `json:"name"`
	Files             []string     `json:"files"`
	Changelog         string       `json:"changelog,omitempty"`
	MinecraftVersions []string     `json:"minecraft_versions,omitzero"`
	Platforms         []string     `json:"platforms,omitzero"`
	Dependencies      []Dependency `json:"dependencies,omitzero"`
	Uploads           []Upload     `json:"-"`
	// Progress, when set, follows the uploads as they are sent.
	Progress Progress `json:"-"`
}

// UpdateVersionRequest is the body of PATCH /projects/{projectId}/versions/{versionId}.
// Nil pointers and nil slices are omitted; every field is optional.
type UpdateVersionRequest struct {
	Channel           *string      `json:"channel,omitempty"`
	Version           *string      `json:"version,omitempty"`
	Name              *string      `json:"name,omitempty"`
	Changelog         *string      `json:"changelog,omitempty"`
	MinecraftVersions []string     `json:"minecraft_versions,omitzero"`
	Platforms         []string     `json:"platforms,omitzero"`
	Dependencies      []Dependency `json:"dependencies,omitzero"`
	// Files, when set, is the version's whole file list afterwards: names of
	// files it keeps, names of new uploads, and external URLs.
	Files   []string `json:"files,omitzero"`
	Uploads []Upload `json:"-"`
	// Progress, when set, follows the uploads as they are sent.
	Progress Progress `json:"-"`
}

// BulkPatch is the body of PATCH /projects/{projectId}/versions. For each list
// field, a replace (the plain name) must not be combined with add/remove.
type BulkPatch struct {
	Channel                 *string      `json:"channel,omitempty"`
	Name                    *string      `json:"name,omitempty"`
	Changelog               *string      `json:"changelog,omitempty"`
	MinecraftVersions       []string     `json:"minecraft_versions,omitzero"`
	AddMinecraftVersions    []string     `json:"add_minecraft_versions,omitzero"`
	RemoveMinecraftVersions []string     `json:"remove_minecraft_versions,omitzero"`
	Platforms               []string     `json:"platforms,omitzero"`
	AddPlatforms            []string     `json:"add_platforms,omitzero"`
	RemovePlatforms         []string     `json:"remove_platforms,omitzero"`
	Dependencies            []Dependency `json:"dependencies,omitzero"`
	AddDependencies         []Dependency `json:"add_dependencies,omitzero"`
	RemoveDependencies      []Dependency `json:"remove_dependencies,omitzero"`
}

// InvitationRequest is the body of POST /orgs/{orgId}/invitations.
type InvitationRequest struct {
	Invitee     string       `json:"invitee"`
	Role        string       `json:"role"`
	Permissions []Permission `json:"permissions"`
}

// Pagination is the paging metadata the sandbox (and, tolerantly, any server)
// sends beside a list.
type Pagination struct {
	Page     int `json:"page"`
	PageSize int `json:"page_size"`
	Total    int `json:"total"`
}

// Ptr returns a pointer to v, for the optional fields of requests.
func Ptr[T any](v T) *T { return &v }
