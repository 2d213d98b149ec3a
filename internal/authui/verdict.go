package authui

import (
	"context"

	"rdash/api"
	"rdash/auth"
	"rdash/internal/safe"
	"rdash/ui/common"
)

// Checked is a with what the server showed of its token (v): whether it
// named the user, and, when it did not, where it showed it accepts the
// token or why nothing could, in the words of `rdash auth status`.
func Checked(a common.Account, v auth.Verdict) common.Account {
	a.Unconfirmed = v.Unnamed != nil
	a.Verdict = safe.PlainLine(v.Words())
	a.Unverified = a.Unconfirmed && !v.Verified()
	return a
}

// Check asks the server about the token src sends (auth.Check, checked
// on orgs[0] when the server does not say who is signed in), and returns
// a as Checked says: a Session's CheckAccount.
func Check(ctx context.Context, a common.Account, src *auth.Source, s auth.Settings, orgs []string) (common.Account, error) {
	if !a.SignedIn {
		return a, nil
	}
	client, err := auth.NewClient(src, api.WithMaxRetries(1))
	if err != nil {
		return a, err
	}
	anon, err := api.New(s.BaseURL, append(s.APIOptions(), api.WithMaxRetries(1))...)
	if err != nil {
		return a, err
	}
	v, err := auth.Check(ctx, client, anon, orgs)
	if err != nil {
		return a, err
	}
	return Checked(a, v), nil
}
