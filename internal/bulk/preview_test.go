package bulk

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"rdash/api"
)

var (
	release = api.Channel{ID: "chREL001", Slug: "release", Name: "Release"}
	beta    = api.Channel{ID: "chBETA01", Slug: "beta", Name: "Beta"}
	depA    = api.Dependency{Type: "required", ProjectID: "AAAAAAAA"}
	depB    = api.Dependency{Type: "optional", Name: "LuckPerms", URL: "https://luckperms.net"}
)

func sampleVersions() []api.Version {
	return []api.Version{
		{ID: "v0000001", Version: "1.0.0", Name: "One", Channel: release,
			MinecraftVersions: []string{"1.20.1", "1.20.4"}, Platforms: []string{"paper", "spigot"},
			Dependencies: []api.Dependency{depA}},
		{ID: "v0000002", Version: "1.1.0", Name: "Two", Channel: beta,
			MinecraftVersions: []string{"1.20.4"}, Platforms: []string{"paper"},
			Dependencies: []api.Dependency{depA, depB}},
	}
}

func TestPreviewAddRemove(t *testing.T) {
	t.Parallel()
	e := Edit{
		Channel:      api.Ptr("beta"),
		GameVersions: ListEdit[string]{Mode: AddRemove, Add: []string{"1.21"}, Remove: []string{"1.20.1"}},
		Platforms:    ListEdit[string]{Mode: AddRemove, Add: []string{"paper"}},
		Dependencies: ListEdit[api.Dependency]{Mode: AddRemove, Remove: []api.Dependency{{Type: "optional", Name: "LuckPerms"}}},
	}
	got := Preview(sampleVersions(), e, []api.Channel{release, beta})
	if len(got) != 2 {
		t.Fatalf("len = %d", len(got))
	}
	a, b := got[0].After, got[1].After
	if a.Channel != beta || !slices.Equal(a.MinecraftVersions, []string{"1.20.4", "1.21"}) ||
		!slices.Equal(a.Platforms, []string{"paper", "spigot"}) {
		t.Errorf("first after = %+v", a)
	}
	if !slices.Equal(b.Dependencies, []api.Dependency{depA}) {
		t.Errorf("dependency not removed by type and name: %+v", b.Dependencies)
	}
	fields := func(c Change) (out []string) {
		for _, f := range c.Fields {
			out = append(out, f.Field)
		}
		return out
	}
	if f := fields(got[0]); !slices.Equal(f, []string{"channel", "game versions"}) {
		t.Errorf("first fields = %v", f)
	}
	if f := fields(got[1]); !slices.Equal(f, []string{"game versions", "dependencies"}) {
		t.Errorf("second fields = %v (channel was beta already)", f)
	}
	if before := sampleVersions()[0]; !slices.Equal(got[0].Before.MinecraftVersions, before.MinecraftVersions) {
		t.Error("preview changed the before value in place")
	}
}

func TestPreviewReplaceAndRemoveNeedsSameType(t *testing.T) {
	t.Parallel()
	e := Edit{
		Platforms:    ListEdit[string]{Mode: Replace, Set: []string{}},
		Dependencies: ListEdit[api.Dependency]{Mode: AddRemove, Remove: []api.Dependency{{Type: "optional", ProjectID: "AAAAAAAA"}}},
	}
	got := Preview(sampleVersions()[:1], e, nil)[0].After
	if got.Platforms == nil || len(got.Platforms) != 0 {
		t.Errorf("platforms = %#v, want empty", got.Platforms)
	}
	if !slices.Equal(got.Dependencies, []api.Dependency{depA}) {
		t.Errorf("a remove of another type must not match: %+v", got.Dependencies)
	}
}

func TestPreviewAddOfPresentTarget(t *testing.T) {
	t.Parallel()
	same := Edit{Dependencies: ListEdit[api.Dependency]{Mode: AddRemove,
		Add: []api.Dependency{depA, {Type: "embedded", VersionID: "BBBBBBBB"}}}}
	c := Preview(sampleVersions()[:1], same, nil)[0]
	if want := []api.Dependency{depA, {Type: "embedded", VersionID: "BBBBBBBB"}}; !slices.Equal(c.After.Dependencies, want) || c.Problem != "" {
		t.Fatalf("deps = %+v (problem %q), want %+v: an add of a present dependency changes nothing", c.After.Dependencies, c.Problem, want)
	}
	retype := Edit{Dependencies: ListEdit[api.Dependency]{Mode: AddRemove,
		Add: []api.Dependency{{Type: "optional", ProjectID: "AAAAAAAA"}}}}
	changes := Preview(sampleVersions(), retype, nil)
	if !strings.Contains(changes[0].Problem, "would depend on project AAAAAAAA twice") {
		t.Fatalf("problem = %q; the service refuses a target listed twice", changes[0].Problem)
	}
	err := Check(changes)
	var pe *ProblemError
	if !errors.As(err, &pe) || !strings.Contains(err.Error(), "2 versions cannot take this edit") {
		t.Fatalf("Check = %v", err)
	}
}

func TestUnknownChannelShownAsTyped(t *testing.T) {
	t.Parallel()
	got := Apply(sampleVersions()[0], Edit{Channel: api.Ptr("nightly")}, []api.Channel{release})
	if got.Channel.Slug != "nightly" {
		t.Fatalf("channel = %+v", got.Channel)
	}
}

func TestPreviewRemoveThenAddChangesDependencyType(t *testing.T) {
	t.Parallel()
	req := api.Dependency{Type: "required", Name: "LuckPerms"}
	e := Edit{Dependencies: ListEdit[api.Dependency]{Mode: AddRemove,
		Remove: []api.Dependency{{Type: "optional", Name: "LuckPerms"}}, Add: []api.Dependency{req}}}
	got := Preview(sampleVersions()[1:], e, nil)[0].After.Dependencies
	if want := []api.Dependency{depA, req}; !slices.Equal(got, want) {
		t.Fatalf("deps = %+v, want %+v (removes apply before adds)", got, want)
	}
}
