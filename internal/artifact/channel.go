package artifact

import (
	"fmt"
	"slices"
	"strings"

	"rdash/api"
)

// ChannelChoice is set when the channel must be chosen: rdash will not
// pick one (a pre-release, and no channel less stable than a release).
// Channels are the project's channels seen, by slug, to choose from.
type ChannelChoice struct {
	Reason   string   `json:"reason"`
	Channels []string `json:"channels"`
}

// channelNote names what the choice of a channel by stability assumed.
const channelNote = "a channel's stability is read from its slug and name (beta, alpha, rc, snapshot, dev, …): " +
	"the interface gives a channel no stability of its own"

// channel takes the user's channel; else, for a release, the project's
// default channel; for a pre-release, the project's channel closest to
// its stability among those less stable than a release. A pre-release
// never goes to a release channel unasked: with no such channel the
// channel is left unset, and ChannelChoice says why and offers the
// project's channels.
func (b *builder) channel() {
	version := b.p.Version.Value
	word := preReleaseWord(version)
	if g := b.in.Given.Channel; g != "" {
		b.p.Channel = Field[string]{Value: g, Source: sourceFlag}
		b.warnGivenChannel(version, word, g)
		return
	}
	chans := b.in.Project.Channels
	switch {
	case len(chans) == 0:
		b.gap("channel", "the project's channels are not known")
	case word == "":
		b.defaultChannel(chans, version)
	default:
		b.preReleaseChannel(chans, version, word)
	}
}

func (b *builder) defaultChannel(chans []api.Channel, version string) {
	i := slices.IndexFunc(chans, func(c api.Channel) bool { return c.IsDefault })
	if i < 0 {
		b.mustChoose(chans, "the project has no default channel")
		return
	}
	src := "channel default"
	if version != "" {
		src = fmt.Sprintf("channel default (version %q is not a pre-release)", version)
	}
	b.p.Channel = Field[string]{Value: chans[i].Slug, Source: src}
}

func (b *builder) preReleaseChannel(chans []api.Channel, version, word string) {
	level := levelWords[word]
	c, why, ok := closestChannel(chans, level)
	if !ok {
		b.mustChoose(chans, fmt.Sprintf("version %q is a pre-release (%s), and the project has no channel less stable than a release to put it in; "+
			"rdash does not put a pre-release in a release channel unasked", version, word))
		return
	}
	b.p.Channel = Field[string]{Value: c.Slug, Source: fmt.Sprintf("version %q is a pre-release (%s): channel %q, %s", version, word, c.Slug, why)}
	b.p.Notes = append(b.p.Notes, channelNote)
}

// closestChannel picks, among the channels less stable than a release,
// the most stable one that is no more stable than level, else the least
// stable of those more stable than it: an alpha goes to alpha, else to
// snapshot, else to beta; never to a release channel.
func closestChannel(chans []api.Channel, level int) (api.Channel, string, bool) {
	best, bestLevel := -1, 0
	for i, c := range chans {
		l := channelLevel(c.Slug, c.Name)
		if l == levelNone || l == levelRelease {
			continue
		}
		switch {
		case best < 0,
			l <= level && (bestLevel > level || l > bestLevel),
			l > level && bestLevel > level && l < bestLevel:
			best, bestLevel = i, l
		}
	}
	switch {
	case best < 0:
		return api.Channel{}, "", false
	case bestLevel == level:
		return chans[best], fmt.Sprintf("the project's %s channel", levelNames[level]), true
	}
	return chans[best], "the project's closest less-stable channel", true
}

// mustChoose leaves the channel unset, says why, and offers the
// project's channels.
func (b *builder) mustChoose(chans []api.Channel, reason string) {
	b.gap("channel", reason)
	slugs := make([]string, len(chans))
	for i, c := range chans {
		slugs[i] = c.Slug
	}
	b.p.ChannelChoice = &ChannelChoice{Reason: reason, Channels: slugs}
}

// warnGivenChannel says so when the user put a pre-release in a channel
// of releases: asked, so allowed, but not without a word.
func (b *builder) warnGivenChannel(version, word, given string) {
	if word == "" {
		return
	}
	i := slices.IndexFunc(b.in.Project.Channels, func(c api.Channel) bool {
		return strings.EqualFold(c.Slug, given) || c.ID == given
	})
	if i < 0 {
		return
	}
	c := b.in.Project.Channels[i]
	if l := channelLevel(c.Slug, c.Name); l == levelRelease || (l == levelNone && c.IsDefault) {
		b.warn("version %q is a pre-release (%s), and goes to %q, a channel of releases, as the channel given asks", version, word, c.Slug)
	}
}
