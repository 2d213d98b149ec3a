package cmd

import (
	"context"
	"fmt"
	"strings"

	"rdash/internal/artifact"
	"rdash/internal/safe"
)

// chooseChannel settles a channel rdash will not choose itself (a
// pre-release and no channel less stable than a release, or a project
// with no default channel): at a terminal, when rdash may ask, it asks,
// offering the project's channels; otherwise it refuses, saying why and
// which channels there are. A version or name not read is left to
// requireRead, which names the first value missing.
func (f *Factory) chooseChannel(ctx context.Context, fl *createOptions, p *artifact.Proposal) error {
	c := p.ChannelChoice
	if c == nil || fl.req.Channel != "" || fl.req.Version == "" || fl.req.Name == "" {
		return nil
	}
	if !f.IO.InTTY || !f.IO.OutTTY || fl.yes || fl.out.on() || len(c.Channels) == 0 {
		return &ExitError{Code: ExitCancel, Err: channelRefusal(c)}
	}
	pick, err := f.prompter().Select(ctx, "Which channel? "+safe.PlainLine(c.Reason), c.Channels)
	if err != nil {
		return err
	}
	if pick == "" {
		return errCancelled
	}
	fl.req.Channel = pick
	p.Channel = artifact.Field[string]{Value: pick, Source: "chosen at the terminal: " + c.Reason}
	return nil
}

// channelRefusal says why --channel must be given, and the channels to
// give: those the project's versions are in, as the interface lists no
// channels of a project (readProject reads one page of its versions).
func channelRefusal(c *artifact.ChannelChoice) error {
	chans := "none seen"
	if len(c.Channels) > 0 {
		chans = strings.Join(c.Channels, ", ")
	}
	return fmt.Errorf("--channel: not given, and rdash will not choose it: %s; give --channel (the project's channels, as its versions show them: %s)", c.Reason, chans)
}
