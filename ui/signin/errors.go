package signin

import (
	"errors"

	"rdash/ui/common"
)

// describe puts a sign-in error in words. The session has already worded
// the sign-in's own failures (a *common.SignInError, from auth's errors);
// the rest are the service's and the transport's.
func describe(err error) string {
	var se *common.SignInError
	if errors.As(err, &se) {
		return se.Sentence
	}
	return common.Describe(err).Text()
}
