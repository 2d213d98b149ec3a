package cmd

import (
	"context"
	"errors"
	"fmt"

	"rdash/api"
	"rdash/internal/bulk"
)

// resolveChannel finds the channel --channel names in project (see
// bulk.ResolveChannel). A channel the server refuses is a usage error; one
// rdash cannot check, because no version it can see is in it, is sent as
// given after a note that says so, since the server may well accept it.
func (f *Factory) resolveChannel(ctx context.Context, c bulk.Reader, project, ref string, seen []api.Version) (api.Channel, error) {
	r, err := bulk.ResolveChannel(ctx, c, project, ref, seen)
	var ve *api.ValidationError
	if errors.As(err, &ve) {
		return api.Channel{}, &ExitError{Code: ExitCancel, Err: fmt.Errorf("--channel: %s", ve.Rule)}
	}
	if err != nil {
		return api.Channel{}, err
	}
	if n := r.Note(project); n != "" {
		f.note("rdash: note: " + n)
	}
	return r.Channel, nil
}
