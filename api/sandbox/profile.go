package sandbox

import "net/http"

// Choices are what the server answers where shared/spec/service-api.md
// says "not shown" or says nothing. The default profile makes the choices
// of docs/wire.md; the strict one (Options.Strict) serves only what the
// document states and, where it is silent, the reading that promises a
// client least; Draw makes a varied set from a seed (Options.Choices,
// rdash sandbox --vary). README.md tables every field; all three follow
// every rule the document states. vary.go names the values of each field.
type Choices struct {
	// Name is "default", "strict", or "vary SEED" for a drawn set.
	Name string
	// Seed is the seed Draw drew the set from, to replay it.
	Seed uint64

	// Checks, and who may call what.
	// LookupFirst: the project, organization or version in the path is
	// looked up before the token is checked, so a request without one
	// for a missing project is a 404, not a 401.
	LookupFirst    bool
	ReadsNeedToken bool   // version reads and downloads need a token
	InviteScope    string // token scope to list, send and cancel invitations; "" none
	Users          Users  // the /users routes (not in the document)

	// Answers.
	CreatedStatus  int        // POST version, and POST invitation when NotShown is NotShownEcho
	NotShown       NotShown   // where the document shows no body
	Envelope       Envelope   // what goes beside "data"
	BulkAnswer     BulkAnswer // of PATCH /projects/{projectId}/versions
	RedirectStatus int        // the download's
	StrongHashes   bool       // checksum {"sha1", "sha512"}, else {"sha256"}

	// Lists.
	Pagination       Pagination
	PagedInvitations bool // the invitation list pages like the versions
	DefaultPageSize  int
	MaxPageSize      int  // 0: no maximum
	SilentCap        bool // a larger page_size is served at MaxPageSize without a word, else refused
	NewestFirst      bool // else oldest first

	// Errors.
	ErrorBody        ErrorBody
	ValidationStatus int  // a request that breaks a rule
	BearerChallenge  bool // WWW-Authenticate on a 401

	// Files of an update of one version (PATCH with data.files).
	UpdateFiles UpdateFiles
	Primary     Primary // which file becomes primary, on create and update

	// Requests.
	IDChars string // of the IDs the server makes
	// OwnRules adds the request rules of docs/wire.md to the document's
	// (rules.go); without them a value repeated in a list is kept once.
	OwnRules   bool
	MaxBulkIDs int

	// Size caps: the defaults of Options.MaxFileBytes and MaxUploadBytes,
	// and the JSON body (or data part) and file parts of one request.
	MaxBody, MaxFile, MaxUpload int64
	MaxUploads                  int

	// OAuth.
	JSONTokenBody   bool     // the token endpoint also reads a JSON body
	BasicClientAuth bool     // client credentials in HTTP Basic
	Refresh         bool     // the refresh_token grant
	OAuthJSONErrors bool     // RFC 6749 JSON errors, else text/plain
	FirstScope      []string // granted when a first authorization omits scope
	ClosedScopes    bool     // an unknown scope is refused
	AbortState      bool     // the abort redirect carries the state
	PKCE            bool     // code_challenge and code_verifier are checked
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

var defaultProfile = Choices{
	Name:       "default",
	Pagination: PaginationBody, PagedInvitations: true, DefaultPageSize: 25, MaxPageSize: 100, NewestFirst: true,
	Users: UsersAll, InviteScope: scopeMemberCreate,
	CreatedStatus: http.StatusCreated, NotShown: NotShownEcho, Envelope: EnvelopeData, BulkAnswer: BulkAll,
	RedirectStatus: http.StatusFound,
	ErrorBody:      ErrorNested, ValidationStatus: http.StatusBadRequest, BearerChallenge: true,
	UpdateFiles: FilesWhole, Primary: PrimaryFirst,
	IDChars: idChars, OwnRules: true, MaxBulkIDs: 100,
	MaxBody: MaxBodyBytes, MaxFile: DefaultMaxFileBytes, MaxUpload: DefaultMaxUploadBytes, MaxUploads: MaxUploads,
	JSONTokenBody: true, BasicClientAuth: true, Refresh: true, OAuthJSONErrors: true,
	FirstScope: []string{scopeUserRead}, ClosedScopes: true, AbortState: true, PKCE: true,
}

var strictProfile = Choices{
	Name:       "strict",
	Pagination: PaginationNone, DefaultPageSize: 10,
	Users: UsersNone, ReadsNeedToken: true,
	CreatedStatus: http.StatusOK, NotShown: NotShownBare, Envelope: EnvelopeData, BulkAnswer: BulkFirst,
	RedirectStatus: http.StatusTemporaryRedirect,
	StrongHashes:   true,
	ErrorBody:      ErrorText, ValidationStatus: http.StatusUnprocessableEntity,
	UpdateFiles: FilesWhole, Primary: PrimaryFirst,
	IDChars:    idChars + "-_",
	MaxBulkIDs: StrictMaxBulkIDs,
	MaxBody:    StrictMaxBodyBytes, MaxFile: StrictMaxFileBytes, MaxUpload: StrictMaxUploadBytes,
	MaxUploads: StrictMaxUploads,
}

// DefaultChoices returns the default profile's choices (docs/wire.md).
func DefaultChoices() Choices { return defaultProfile.clone() }

// StrictChoices returns the strict profile's choices.
func StrictChoices() Choices { return strictProfile.clone() }

func (c Choices) clone() Choices {
	c.FirstScope = append([]string(nil), c.FirstScope...)
	return c
}
