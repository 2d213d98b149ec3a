package cmd

import (
	"context"

	"github.com/spf13/pflag"
)

// runWith ends a command's RunE (see the top of factory.go): it runs
// opts with runF when a test gave one, else with the command's own run.
func runWith[O any](ctx context.Context, opts *O, runF, run func(context.Context, *O) error) error {
	if runF != nil {
		return runF(ctx, opts)
	}
	return run(ctx, opts)
}

// given is &v when the flag name was given on the command line, else
// nil: an Options field that says whether the user set it, so the run
// function needs no flag set to tell --name "" from no --name.
func given[T any](fs *pflag.FlagSet, name string, v T) *T {
	if !fs.Changed(name) {
		return nil
	}
	return &v
}

// givenList is a list flag's values when it was given, [] when given
// empty (--platform ""), and nil when not given.
func givenList(fs *pflag.FlagSet, name string, v []string) []string {
	if !fs.Changed(name) {
		return nil
	}
	return nonNilSlice(v)
}
