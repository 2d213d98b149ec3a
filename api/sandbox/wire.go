package sandbox

import (
	"encoding/json"
	"net/url"
	"time"
)

// The sandbox's wire types: the JSON it reads and writes, declared here from
// shared/spec/service-api.md and the choices of docs/wire.md. They share no
// type with package api on purpose: were the server to decode into the
// client's structs, a wrong JSON tag would be mirrored on both sides and no
// test could see it. The fixtures in testdata/wire/ (at the module root),
// written from the interface document, are decoded by both sides
// (wire_test.go here, api/wire_fixtures_test.go there).
//
// Requests are read strictly (decodeJSON): an unknown field is a 400. In a
// request, null is the same as an absent field.

// Requests.

// wireVersionData is the data part of POST /projects/{projectId}/versions
// (channel, version, name and files required) and of PATCH
// /projects/{projectId}/versions/{versionId} (every field optional). A nil
// pointer or slice is an absent field.
type wireVersionData struct {
	Channel           *string          `json:"channel,omitempty"`
	Version           *string          `json:"version,omitempty"`
	Name              *string          `json:"name,omitempty"`
	Files             []string         `json:"files,omitzero"`
	Changelog         *string          `json:"changelog,omitempty"`
	MinecraftVersions []string         `json:"minecraft_versions,omitzero"`
	Platforms         []string         `json:"platforms,omitzero"`
	Dependencies      []wireDependency `json:"dependencies,omitzero"`
}

// wireBulkPatch is the body of PATCH /projects/{projectId}/versions.
type wireBulkPatch struct {
	Channel                 *string          `json:"channel,omitempty"`
	Name                    *string          `json:"name,omitempty"`
	Changelog               *string          `json:"changelog,omitempty"`
	MinecraftVersions       []string         `json:"minecraft_versions,omitzero"`
	AddMinecraftVersions    []string         `json:"add_minecraft_versions,omitzero"`
	RemoveMinecraftVersions []string         `json:"remove_minecraft_versions,omitzero"`
	Platforms               []string         `json:"platforms,omitzero"`
	AddPlatforms            []string         `json:"add_platforms,omitzero"`
	RemovePlatforms         []string         `json:"remove_platforms,omitzero"`
	Dependencies            []wireDependency `json:"dependencies,omitzero"`
	AddDependencies         []wireDependency `json:"add_dependencies,omitzero"`
	RemoveDependencies      []wireDependency `json:"remove_dependencies,omitzero"`
}

// wireInvitationRequest is the body of POST /orgs/{orgId}/invitations: role
// defaults to "", permissions to [].
type wireInvitationRequest struct {
	Invitee     string   `json:"invitee"`
	Role        *string  `json:"role,omitempty"`
	Permissions []string `json:"permissions,omitzero"`
}

// role is the requested role, "" when none was given.
func (r wireInvitationRequest) role() string {
	if r.Role == nil {
		return ""
	}
	return *r.Role
}

// Resources, in requests and answers.

// wireDependency references exactly one of VersionID, ProjectID or Name.
type wireDependency struct {
	Type      string `json:"type"`
	VersionID string `json:"version_id,omitempty"`
	ProjectID string `json:"project_id,omitempty"`
	Name      string `json:"name,omitempty"`
	URL       string `json:"url,omitempty"`
}

// target returns what the dependency references: "version", "project" or
// "external", and the identifier.
func (d wireDependency) target() (kind, id string) {
	switch {
	case d.VersionID != "":
		return "version", d.VersionID
	case d.ProjectID != "":
		return "project", d.ProjectID
	}
	return "external", d.Name
}

// Answers.

// wireVersion is a version: Files is nil in lists, ProjectID set only by GET
// /versions/{versionId}.
type wireVersion struct {
	ID                string           `json:"id"`
	Version           string           `json:"version"`
	Name              string           `json:"name"`
	Changelog         string           `json:"changelog,omitempty"`
	MinecraftVersions []string         `json:"minecraft_versions,omitempty"`
	Platforms         []string         `json:"platforms"`
	Dependencies      []wireDependency `json:"dependencies"`
	Downloads         int64            `json:"downloads"`
	CreatedAt         time.Time        `json:"created_at"`
	Channel           wireChannel      `json:"channel"`
	Files             []wireFile       `json:"files,omitempty"`
	ProjectID         string           `json:"project_id,omitempty"`
}

