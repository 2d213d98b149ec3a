package verify

import "rdash/api"

// Created compares a version the server created with the request that
// created it: the version string, channel, name and changelog, the lists
// the request gave (one left out takes the channel's defaults, which the
// request does not know), and the files (plan: data.files in order, the
// first primary).
func Created(op Op, r *api.CreateVersionRequest, plan []File, got api.Version) []Difference {
	want := api.Version{Version: r.Version, Name: r.Name, Changelog: r.Changelog,
		Channel:           api.Channel{ID: r.Channel, Slug: r.Channel},
		MinecraftVersions: r.MinecraftVersions, Platforms: r.Platforms, Dependencies: r.Dependencies}
	out := Version(op, api.Version{}, want, got)
	return append(out, Files(op, nil, plan, got.Files).Differences...)
}
