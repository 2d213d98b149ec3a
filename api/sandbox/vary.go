package sandbox

import (
	"cmp"
	"fmt"
	"math/rand/v2"
	"net/http"
	"slices"
	"strconv"
	"strings"
)

// The values of the choices that are not a number or a yes/no. Each is
// one reading of a "not shown" in shared/spec/service-api.md.
type (
	// NotShown is the answer of a change whose body the document does
	// not show: POST, PATCH and DELETE of an invitation, DELETE of
	// versions.
	NotShown string
	// Envelope is what the body holds beside "data".
	Envelope string
	// BulkAnswer is what PATCH /projects/{projectId}/versions answers.
	BulkAnswer string
	// Pagination is where a list's metadata goes.
	Pagination string
	// ErrorBody is the body of an API error.
	ErrorBody string
	// Users is which of the /users routes exist.
	Users string
	// UpdateFiles is what data.files of an update of one version means.
	UpdateFiles string
	// Primary is which file becomes a version's primary one.
	Primary string
)

// The values.
const (
	NotShownEcho        NotShown = "echo"      // 201 and the invitation, 200 {"accepted": true}, 204 for a DELETE
	NotShownBare        NotShown = "200-empty" // 200 without a body
	NotShownNoContent   NotShown = "204"       // 204 without a body
	NotShownEmptyObject NotShown = "200-{}"    // 200 and {}

	EnvelopeData   Envelope = "data"   // {"data": …} alone
	EnvelopeMeta   Envelope = "meta"   // and "meta": {"request_id": …}
	EnvelopeStatus Envelope = "status" // and "status": "success", "error": null

	BulkAll       BulkAnswer = "array"     // {"data": [every updated version]}
	BulkFirst     BulkAnswer = "first"     // {"data": version}: the first of ids
	BulkLast      BulkAnswer = "last"      // {"data": version}: the last of ids
	BulkEmpty     BulkAnswer = "200-empty" // 200 without a body
	BulkNoContent BulkAnswer = "204"       // 204 without a body

	PaginationNone    Pagination = "none"    // nothing but the items
	PaginationBody    Pagination = "body"    // "pagination": {"page", "page_size", "total"}
	PaginationMeta    Pagination = "meta"    // "meta": {"current_page", "per_page", "total_count"}
	PaginationHeaders Pagination = "headers" // X-Total-Count and Link (RFC 8288) headers

	ErrorNested  ErrorBody = "nested"  // {"error": {"code", "message"}}
	ErrorMessage ErrorBody = "message" // {"message", "status"}
	ErrorOAuth   ErrorBody = "oauth"   // {"error": code, "error_description"}
	ErrorList    ErrorBody = "errors"  // {"errors": [{"code", "message"}]}
	ErrorProblem ErrorBody = "problem" // application/problem+json (RFC 9457)
	ErrorText    ErrorBody = "text"    // the message as text/plain
	ErrorEmpty   ErrorBody = "empty"   // the status alone

	UsersAll  Users = "all"  // GET /users/{userId} and /users/{userId}/projects
	UsersMe   Users = "user" // GET /users/{userId} alone
	UsersNone Users = "none" // neither

	FilesWhole     UpdateFiles = "whole"     // the version's whole file list afterwards
	FilesAdditions UpdateFiles = "additions" // files to add or replace; none is removed

	PrimaryFirst Primary = "first" // the first of data.files
	PrimaryKept  Primary = "kept"  // the primary before, while it stays; else the first listed
	PrimaryLast  Primary = "last"  // the last of data.files
)

