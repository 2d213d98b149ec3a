package artifact

import (
	"fmt"
	"slices"
	"strings"

	"rdash/api"
)

// preReleaseWords are the version suffixes that name a channel.
var preReleaseWords = []string{"alpha", "beta", "rc", "snapshot", "pre"}

// preRelease finds the first pre-release word in a version's suffix:
// "2.7.0-beta.1" and "2.7.0-BETA1+mc1.21" give "beta"; "2.7.0" gives "".
func preRelease(version string) string {
	_, rest, ok := strings.Cut(version, "-")
	if !ok {
		return ""
	}
	rest, _, _ = strings.Cut(rest, "+")
	parts := strings.FieldsFunc(strings.ToLower(rest), func(r rune) bool { return r == '.' || r == '-' || r == '_' })
	for _, p := range parts {
		if w := strings.TrimRight(p, "0123456789"); slices.Contains(preReleaseWords, w) {
			return w
		}
	}
	return ""
}

// channel takes the user's channel, else the project's channel named by
// the version's pre-release suffix, else the project's default channel.
func (b *builder) channel() {
	if g := b.in.Given.Channel; g != "" {
		b.p.Channel = Field[string]{Value: g, Source: sourceFlag}
		return
	}
	chans := b.in.Project.Channels
	if len(chans) == 0 {
		b.gap("channel", "the project's channels are not known")
		return
	}
	version := b.p.Version.Value
	word := preRelease(version)
	if i := slices.IndexFunc(chans, func(c api.Channel) bool { return word != "" && strings.EqualFold(c.Slug, word) }); i >= 0 {
		b.p.Channel = Field[string]{Value: chans[i].Slug, Source: fmt.Sprintf("version %q: -%s, the project's channel %q", version, word, chans[i].Slug)}
		return
	}
	i := slices.IndexFunc(chans, func(c api.Channel) bool { return c.IsDefault })
	if i < 0 {
		b.gap("channel", "the project has no default channel")
		return
	}
	src := "channel default"
	if word != "" {
		src = fmt.Sprintf("channel default (version %q says %s, and the project has no channel %q)", version, word, word)
	}
	b.p.Channel = Field[string]{Value: chans[i].Slug, Source: src}
}