// wireChannel is the channel embedded in a version (and, in the seed, a
// project's channel).
type wireChannel struct {
	ID                string     `json:"id"`
	Name              string     `json:"name"`
	Slug              string     `json:"slug"`
	IsDefault         bool       `json:"is_default"`
	LastSlugUpdatedAt *time.Time `json:"last_slug_updated_at,omitempty"`
}

// wireFile is a file of a version: uploaded (Checksum and Size set) or
// external (ExternalURL set).
type wireFile struct {
	ID          string            `json:"id"`
	Name        string            `json:"name"`
	Checksum    map[string]string `json:"checksum,omitempty"`
	Size        *int64            `json:"size,omitempty"`
	ExternalURL string            `json:"external_url,omitempty"`
	IsPrimary   bool              `json:"is_primary"`
	CreatedAt   time.Time         `json:"created_at"`
}

// wireInvitation is an element of the invitation list, and the answer of
// POST /orgs/{orgId}/invitations.
type wireInvitation struct {
	ID          string   `json:"id"`
	Name        string   `json:"name"`
	Username    string   `json:"username"`
	MemberRole  string   `json:"member_role"`
	Permissions []string `json:"permissions"`
	Accepted    bool     `json:"accepted"`
}

// wireAccepted is the answer of PATCH /orgs/{orgId}/invitations/{userId}.
type wireAccepted struct {
	Accepted bool `json:"accepted"`
}

// wireUser is GET /users/{userId} (docs/wire.md; not in the interface).
type wireUser struct {
	ID       string `json:"id"`
	Username string `json:"username"`
	Name     string `json:"name"`
}

// wireProject is an element of GET /users/{userId}/projects (docs/wire.md).
type wireProject struct {
	ID           string            `json:"id"`
	Slug         string            `json:"slug"`
	Name         string            `json:"name"`
	Summary      string            `json:"summary,omitempty"`
	Organization *wireOrganization `json:"organization,omitempty"`
	OwnerID      string            `json:"owner_id,omitempty"`
}

type wireOrganization struct {
	ID   string `json:"id"`
	Slug string `json:"slug"`
	Name string `json:"name"`
}

// envelope is the body of every successful JSON answer (docs/wire.md):
// "data", with what the choices add beside it (dress).
type envelope struct {
	Status     string          `json:"status,omitempty"` // EnvelopeStatus
	Data       any             `json:"data"`
	Error      json.RawMessage `json:"error,omitempty"` // EnvelopeStatus: null
	Pagination *wirePagination `json:"pagination,omitempty"`
	Meta       *wireMeta       `json:"meta,omitempty"`

	bare        bool     // no body at all (NotShownBare, BulkEmpty)
	emptyObject bool     // {} (NotShownEmptyObject)
	self        *url.URL // a list's own URL, for the Link header (PaginationHeaders)
}

// wirePagination is sent beside a list, where Pagination is PaginationBody.
type wirePagination struct {
	Page     int `json:"page"`
	PageSize int `json:"page_size"`
	Total    int `json:"total"`
}

// wireMeta is "meta" beside "data": a request ID (EnvelopeMeta) and a
// list's metadata in another shape than wirePagination (PaginationMeta).
type wireMeta struct {
	RequestID   string `json:"request_id,omitempty"`
	CurrentPage int    `json:"current_page,omitempty"`
	PerPage     int    `json:"per_page,omitempty"`
	TotalCount  *int   `json:"total_count,omitempty"`
}

// wireError is the body of every API error (docs/wire.md).
type wireError struct {
	Error wireErrorBody `json:"error"`
}

type wireErrorBody struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}

// The other error shapes a server may choose (ErrorBody).
type (
	wireMessageError struct {
		Message string `json:"message"`
		Status  int    `json:"status"`
	}
	wireErrorList struct {
		Errors []wireErrorBody `json:"errors"`
	}
	// wireProblem is RFC 9457's problem details.
	wireProblem struct {
		Type   string `json:"type"`
		Title  string `json:"title"`
		Status int    `json:"status"`
		Detail string `json:"detail"`
	}
)

// wireOAuthError is an error of the token endpoint (RFC 6749 section 5.2),
// and an API error's body where ErrorBody is ErrorOAuth.
type wireOAuthError struct {
	Error            string `json:"error"`
	ErrorDescription string `json:"error_description"`
}

// tokenResponse has the fields of the interface's OAuth token response.
type tokenResponse struct {
	AccessToken  string `json:"access_token"`
	TokenType    string `json:"token_type"`
	ExpiresIn    int64  `json:"expires_in"`
	RefreshToken string `json:"refresh_token"`
	Scope        string `json:"scope"`
}