// Draw returns choices drawn at random from seed, each value of each
// choice equally likely; the same seed draws the same set. The size caps
// and the largest page size are drawn as a whole from a few readings.
func Draw(seed uint64) Choices {
	r := rand.New(rand.NewPCG(seed, 0x7264617368)) // "rdash"
	c := Choices{Name: "vary " + strconv.FormatUint(seed, 10), Seed: seed}
	c.LookupFirst = pick(r, true, false)
	c.ReadsNeedToken = pick(r, true, false)
	c.InviteScope = pick(r, scopeMemberCreate, "")
	c.Users = pick(r, UsersAll, UsersMe, UsersNone)
	c.CreatedStatus = pick(r, http.StatusOK, http.StatusCreated)
	c.NotShown = pick(r, NotShownEcho, NotShownBare, NotShownNoContent, NotShownEmptyObject)
	c.Envelope = pick(r, EnvelopeData, EnvelopeMeta, EnvelopeStatus)
	c.BulkAnswer = pick(r, BulkAll, BulkFirst, BulkLast, BulkEmpty, BulkNoContent)
	c.RedirectStatus = pick(r, http.StatusMovedPermanently, http.StatusFound, http.StatusSeeOther,
		http.StatusTemporaryRedirect, http.StatusPermanentRedirect)
	c.StrongHashes = pick(r, true, false)
	c.Pagination = pick(r, PaginationNone, PaginationBody, PaginationMeta, PaginationHeaders)
	c.PagedInvitations = pick(r, true, false)
	c.MaxPageSize = pick(r, 0, 20, 50, 100)
	c.SilentCap = pick(r, true, false)
	c.DefaultPageSize = pick(r, 10, 20, 25, 50)
	if c.MaxPageSize > 0 {
		c.DefaultPageSize = min(c.DefaultPageSize, c.MaxPageSize)
	}
	c.NewestFirst = pick(r, true, false)
	c.ErrorBody = pick(r, ErrorNested, ErrorMessage, ErrorOAuth, ErrorList, ErrorProblem, ErrorText, ErrorEmpty)
	c.ValidationStatus = pick(r, http.StatusBadRequest, http.StatusUnprocessableEntity)
	c.BearerChallenge = pick(r, true, false)
	c.UpdateFiles = pick(r, FilesWhole, FilesAdditions)
	c.Primary = pick(r, PrimaryFirst, PrimaryKept, PrimaryLast)
	c.IDChars = pick(r, idChars, idChars+"-_")
	c.OwnRules = pick(r, true, false)
	caps := pick(r, &defaultProfile, &strictProfile)
	c.MaxBulkIDs, c.MaxBody, c.MaxFile, c.MaxUpload, c.MaxUploads = caps.MaxBulkIDs, caps.MaxBody, caps.MaxFile, caps.MaxUpload, caps.MaxUploads
	c.JSONTokenBody = pick(r, true, false)
	c.BasicClientAuth = pick(r, true, false)
	c.Refresh = pick(r, true, false)
	c.OAuthJSONErrors = pick(r, true, false)
	c.FirstScope = pick(r, []string{scopeUserRead}, nil)
	c.ClosedScopes = pick(r, true, false)
	c.AbortState = pick(r, true, false)
	c.PKCE = pick(r, true, false)
	return c
}

func pick[T any](r *rand.Rand, values ...T) T { return values[r.IntN(len(values))] }

// Fields returns each choice as a name and its value, in a fixed order:
// what String prints and what a test names when it fails.
func (c Choices) Fields() [][2]string {
	yes := strconv.FormatBool
	num := strconv.Itoa
	none := func(s string) string { return cmp.Or(s, "none") }
	return [][2]string{
		{"lookup-first", yes(c.LookupFirst)},
		{"reads-need-token", yes(c.ReadsNeedToken)},
		{"invite-scope", none(c.InviteScope)},
		{"users", string(c.Users)},
		{"created-status", num(c.CreatedStatus)},
		{"not-shown", string(c.NotShown)},
		{"envelope", string(c.Envelope)},
		{"bulk-answer", string(c.BulkAnswer)},
		{"redirect", num(c.RedirectStatus)},
		{"hashes", map[bool]string{true: "sha1+sha512", false: "sha256"}[c.StrongHashes]},
		{"pagination", string(c.Pagination)},
		{"paged-invitations", yes(c.PagedInvitations)},
		{"default-page-size", num(c.DefaultPageSize)},
		{"max-page-size", map[bool]string{true: "none", false: num(c.MaxPageSize)}[c.MaxPageSize == 0]},
		{"beyond-max", map[bool]string{true: "cut silently", false: "refused"}[c.SilentCap]},
		{"order", map[bool]string{true: "newest-first", false: "oldest-first"}[c.NewestFirst]},
		{"errors", string(c.ErrorBody)},
		{"validation-status", num(c.ValidationStatus)},
		{"bearer-challenge", yes(c.BearerChallenge)},
		{"update-files", string(c.UpdateFiles)},
		{"primary", string(c.Primary)},
		{"id-chars", map[bool]string{true: "A-Za-z0-9", false: "A-Za-z0-9-_"}[c.IDChars == idChars]},
		{"own-rules", yes(c.OwnRules)},
		{"caps", fmt.Sprintf("ids:%d,uploads:%d,body:%dMiB", c.MaxBulkIDs, c.MaxUploads, c.MaxBody>>20)},
		{"token-json-body", yes(c.JSONTokenBody)},
		{"token-basic-auth", yes(c.BasicClientAuth)},
		{"refresh", yes(c.Refresh)},
		{"token-errors", map[bool]string{true: "json", false: "text"}[c.OAuthJSONErrors]},
		{"first-scope", none(strings.Join(c.FirstScope, ","))},
		{"closed-scopes", yes(c.ClosedScopes)},
		{"abort-state", yes(c.AbortState)},
		{"pkce", yes(c.PKCE)},
	}
}

