package sandbox

import "net/http"

// profile is what the server answers where shared/spec/service-api.md says
// "not shown" or says nothing: the default profile makes the choices of
// docs/wire.md; the strict one (Options.Strict) serves only what the
// document states and, where it is silent, the reading that promises a
// client least. README.md tables every field that differs; both follow
// every rule the document states.
type profile struct {
	name string

	// Lists.
	pagination       bool // lists carry "pagination" beside "data"
	pagedInvitations bool // the invitation list pages like the versions
	defaultPageSize  int
	maxPageSize      int  // 0: no maximum
	newestFirst      bool // else oldest first

	// Routes and who may call them.
	userRoutes     bool   // GET /users/{userId}[/projects]
	readsNeedToken bool   // version reads and downloads
	inviteScope    string // token scope to list, send and cancel invitations; "" none

	// Answers.
	createdStatus  int  // POST version and POST invitation
	bareAnswers    bool // where the body is not shown: 200 and no body
	bulkAnswersAll bool // bulk PATCH answers every version, else the first
	redirectStatus int  // the download's
	strongHashes   bool // checksum {"sha1", "sha512"}, else {"sha256"}

	// Errors.
	jsonErrors       bool // {"error": {"code", "message"}}, else text/plain
	validationStatus int  // a request that breaks a rule
	bearerChallenge  bool // WWW-Authenticate on a 401

	// Requests.
	idChars string // of the IDs the server makes
	// ownRules adds the request rules of docs/wire.md to the document's
	// (rules.go); without them a value repeated in a list is kept once.
	ownRules   bool
	maxBulkIDs int

	// Size caps: the defaults of Options.MaxFileBytes and MaxUploadBytes,
	// and the JSON body (or data part) and file parts of one request.
	maxBody, maxFile, maxUpload int64
	maxUploads                  int

	// OAuth.
	jsonTokenBody   bool     // the token endpoint also reads a JSON body
	basicClientAuth bool     // client credentials in HTTP Basic
	refresh         bool     // the refresh_token grant
	oauthJSONErrors bool     // RFC 6749 JSON errors, else text/plain
	firstScope      []string // granted when a first authorization omits scope
	closedScopes    bool     // an unknown scope is refused
	abortState      bool     // the abort redirect carries the state
	pkce            bool     // code_challenge and code_verifier are checked
}

// Size caps of the default profile (docs/wire.md).
const (
	MaxBodyBytes = 8 << 20 // a JSON request body, or the data part of a multipart one (413 beyond)
	MaxUploads   = 100     // file parts of one create or update request (400 beyond)
	// DefaultMaxFileBytes and DefaultMaxUploadBytes bound uploads (413
	// beyond): one file, and all files of one request.
	DefaultMaxFileBytes   = 256 << 20
	DefaultMaxUploadBytes = 512 << 20
)

// Size caps of the strict profile: a real server has some, but rdash may
// not assume their values, so they differ from the client's constants.
const (
	StrictMaxBodyBytes   = 16 << 20
	StrictMaxUploads     = 150
	StrictMaxFileBytes   = 384 << 20
	StrictMaxUploadBytes = 768 << 20
	StrictMaxBulkIDs     = 500
)

var defaultProfile = profile{
	name:       "default",
	pagination: true, pagedInvitations: true, defaultPageSize: 25, maxPageSize: 100, newestFirst: true,
	userRoutes: true, inviteScope: scopeMemberCreate,
	createdStatus: http.StatusCreated, bulkAnswersAll: true, redirectStatus: http.StatusFound,
	jsonErrors: true, validationStatus: http.StatusBadRequest, bearerChallenge: true,
	idChars: idChars, ownRules: true, maxBulkIDs: 100,
	maxBody: MaxBodyBytes, maxFile: DefaultMaxFileBytes, maxUpload: DefaultMaxUploadBytes, maxUploads: MaxUploads,
	jsonTokenBody: true, basicClientAuth: true, refresh: true, oauthJSONErrors: true,
	firstScope: []string{scopeUserRead}, closedScopes: true, abortState: true, pkce: true,
}

var strictProfile = profile{
	name:            "strict",
	defaultPageSize: 10,
	readsNeedToken:  true,
	createdStatus:   http.StatusOK, bareAnswers: true, redirectStatus: http.StatusTemporaryRedirect,
	strongHashes:     true,
	validationStatus: http.StatusUnprocessableEntity,
	idChars:          idChars + "-_",
	maxBulkIDs:       StrictMaxBulkIDs,
	maxBody:          StrictMaxBodyBytes, maxFile: StrictMaxFileBytes, maxUpload: StrictMaxUploadBytes,
	maxUploads: StrictMaxUploads,
}
