package artifact

import (
	"strings"
	"testing"

	"rdash/api"
)

// TestChannel: a release goes to the default channel; a pre-release to
// the project's channel closest to its stability among those less stable
// than a release, never to a release channel unasked; with none, the
// channel is left to choose, with the project's channels offered.
func TestChannel(t *testing.T) {
	t.Parallel()
	withPre := append(lumenProject().Channels, api.Channel{ID: "c4", Slug: "Pre", Name: "Pre-releases"})
	betaOnly := []api.Channel{{ID: "c1", Slug: "release", IsDefault: true}, {ID: "c2", Slug: "beta"}}
	releaseOnly := []api.Channel{{ID: "c1", Slug: "release", IsDefault: true}, {ID: "c5", Slug: "lts", Name: "Long-term support"}}
	stableDev := []api.Channel{{ID: "c1", Slug: "stable", IsDefault: true}, {ID: "c6", Slug: "dev"}}
	noDefault := []api.Channel{{ID: "c2", Slug: "beta"}}
	cases := []struct {
		version, given string
		chans          []api.Channel
		want, source   string
		choose         bool
	}{
		{version: "2.7.0-beta.1", chans: withPre, want: "beta", source: `version "2.7.0-beta.1" is a pre-release (beta): channel "beta", the project's beta channel`},
		{version: "2.7.0-BETA1+mc1.21", chans: withPre, want: "beta"},
		{version: "2.7.0.beta2", chans: withPre, want: "beta"},
		{version: "2.7.0-alpha", chans: withPre, want: "alpha"},
		{version: "2.7.0-alpha.1", chans: withPre, want: "alpha"},
		{version: "2.7.0-pre3", chans: withPre, want: "Pre", source: `version "2.7.0-pre3" is a pre-release (pre): channel "Pre", the project's pre-release channel`},
		{version: "2.7.0-rc.1", chans: betaOnly, want: "beta", source: `version "2.7.0-rc.1" is a pre-release (rc): channel "beta", the project's closest less-stable channel`},
		{version: "2.7.0-rc.2", chans: withPre, want: "Pre"},
		{version: "2.7.0-SNAPSHOT", chans: withPre, want: "alpha", source: `version "2.7.0-SNAPSHOT" is a pre-release (snapshot): channel "alpha", the project's closest less-stable channel`},
		{version: "2.7.0-dev", chans: stableDev, want: "dev"},
		{version: "2.7.0-rc1", chans: stableDev, want: "dev"},
		{version: "2.7.0+beta", chans: withPre, want: "beta"},
		{version: "2.7.0-alpha.1", chans: betaOnly, want: "beta", source: `version "2.7.0-alpha.1" is a pre-release (alpha): channel "beta", the project's closest less-stable channel`},
		{version: "2.7.0-alpha.1", chans: releaseOnly, choose: true},
		{version: "2.7.0-SNAPSHOT", chans: releaseOnly, choose: true},
		{version: "2.2.5-SNAPSHOT (b118-8780fa4)", chans: releaseOnly, choose: true},
		{version: "2.7.0", chans: withPre, want: "release", source: `channel default (version "2.7.0" is not a pre-release)`},
		{version: "0.7.0+mc1.21.4", chans: releaseOnly, want: "release"},
		{version: "2.7.0+fabric", chans: releaseOnly, want: "release"},
		{version: "2.7.0+mc1.21-pre1", chans: releaseOnly, want: "release"},
		{version: "2.7.0-mc1.21", chans: withPre, want: "release"},
		{version: "2.7.0-betamax", chans: withPre, want: "release"},
		{version: "1.20.1-447-FORGE", chans: releaseOnly, want: "release"},
		{version: "2.7.0-beta", given: "nightly", chans: withPre, want: "nightly", source: "flag"},
		{version: "2.7.0", chans: noDefault, choose: true},
		{version: "2.7.0", chans: nil},
	}
	for _, tc := range cases {
		b := &builder{in: Input{Given: Given{Channel: tc.given}, Project: Project{Channels: tc.chans}}, p: &Proposal{}, pending: map[string][]string{}}
		b.p.Version = Field[string]{Value: tc.version, Source: "test"}
		b.channel()
		if b.p.Channel.Value != tc.want || (tc.source != "" && b.p.Channel.Source != tc.source) {
			t.Errorf("%q in %v: channel %q from %q, want %q from %q", tc.version, slugs(tc.chans), b.p.Channel.Value, b.p.Channel.Source, tc.want, tc.source)
		}
		if tc.want == "" && len(b.pending["channel"]) == 0 {
			t.Errorf("%q: no channel and no reason", tc.version)
		}
		if got := b.p.ChannelChoice != nil; got != tc.choose {
			t.Errorf("%q in %v: channel choice %+v, want one: %t", tc.version, slugs(tc.chans), b.p.ChannelChoice, tc.choose)
		}
		if tc.choose && strings.Join(b.p.ChannelChoice.Channels, ",") != strings.Join(slugs(tc.chans), ",") {
			t.Errorf("%q: offers %v, want the project's channels", tc.version, b.p.ChannelChoice.Channels)
		}
	}
}

// TestChannelRefusalSays: the refusal names the version, its word, and
// that rdash will not put it in a release channel unasked.
func TestChannelRefusalSays(t *testing.T) {
	t.Parallel()
	b := &builder{in: Input{Project: Project{Channels: []api.Channel{{ID: "c1", Slug: "release", IsDefault: true}}}}, p: &Proposal{}, pending: map[string][]string{}}
	b.p.Version = Field[string]{Value: "2.7.0-rc.1", Source: "test"}
	b.channel()
	want := `version "2.7.0-rc.1" is a pre-release (rc), and the project has no channel less stable than a release to put it in; rdash does not put a pre-release in a release channel unasked`
	if b.p.ChannelChoice == nil || b.p.ChannelChoice.Reason != want || b.pending["channel"][0] != want {
		t.Errorf("choice %+v, pending %q; want the reason %q", b.p.ChannelChoice, b.pending["channel"], want)
	}
}

// TestChannelGivenRelease: a pre-release the user puts in a release
// channel goes there, with a warning.
func TestChannelGivenRelease(t *testing.T) {
	t.Parallel()
	b := &builder{in: Input{Given: Given{Channel: "release"}, Project: lumenProject()}, p: &Proposal{}, pending: map[string][]string{}}
	b.p.Version = Field[string]{Value: "2.7.0-alpha.1", Source: "test"}
	b.channel()
	if b.p.Channel.Value != "release" || !containsText(b.p.Warnings, `version "2.7.0-alpha.1" is a pre-release (alpha), and goes to "release", a channel of releases, as the channel given asks`) {
		t.Errorf("channel %+v, warnings %q", b.p.Channel, b.p.Warnings)
	}
}

func slugs(chans []api.Channel) []string {
	out := make([]string, len(chans))
	for i, c := range chans {
		out[i] = c.Slug
	}
	return out
}
