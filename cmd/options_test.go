package cmd

import (
	"bytes"
	"context"
	"slices"
	"strings"
	"testing"

	"rdash/api/sandbox"
)

// TestOptionsRecordWhatWasGiven: a command line fills the Options, which
// say which flags were given without a flag set: versions update's
// --name not given is nil, a list given empty is [] (none), not nil.
func TestOptionsRecordWhatWasGiven(t *testing.T) {
	t.Parallel()
	var got *updateOptions
	f := &Factory{IO: IOStreams{In: strings.NewReader(""), Out: &bytes.Buffer{}, ErrOut: &bytes.Buffer{}}}
	c := newVersionsUpdateCmd(f, func(_ context.Context, o *updateOptions) error { got = o; return nil })
	c.SetArgs([]string{"lumen", "2.4.0", "--platform", "", "--game-version", "1.21.4,1.21.4", "--channel", "beta"})
	if err := c.Execute(); err != nil {
		t.Fatal(err)
	}
	switch {
	case got.Project != "lumen" || got.Ref != "2.4.0":
		t.Errorf("arguments %q %q", got.Project, got.Ref)
	case got.Name != nil || got.Version != nil:
		t.Errorf("--name or --version not given, yet set: %v %v", got.Name, got.Version)
	case got.Channel == nil || *got.Channel != "beta":
		t.Errorf("--channel = %v", got.Channel)
	case got.Platforms == nil || len(got.Platforms) != 0:
		t.Errorf("--platform '' = %#v; want [] (none)", got.Platforms)
	case !slices.Equal(got.GameVersions, []string{"1.21.4"}):
		t.Errorf("--game-version 1.21.4,1.21.4 = %q; want it once", got.GameVersions)
	case got.Deps != nil:
		t.Errorf("--dependency not given = %#v; want nil", got.Deps)
	}
}

// TestRunWithoutCobra: a run function is called with Options and a
// Factory on fake streams, no command line at all.
func TestRunWithoutCobra(t *testing.T) {
	t.Parallel()
	c := newCLI(t, "alice", sandbox.Options{})
	var out bytes.Buffer
	f := &Factory{IO: IOStreams{In: strings.NewReader(""), Out: &out, ErrOut: &bytes.Buffer{}},
		Lookup: func(k string) (string, bool) { v, ok := c.env[k]; return v, ok }}
	opts := &versionsListOptions{f: f, Project: "lumen", Page: 1, PageSize: 2, Channels: []string{"beta"}}
	if err := versionsListRun(t.Context(), opts); err != nil {
		t.Fatal(err)
	}
	if lines := strings.Split(strings.TrimSpace(out.String()), "\n"); len(lines) != 2 || !strings.Contains(lines[0], "beta") {
		t.Errorf("printed:\n%s", out.String())
	}
}

// TestStatsOptions: rdash stats fills its Options from the command line
// (the grouping parsed, each filter kept as given), and a grouping rdash
// does not know is refused before any run.
func TestStatsOptions(t *testing.T) {
	t.Parallel()
	var got *statsOptions
	f := &Factory{IO: IOStreams{In: strings.NewReader(""), Out: &bytes.Buffer{}, ErrOut: &bytes.Buffer{}}}
	c := newStatsCmd(f, func(_ context.Context, o *statsOptions) error { got = o; return nil })
	c.SetArgs([]string{"lumen", "--by", "channel", "--channel", "beta", "--game-version", "1.21.4", "--search", "2."})
	if err := c.Execute(); err != nil {
		t.Fatal(err)
	}
	switch {
	case got.Project != "lumen" || got.By != "channel":
		t.Errorf("project %q by %q; want lumen by channel", got.Project, got.By)
	case !slices.Equal(got.Channels, []string{"beta"}) || !slices.Equal(got.GameVersions, []string{"1.21.4"}) || got.Search != "2.":
		t.Errorf("filters %q %q %q", got.Channels, got.GameVersions, got.Search)
	}

	got = nil
	c = newStatsCmd(f, func(_ context.Context, o *statsOptions) error { got = o; return nil })
	c.SetArgs([]string{"lumen", "--by", "week"})
	c.SilenceErrors, c.SilenceUsage = true, true
	if err := c.Execute(); err == nil || got != nil {
		t.Errorf("--by week: err %v, ran %v; want refused before the run", err, got != nil)
	}
}
