package cmd

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"testing"

	"rdash/api/sandbox"
	"rdash/api/sandbox/sandboxtest"
)

// The contract test over varied sandboxes: every case of contractCases
// against servers whose every silent choice is drawn from a seed
// (sandboxtest.Varied: the CI seeds, and RDASH_VARY_SEEDS). A failure
// logs the seed and the choices drawn. What an honest rdash answers
// depends on some of the choices; byChoice says how, case by case, and
// reuses the case's own outcomes: a choice the strict profile shares
// earns the strict outcome.

// varied is the outcome a case earns from a server with choices c. No
// case is skipped on any seed: each says what rdash does there.
type varied func(tc contractCase, c sandbox.Choices) outcome

// strictWhen is the case's strict outcome where cond holds of the
// choices, its default one elsewhere.
func strictWhen(cond func(c sandbox.Choices) bool) varied {
	return func(tc contractCase, c sandbox.Choices) outcome {
		if cond(c) {
			return *tc.strict
		}
		return tc.want
	}
}

// refusedWhen is a case refused by the server where refuse holds; what the
// refusal names comes from the server's message, which an error without
// a body lacks. Elsewhere the strict outcome applies.
func refusedWhen(refuse func(c sandbox.Choices) bool) varied {
	return func(tc contractCase, c sandbox.Choices) outcome {
		if !refuse(c) {
			return *tc.strict
		}
		return serverSays(c, tc.want)
	}
}

// serverSays drops the words of o that only the server's error message holds
// when the server sends errors without a body.
func serverSays(c sandbox.Choices, o outcome) outcome {
	if c.ErrorBody == sandbox.ErrorEmpty {
		o.errOut = nil
	}
	return o
}

func noUsers(c sandbox.Choices) bool { return c.Users == sandbox.UsersNone }

// unchecked reports a server where nothing can show a token is accepted:
// it has no /users/@me, and it looks the organization of rdash's probe
// up before the token, so the probe answers 404 whatever the token.
func unchecked(c sandbox.Choices) bool { return c.LookupFirst && noUsers(c) }

// keptUnverified is a pasted token stored for account all the same, and
// said to be not verified.
func keptUnverified(account string) outcome {
	return says("Signed in to", "as "+account+" (not verified)", "this server does not say who is signed in", "It is kept all the same")
}

// verified fails when rdash called a token not verified.
func verified(t *testing.T, r result) {
	t.Helper()
	if strings.Contains(r.err, "not verified") {
		t.Errorf("the server can show the token is accepted, but rdash says it is not verified:\n%s", r.err)
	}
}

// byChoice holds every case whose outcome depends on the server's
// choices; every other case earns its default outcome from any server
// (TestContractVariedCoversStrictCases checks that each case with a
// strict outcome is here).
var byChoice = map[string]varied{
	"auth login --with-token": func(tc contractCase, c sandbox.Choices) outcome {
		if unchecked(c) {
			return keptUnverified("unknown")
		}
		o := strictWhen(noUsers)(tc, c)
		o.check = verified
		return o
	},
	"auth login --with-token, username in config": func(tc contractCase, c sandbox.Choices) outcome {
		if unchecked(c) {
			return keptUnverified("alice")
		}
		o := tc.want
		o.check = verified
		return o
	},
	"auth status": func(tc contractCase, c sandbox.Choices) outcome {
		if unchecked(c) { // the probe cannot settle it: said so, not "Signed in"
			return prints("Token stored for unknown", "not verified: this server does not say who is signed in")
		}
		return strictWhen(noUsers)(tc, c)
	},
	"projects list":        strictWhen(func(c sandbox.Choices) bool { return c.Users != sandbox.UsersAll }),
	"projects list --json": strictWhen(func(c sandbox.Choices) bool { return c.Users != sandbox.UsersAll }),
	"versions list":        firstPage,
	"versions list --json": pageOf25,
	"versions list, signed out": func(tc contractCase, c sandbox.Choices) outcome {
		if c.ReadsNeedToken {
			return *tc.strict
		}
		return firstPage(tc, c)
	},
	"versions list --page-size 150": func(tc contractCase, c sandbox.Choices) outcome {
		switch {
		case c.MaxPageSize == 0:
			return *tc.strict
		case c.SilentCap:
			return outcome{codes: []int{ExitOK}, check: listed(c.MaxPageSize)}
		}
		return serverSays(c, refused(strconv.Itoa(c.MaxPageSize)))
	},
	"versions list, a channel the project lacks":         refusedWhen(func(c sandbox.Choices) bool { return c.OwnRules }),
	"versions download":                                  strictWhen(func(c sandbox.Choices) bool { return c.StrongHashes }),
	"versions edit, too long a game version":             refusedWhen(func(c sandbox.Choices) bool { return c.OwnRules }),
	"versions create, 101 files":                         refusedWhen(func(c sandbox.Choices) bool { return c.MaxUploads < 101 }),
	"invitations list, no MEMBER_CREATE":                 func(tc contractCase, c sandbox.Choices) outcome { return serverSays(c, tc.want) },
	"invitations send, a permission rdash does not know": refusedWhen(func(c sandbox.Choices) bool { return c.OwnRules }),
	"invitations send, a long role":                      refusedWhen(func(c sandbox.Choices) bool { return c.OwnRules }),
	"invitations accept, no username known":              strictWhen(noUsers),
}

