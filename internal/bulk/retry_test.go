package bulk

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"rdash/api"
)

func TestRetryableOnlyWhereARetryCanHelp(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		err  error
		want bool
	}{
		{&api.Error{StatusCode: 400}, false},
		{&api.Error{StatusCode: 403}, false},
		{&api.Error{StatusCode: 404}, false},
		{&api.ValidationError{Field: "channel"}, false},
		{fmt.Errorf("wrapped: %w", &api.Error{StatusCode: 401}), false},
		{&api.Error{StatusCode: 500}, true},
		{&api.Error{StatusCode: 429}, true},
		{context.DeadlineExceeded, true},
		{errors.Join(api.ErrMaybeApplied, errors.New("connection reset")), true},
	} {
		if got := retryable(tc.err); got != tc.want {
			t.Errorf("retryable(%v) = %v, want %v", tc.err, got, tc.want)
		}
	}
}
