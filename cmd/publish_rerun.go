package cmd

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"rdash/api"
	"rdash/internal/artifact"
	"rdash/internal/safe"
)

// A CI job is re-run often, so versions create --from checks, before it
// uploads anything, whether the project already has the version string:
// with the same files (name, size, checksum, primary) it is already
// published, and the run succeeds sending nothing; with other files it
// fails saying what differs, rather than upload them for the server to
// refuse the version string (409).

// findPublished returns the version of project whose version string is
// the one about to be published, or nil when there is none: one GET.
func (f *Factory) findPublished(ctx context.Context, client *api.Client, project, version string) (*api.Version, error) {
	v, _, err := client.GetVersion(ctx, project, version)
	switch {
	case errors.Is(err, api.ErrNotFound):
		return nil, nil
	case err != nil:
		return nil, fmt.Errorf("checking whether %s already has version %s: %w", project, version, f.explain(err))
	case v.Version != version:
		return nil, nil // the string is another version's ID, not a version string taken
	}
	return v, nil
}

// comparePublished compares the files about to be published with those of
// the version already published: nil when they are the same, else an
// error (exit 1) listing every difference.
func comparePublished(project string, items []fileItem, v *api.Version) error {
	sums, err := itemSums(items)
	if err != nil {
		return err
	}
	cmp := artifact.Compare(sums, v.Files)
	if cmp.Same {
		return nil
	}
	var b strings.Builder
	// "cannot show", not "differ": a difference may be a checksum rdash
	// cannot compare, which Compare lists as such.
	fmt.Fprintf(&b, "%s already has version %s (%s), and rdash cannot show that its files are these:",
		project, v.Version, safe.PlainReveal(v.ID))
	for _, d := range cmp.Differences {
		b.WriteString("\n  - " + d)
	}
	b.WriteString("\nnothing was sent: the server takes a version string once; to publish these files, give them a new version (--version)")
	return errors.New(b.String())
}

// itemSums are the request's files as artifact.Compare takes them, the
// first primary: an upload read whole for its checksums, a URL as it is.
func itemSums(items []fileItem) ([]artifact.FileSum, error) {
	out := make([]artifact.FileSum, len(items))
	for i, it := range items {
		s := artifact.FileSum{Name: it.Name, URL: it.Name}
		if it.upload() {
			var err error
			if s, err = artifact.Sum(it.Path); err != nil {
				return nil, err
			}
			s.Name = it.Name
		}
		s.Primary = i == 0
		out[i] = s
	}
	return out, nil
}

// alreadyPublished reports a version found published with these same
// files: a line on standard error (a CI log shows it) and, with --json,
// the JSON with the version as it is; nothing is sent, and the run
// succeeds.
func (f *Factory) alreadyPublished(ctx context.Context, project string, fl *createOptions, v *api.Version) error {
	fmt.Fprintf(f.IO.ErrOut, "%s already has version %s (%s) with these same files: it is already published; nothing was sent\n",
		safe.PlainLine(clip(project)), safe.PlainLine(v.Version), safe.PlainReveal(v.ID))
	if fl.out.on() {
		return f.printJSON(ctx, fl.out, fl.publishedOut(project, v))
	}
	return nil
}
