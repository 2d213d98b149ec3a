// Package archtest holds the test that enforces rdash's import rules, so
// that `go test ./...` fails when a change breaks them:
//
//   - no screen package under ui/ imports another screen package: screens
//     open each other by typed route (ui/route) through the root;
//   - no package under ui/ imports rdash/cmd, rdash/auth or
//     golang.org/x/oauth2, even indirectly (the UI holds no token; the
//     session hands it an opaque grant), nor net/http directly (the UI
//     talks to the service only through api);
//   - api and its sub-packages import nothing under rdash/internal/ or
//     rdash/ui/, even indirectly: the client knows nothing of the UI.
//
// ui/internal/uitest is exempt from the second rule: it is test support,
// imported only by _test files, and plays cmd's part in the screens'
// tests (a real sign-in against the sandbox needs auth). Test files are
// not checked at all; the rules are about what the binary is built from.
// The graph comes from `go list`: where it cannot run, the test fails
// rather than skip, since unchecked rules must not read as kept ones.
package archtest
