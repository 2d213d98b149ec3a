package ui_test

import (
	"slices"
	"testing"

	"rdash/api/sandbox"
	"rdash/api/sandbox/sandboxtest"
)

// The dashboard's contract over varied sandboxes: every screen of
// screenCases against servers whose every silent choice is drawn from a
// seed (sandboxtest.Varied: the CI seeds, and RDASH_VARY_SEEDS); a
// failure logs the seed and the choices. screenByChoice says which texts
// an honest screen shows, case by case, reusing the case's own: a choice
// the strict profile shares earns the strict texts.

// screenVaried returns the texts a case must show against a server with
// choices c. No case is skipped on any seed.
type screenVaried func(sc screenCase, c sandbox.Choices) []string

func strictScreenWhen(cond func(c sandbox.Choices) bool) screenVaried {
	return func(sc screenCase, c sandbox.Choices) []string {
		if cond(c) {
			return sc.strict
		}
		return sc.want
	}
}

// total reports a server whose lists carry a total rdash reads.
func total(c sandbox.Choices) bool { return c.Pagination == sandbox.PaginationBody }

// projectsUnlisted reports a server that does not list a user's projects.
func projectsUnlisted(c sandbox.Choices) bool { return c.Users != sandbox.UsersAll }

func noUsers(c sandbox.Choices) bool { return c.Users == sandbox.UsersNone }

// unchecked reports a server where nothing can show a token is accepted:
// no /users/@me, and the organization of rdash's probe is looked up
// before the token, so the probe answers 404 whatever the token.
func unchecked(c sandbox.Choices) bool { return c.LookupFirst && noUsers(c) }

var screenByChoice = map[string]screenVaried{
	"picker": strictScreenWhen(projectsUnlisted),
	// A page of at most 25 (the server may cut it shorter), and with
	// no total rdash counts what it loaded.
	"versions": func(_ screenCase, c sandbox.Choices) []string {
		if total(c) {
			return []string{"of 25 · page"}
		}
		return []string{"loaded"}
	},
	"versions of 1,500":     strictScreenWhen(func(c sandbox.Choices) bool { return !total(c) }),
	"invitations, an admin": strictScreenWhen(projectsUnlisted),
	"account":               notVerifiedWhen("alice"),
	// A sign-in through the server's own flow is kept first time; where
	// nothing can show the token is accepted, the screen says that only
	// its next use will.
	"sign in, completed": notVerifiedWhen("unknown"),
}

// notVerifiedWhen is the account screen's texts: where nothing can show
// the token is accepted, a token for the account, not verified, as
// `rdash auth status` says, and that only its next use will show it;
// elsewhere the case's own.
func notVerifiedWhen(account string) screenVaried {
	return func(sc screenCase, c sandbox.Choices) []string {
		if unchecked(c) {
			return []string{"Token for       " + account, "not verified: this server does not say",
				"shows only when rdash next uses it"}
		}
		return strictScreenWhen(noUsers)(sc, c)
	}
}

func TestContractScreensVaried(t *testing.T) {
	t.Parallel()
	for _, p := range sandboxtest.Varied(t) {
		c := *p.Options.Choices
		for _, sc := range screenCases() {
			t.Run(p.Name+"/"+sc.name, func(t *testing.T) {
				t.Parallel()
				sandboxtest.Explain(t, p.Options)
				want := sc.want
				if by := screenByChoice[sc.name]; by != nil {
					want = by(sc, c)
				}
				runScreen(t, p.Options, sc, want)
			})
		}
	}
}

// TestContractScreensVariedCoverStrict: a screen whose texts differ
// against the strict profile depends on a choice, so screenByChoice must
// say how; and it names no case that is gone.
func TestContractScreensVariedCoverStrict(t *testing.T) {
	t.Parallel()
	var names []string
	for _, sc := range screenCases() {
		names = append(names, sc.name)
		if _, ok := screenByChoice[sc.name]; sc.strict != nil && !ok {
			t.Errorf("%q has strict texts but no entry in screenByChoice", sc.name)
		}
	}
	for name := range screenByChoice {
		if !slices.Contains(names, name) {
			t.Errorf("screenByChoice names %q, which is no case of screenCases", name)
		}
	}
}
