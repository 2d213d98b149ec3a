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

// ResolvedChannel is a channel reference as ResolveChannel found it.
type ResolvedChannel struct {
	Channel api.Channel
	// Unseen is set when no version of the project that rdash can read is
	// in the channel. The interface has no list of a project's channels,
	// so such a channel (a new one, or one whose versions are all
	// deleted) cannot be checked: it is sent as given and the server
	// decides. Channel is then the reference as given, in ID, slug and
	// name, which sameChannel matches against the real one; Known holds
	// the slugs of the channels seen, for the note.
	Unseen bool
	Known  []string
}

// Note says, for an unseen channel, what rdash could not check; it is
// empty for a channel found.
func (r ResolvedChannel) Note(project string) string {
	if !r.Unseen {
		return ""
	}
	return fmt.Sprintf("channel %q has no version in %s that rdash can see (seen: %s), so it cannot be checked: "+
		"it is sent as given, and the server decides", r.Channel.Slug, project, strings.Join(r.Known, ", "))
}

// ResolveChannel finds the channel of project that ref (an ID or a slug)
// names, so that an edit sends, previews and journals the channel itself:
// an undo compares channel IDs, and a slug journaled as if it were an ID
// would never match. The versions seen (the selection) are asked first;
// then the project, by listing one version in that channel. When the
// server refuses the channel as a filter of the project's versions, it
// does not know it, and the error (a *api.ValidationError on "channel")
// says so with the server's words. When it lists no version, the channel
// may exist all the same (the interface has no list of a project's
// channels): it is returned Unseen, with the channels of seen and of one
// page of the project's versions, in the server's order (those the
// dashboard offers), as Known.
func ResolveChannel(ctx context.Context, c Reader, project, ref string, seen []api.Version) (ResolvedChannel, error) {
	if ch, ok := findChannel(Channels(seen), ref); ok {
		return ResolvedChannel{Channel: ch}, nil
	}
	vs, _, err := c.ListVersions(ctx, project, &api.ListVersionsOptions{Page: 1, PageSize: 1, Channels: []string{ref}})
	var ae *api.Error
	refused := errors.As(err, &ae) && ae.StatusCode == http.StatusBadRequest
	switch {
	case err == nil && len(vs) > 0:
		return ResolvedChannel{Channel: vs[0].Channel}, nil
	case err != nil && !refused:
		return ResolvedChannel{}, fmt.Errorf("reading the channels of %s: %w", project, err)
	}
	known, err := knownChannels(ctx, c, project, seen)
	if err != nil {
		return ResolvedChannel{}, err
	}
	if refused {
		why := " and gave no reason"
		if ae.Message != "" {
			why = ": " + ae.Message
		}
		return ResolvedChannel{}, &api.ValidationError{Field: "channel", Rule: fmt.Sprintf(
			"the server does not know channel %q in %s (it refused it as a filter%s; seen: %s); nothing was sent",
			ref, project, why, strings.Join(known, ", "))}
	}
	return ResolvedChannel{Channel: api.Channel{ID: ref, Slug: ref, Name: ref}, Unseen: true, Known: known}, nil
}

// knownChannels are the slugs of the channels of seen and of one page of
// the project's versions, in the server's order, sorted. The interface
// states no order: the page is the newest versions on a server that lists
// newest first, the oldest on one that lists oldest first.
func knownChannels(ctx context.Context, c Reader, project string, seen []api.Version) ([]string, error) {
	sample, _, err := c.ListVersions(ctx, project, &api.ListVersionsOptions{Page: 1, PageSize: sampleSize})
	if err != nil {
		return nil, fmt.Errorf("reading the channels of %s: %w", project, err)
	}
	known := Channels(append(slices.Clone(seen), sample...))
	names := make([]string, len(known))
	for i, ch := range known {
		names[i] = ch.Slug
	}
	slices.Sort(names)
	return names, nil
}

// sampleSize is how many of the project's versions, the first page in the
// server's order, name the channels offered, as the dashboard's form
// reads them.
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
