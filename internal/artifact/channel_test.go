package artifact

import (
	"testing"

	"rdash/api"
)

// TestChannel: a pre-release suffix picks the project's channel of that
// slug, else the default; the source says which and why.
func TestChannel(t *testing.T) {
	t.Parallel()
	withPre := append(lumenProject().Channels, api.Channel{ID: "c4", Slug: "Pre", Name: "Pre-releases"})
	noDefault := []api.Channel{{ID: "c2", Slug: "beta"}}
	cases := []struct {
		version, given string
		chans          []api.Channel
		want, source   string
	}{
		{version: "2.7.0-beta.1", chans: withPre, want: "beta", source: `version "2.7.0-beta.1": -beta, the project's channel "beta"`},
		{version: "2.7.0-BETA1+mc1.21", chans: withPre, want: "beta"},
		{version: "2.7.0-alpha", chans: withPre, want: "alpha"},
		{version: "2.7.0-pre3", chans: withPre, want: "Pre"},
		{version: "2.7.0-rc.2", chans: withPre, want: "release", source: `channel default (version "2.7.0-rc.2" says rc, and the project has no channel "rc")`},
		{version: "2.7.0-SNAPSHOT", chans: withPre, want: "release", source: `channel default (version "2.7.0-SNAPSHOT" says snapshot, and the project has no channel "snapshot")`},
		{version: "2.7.0", chans: withPre, want: "release", source: "channel default"},
		{version: "2.7.0+beta", chans: withPre, want: "release", source: "channel default"},
		{version: "2.7.0-mc1.21", chans: withPre, want: "release", source: "channel default"},
		{version: "2.7.0-betamax", chans: withPre, want: "release", source: "channel default"},
		{version: "2.7.0-beta", given: "nightly", chans: withPre, want: "nightly", source: "flag"},
		{version: "2.7.0", chans: noDefault, want: ""},
		{version: "2.7.0", chans: nil, want: ""},
	}
	for _, tc := range cases {
		b := &builder{in: Input{Given: Given{Channel: tc.given}, Project: Project{Channels: tc.chans}}, p: &Proposal{}, pending: map[string][]string{}}
		b.p.Version = Field[string]{Value: tc.version, Source: "test"}
		b.channel()
		if b.p.Channel.Value != tc.want || (tc.source != "" && b.p.Channel.Source != tc.source) {
			t.Errorf("%q: channel %q from %q, want %q from %q", tc.version, b.p.Channel.Value, b.p.Channel.Source, tc.want, tc.source)
		}
		if tc.want == "" && len(b.pending["channel"]) == 0 {
			t.Errorf("%q: no channel and no reason", tc.version)
		}
	}
}
