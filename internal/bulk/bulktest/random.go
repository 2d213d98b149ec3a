// Package bulktest makes random bulk edits for property tests of edit and
// undo, and compares versions field by field.
package bulktest

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"rdash/api"
	"rdash/internal/bulk"
)

// gameVersions and platforms are the values random edits draw from: some
// the seed uses, some it does not.
var (
	gameVersions = []string{"1.16.5", "1.19.4", "1.20.1", "1.20.4", "1.21.1", "1.21.4", "1.99.9"}
	platforms    = []string{"paper", "spigot", "folia", "fabric", "quilt", "purpur"}
	extraDeps    = []api.Dependency{
		{Type: "embedded", Name: "Adventure", URL: "https://docs.advntr.dev"},
		{Type: "optional", Name: "Vault"},
		{Type: "incompatible", Name: "OptiFine"},
	}
)

// Edit returns a random edit that changes at least one field and that the
// client's rules accept. Channels are
// referred to by ID or by slug at random; deps are dependencies the
// selection has, which an edit may remove.
func Edit(rng *rand.Rand, channels []api.Channel, deps []api.Dependency) bulk.Edit {
	for {
		var e bulk.Edit
		if len(channels) > 0 && rng.IntN(3) == 0 {
			ch := channels[rng.IntN(len(channels))]
			e.Channel = api.Ptr(ch.Slug)
			if rng.IntN(2) == 0 {
				e.Channel = api.Ptr(ch.ID)
			}
		}
		if rng.IntN(3) == 0 {
			e.Name = api.Ptr(fmt.Sprintf("Random name %d", rng.IntN(1000)))
		}
		if rng.IntN(4) == 0 {
			e.Changelog = api.Ptr(fmt.Sprintf("## Random\n\n- change %d\n", rng.IntN(1000)))
		}
		e.GameVersions = list(rng, gameVersions)
		e.Platforms = list(rng, platforms)
		if rng.IntN(4) == 0 {
			e.Dependencies = depList(rng, deps)
		}
		if _, err := e.Patch(); err == nil {
			return e
		}
	}
}

// list is a random change to a list field: keep, replace (maybe with
// nothing), or add and remove distinct values.
func list(rng *rand.Rand, values []string) bulk.ListEdit[string] {
	switch rng.IntN(4) {
	case 0:
		return bulk.ListEdit[string]{Mode: bulk.Replace, Set: pick(rng, values, 3)}
	case 1:
		shuffled := shuffle(rng, values)
		n := 1 + rng.IntN(2)
		add, remove := shuffled[:n], shuffled[n:min(len(shuffled), n+1+rng.IntN(2))]
		if rng.IntN(3) == 0 {
			remove = nil
		}
		return bulk.ListEdit[string]{Mode: bulk.AddRemove, Add: add, Remove: remove}
	}
	return bulk.ListEdit[string]{}
}

// depList adds external dependencies, or removes one the selection has.
func depList(rng *rand.Rand, have []api.Dependency) bulk.ListEdit[api.Dependency] {
	l := bulk.ListEdit[api.Dependency]{Mode: bulk.AddRemove}
	if len(have) > 0 && rng.IntN(2) == 0 {
		l.Remove = []api.Dependency{have[rng.IntN(len(have))]}
	}
	l.Add = []api.Dependency{extraDeps[rng.IntN(len(extraDeps))]}
	return l
}

// pick returns up to n distinct values in random order (maybe none).
func pick(rng *rand.Rand, values []string, n int) []string {
	return shuffle(rng, values)[:rng.IntN(n+1)]
}

func shuffle[T any](rng *rand.Rand, values []T) []T {
	out := slices.Clone(values)
	rng.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out
}

// Selection returns k distinct random versions of vs, 1 ≤ k ≤ max.
func Selection(rng *rand.Rand, vs []api.Version, max int) []api.Version {
	return shuffle(rng, vs)[:1+rng.IntN(min(max, len(vs)))]
}

// Dependencies are the distinct dependencies of vs.
func Dependencies(vs []api.Version) []api.Dependency {
	var out []api.Dependency
	for _, v := range vs {
		for _, d := range v.Dependencies {
			if !slices.Contains(out, d) {
				out = append(out, d)
			}
		}
	}
	return out
}

// Differences lists how got differs from want in the fields a bulk edit
// changes, exactly: channel ID, name, changelog, and every list in order.
func Differences(want, got api.Version) []string {
	var out []string
	add := func(field string, w, g any) {
		if fmt.Sprint(w) != fmt.Sprint(g) {
			out = append(out, fmt.Sprintf("%s %v, want %v", field, g, w))
		}
	}
	add("channel", want.Channel.ID, got.Channel.ID)
	add("name", want.Name, got.Name)
	add("changelog", want.Changelog, got.Changelog)
	add("game versions", want.MinecraftVersions, got.MinecraftVersions)
	add("platforms", want.Platforms, got.Platforms)
	add("dependencies", want.Dependencies, got.Dependencies)
	return out
}

// Describe is an edit in one line, for a failure message.
func Describe(e bulk.Edit) string {
	var parts []string
	if e.Channel != nil {
		parts = append(parts, "channel="+*e.Channel)
	}
	if e.Name != nil {
		parts = append(parts, "name="+*e.Name)
	}
	if e.Changelog != nil {
		parts = append(parts, fmt.Sprintf("changelog=%q", *e.Changelog))
	}
	for _, l := range []struct {
		field string
		l     bulk.ListEdit[string]
	}{{"game", e.GameVersions}, {"platforms", e.Platforms}} {
		if l.l.Mode != bulk.Keep {
			parts = append(parts, fmt.Sprintf("%s %s set=%v add=%v remove=%v", l.field, l.l.Mode, l.l.Set, l.l.Add, l.l.Remove))
		}
	}
	if e.Dependencies.Mode != bulk.Keep {
		parts = append(parts, fmt.Sprintf("deps add=%v remove=%v", e.Dependencies.Add, e.Dependencies.Remove))
	}
	return strings.Join(parts, "; ")
}