// firstPage is `versions list lumen` (25 versions) at the server's
// default page size, in its order: the first version shown is the
// newest or the oldest, and a next page is named unless the page holds
// all 25 and the server said so with a total rdash reads.
func firstPage(_ contractCase, c sandbox.Choices) outcome {
	first := map[bool]string{true: "2.4.0", false: "1.0.0"}[c.NewestFirst]
	more := c.DefaultPageSize < 25 || c.Pagination != sandbox.PaginationBody
	return outcome{codes: []int{ExitOK}, out: []string{first}, check: func(t *testing.T, r result) {
		t.Helper()
		if said := strings.Contains(r.err, "next: --page 2"); said != more {
			t.Errorf("names a next page: %v, want %v:\n%s", said, more, r.err)
		}
	}}
}

// pageOf25 is `versions list lumen --page-size 25 --json`: every version
// unless the server caps pages below 25, silently (the first 20 in its
// order) or with a refusal.
func pageOf25(tc contractCase, c sandbox.Choices) outcome {
	switch {
	case c.MaxPageSize == 0 || c.MaxPageSize >= 25:
		return tc.want
	case !c.SilentCap:
		return serverSays(c, refused("--page-size"))
	}
	return outcome{codes: []int{ExitOK}, check: func(t *testing.T, r result) {
		t.Helper()
		var got listJSON[json.RawMessage]
		if err := json.Unmarshal([]byte(r.out), &got); err != nil || len(got.Items) != c.MaxPageSize {
			t.Fatalf("want the %d versions of a silently cut page, got %d (%v)", c.MaxPageSize, len(got.Items), err)
		}
		if has := strings.Contains(r.out, `"EEeBM181"`); has != c.NewestFirst {
			t.Errorf("the newest version (EEeBM181) on the cut page: %v, want %v", has, c.NewestFirst)
		}
	}}
}

func TestContractCLIVaried(t *testing.T) {
	t.Parallel()
	for _, p := range sandboxtest.Varied(t) {
		c := *p.Options.Choices
		for _, tc := range contractCases() {
			t.Run(p.Name+"/"+tc.name, func(t *testing.T) {
				t.Parallel()
				sandboxtest.Explain(t, p.Options)
				want := tc.want
				if by := byChoice[tc.name]; by != nil {
					want = by(tc, c)
				}
				runContract(t, p.Options, tc, want)
			})
		}
	}
}

// TestContractVariedCoversStrictCases: a case whose outcome differs
// against the strict profile depends on a choice, so byChoice must say
// how; and byChoice names no case that is gone.
func TestContractVariedCoversStrictCases(t *testing.T) {
	t.Parallel()
	var names []string
	for _, tc := range contractCases() {
		names = append(names, tc.name)
		if _, ok := byChoice[tc.name]; tc.strict != nil && !ok {
			t.Errorf("%q has a strict outcome but no entry in byChoice", tc.name)
		}
	}
	for name := range byChoice {
		if !slices.Contains(names, name) {
			t.Errorf("byChoice names %q, which is no case of contractCases", name)
		}
	}
}
