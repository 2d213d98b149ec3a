// Package auth signs the user in to the service and keeps the tokens.
//
// Sign-in is the OAuth 2.0 authorization-code flow of the service's interface
// (a Flow), with PKCE (S256) on every request: on a desktop the account
// service redirects to a one-shot listener on 127.0.0.1, whose page reports
// the outcome once a Finish has checked and stored the token; over SSH, or
// without a browser, the user pastes the redirect URL or the bare code back.
//
// Tokens live per (service host, account) in the OS keyring. Where no keyring
// answers, a Store writes them to a file of mode 0600 under the config
// directory, and only with the user's consent. A small record says which
// account is active and where its token went at sign-in. A Store reads
// RDASH_TOKEN first; then, when the record says the file, the file and then
// the keyring, so an older keyring token never shadows a newer sign-in
// without a keyring (over SSH, say); otherwise the keyring and then the
// file, so a stale file never shadows the keyring.
//
// A Source hands out access tokens, refreshes them when they expire and
// writes the rotated tokens back where they came from, unless the user has
// signed out meanwhile (then it asks for a sign-in). A lock on auth.lock in
// the state directory, shared by rdash processes, covers each refresh from
// reading the store to writing it back, and each sign-in's write and
// sign-out, so no two processes spend the same refresh token. NewHTTPClient
// builds the *http.Client that api.New is given, so api never sees a
// refresh token.
// Every error that a new sign-in fixes matches ErrSignInNeeded.
//
// No token, refresh token, code, PKCE verifier, client secret or state
// appears in an error string or in any file but the consented token file.
// SECURITY.md at the repository's root says what is stored where.
package auth