// String is the set on one line: its name, then every choice, so a test
// failure or `rdash sandbox --vary` shows what to replay.
func (c Choices) String() string {
	var b strings.Builder
	b.WriteString(c.Name)
	for _, f := range c.Fields() {
		b.WriteString(" " + f[0] + "=" + f[1])
	}
	return b.String()
}

// check refuses a set that names a value the sandbox does not serve.
func (c *Choices) check() error {
	bad := func(field string, v any) error {
		return fmt.Errorf("sandbox: choices %q: %s %v is not one the sandbox serves", c.Name, field, v)
	}
	oneOf := func(v any, values ...any) bool { return slices.Contains(values, v) }
	switch {
	case !oneOf(c.Users, UsersAll, UsersMe, UsersNone):
		return bad("users", c.Users)
	case !oneOf(c.NotShown, NotShownEcho, NotShownBare, NotShownNoContent, NotShownEmptyObject):
		return bad("not-shown", c.NotShown)
	case !oneOf(c.Envelope, EnvelopeData, EnvelopeMeta, EnvelopeStatus):
		return bad("envelope", c.Envelope)
	case !oneOf(c.BulkAnswer, BulkAll, BulkFirst, BulkLast, BulkEmpty, BulkNoContent):
		return bad("bulk-answer", c.BulkAnswer)
	case !oneOf(c.Pagination, PaginationNone, PaginationBody, PaginationMeta, PaginationHeaders):
		return bad("pagination", c.Pagination)
	case !oneOf(c.ErrorBody, ErrorNested, ErrorMessage, ErrorOAuth, ErrorList, ErrorProblem, ErrorText, ErrorEmpty):
		return bad("errors", c.ErrorBody)
	case !oneOf(c.UpdateFiles, FilesWhole, FilesAdditions):
		return bad("update-files", c.UpdateFiles)
	case !oneOf(c.Primary, PrimaryFirst, PrimaryKept, PrimaryLast):
		return bad("primary", c.Primary)
	case c.CreatedStatus < 200 || c.CreatedStatus > 299:
		return bad("created-status", c.CreatedStatus)
	case !oneOf(c.RedirectStatus, 301, 302, 303, 307, 308):
		return bad("redirect", c.RedirectStatus)
	case c.ValidationStatus < 400 || c.ValidationStatus > 499:
		return bad("validation-status", c.ValidationStatus)
	case c.DefaultPageSize < 1 || c.MaxPageSize < 0 || c.MaxPageSize > 0 && c.DefaultPageSize > c.MaxPageSize:
		return bad("default-page-size", c.DefaultPageSize)
	case len(c.IDChars) < 2 || c.MaxBulkIDs < 1 || c.MaxBody < 1 || c.MaxFile < 1 || c.MaxUpload < 1 || c.MaxUploads < 1:
		return bad("caps", c.MaxBulkIDs)
	}
	return nil
}
