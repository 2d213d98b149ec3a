package bulk

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"

	"rdash/api"
)

// ResolveChannel finds the channel of project that ref (an ID or a slug)
// names, so that an edit sends, previews and journals the channel itself:
// an undo compares channel IDs, and a slug journaled as if it were an ID
// would never match. The versions seen (the selection) are asked first;
// then the project, by listing one version in that channel; then the
// choices the dashboard offers (the channels of the project's newest
// versions) are named in the refusal. The interface has no list of a
// project's channels, so a channel no version is in cannot be found.
func ResolveChannel(ctx context.Context, c Reader, project, ref string, seen []api.Version) (api.Channel, error) {
	if ch, ok := findChannel(Channels(seen), ref); ok {
		return ch, nil
	}
	vs, _, err := c.ListVersions(ctx, project, &api.ListVersionsOptions{Page: 1, PageSize: 1, Channels: []string{ref}})
	var ae *api.Error
	switch {
	case err == nil && len(vs) > 0:
		return vs[0].Channel, nil
	case err != nil && !(errors.As(err, &ae) && ae.StatusCode == http.StatusBadRequest):
		return api.Channel{}, fmt.Errorf("reading the channels of %s: %w", project, err)
	}
	sample, _, err := c.ListVersions(ctx, project, &api.ListVersionsOptions{Page: 1, PageSize: sampleSize})
	if err != nil {
		return api.Channel{}, fmt.Errorf("reading the channels of %s: %w", project, err)
	}
	known := Channels(append(slices.Clone(seen), sample...))
	names := make([]string, len(known))
	for i, ch := range known {
		names[i] = ch.Slug
	}
	slices.Sort(names)
	rule := fmt.Sprintf("no channel %q in %s", ref, project)
	if len(names) > 0 {
		rule += " (known: " + strings.Join(names, ", ") + ")"
	}
	rule += "; nothing was sent"
	return api.Channel{}, &api.ValidationError{Field: "channel", Rule: rule}
}

// sampleSize is how many of the project's newest versions name the
// channels offered, as the dashboard's form reads them.
const sampleSize = 100

func findChannel(channels []api.Channel, ref string) (api.Channel, bool) {
	i := slices.IndexFunc(channels, func(c api.Channel) bool { return c.ID == ref || c.Slug == ref })
	if i < 0 {
		return api.Channel{}, false
	}
	return channels[i], true
}

// sameChannel matches channels by ID. A channel journaled before channels
// were resolved holds the reference as typed in ID, slug and name; it
// matches the channel whose ID or slug that is.
func sameChannel(x, y api.Channel) bool {
	unresolved := func(c api.Channel) bool { return c.ID == c.Slug && c.Name == c.Slug }
	return x.ID == y.ID ||
		(unresolved(x) && y.Slug == x.ID) ||
		(unresolved(y) && x.Slug == y.ID)
}
