package ui_test

import (
	"context"

	"rdash/internal/authui"
	"rdash/ui/common"
	"rdash/ui/internal/uitest"
)

// checkedSession is a test session as cmd's is: it can also ask the
// server about its token (authui.Check), so the header and the account
// screen say what `rdash auth status` says of it.
type checkedSession struct{ *uitest.Session }

func (s checkedSession) CheckAccount(ctx context.Context) (common.Account, error) {
	a, err := s.Account(ctx)
	if err != nil {
		return a, err
	}
	return authui.Check(ctx, a, s.Source, s.Settings, nil)
}
