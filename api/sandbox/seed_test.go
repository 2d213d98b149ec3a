package sandbox_test

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"rdash/api"
	"rdash/api/sandbox"
)

// minimalSeed is a valid seed: one app, two users, an organization, and a
// project with one version.
func minimalSeed() map[string]any {
	return map[string]any{
		"apps": []any{map[string]any{"client_id": "app", "client_secret": "s", "redirect_domains": []string{"localhost"}}},
		"users": []any{
			map[string]any{"id": "usr00001", "username": "ann", "name": "Ann"},
			map[string]any{"id": "usr00002", "username": "ben", "name": "Ben"},
		},
		"organizations": []any{map[string]any{
			"id": "org00001", "slug": "acme", "name": "Acme", "owner": "ann",
			"members":     []any{map[string]any{"user": "ben", "role": "Dev", "permissions": []string{"MEMBER_CREATE"}}},
			"invitations": []any{},
		}},
		"projects": []any{map[string]any{
			"id": "prj00001", "slug": "tool", "name": "Tool", "organization": "acme",
			"channels": []any{map[string]any{"id": "chn00001", "name": "Release", "slug": "release", "is_default": true,
				"platforms": []string{"paper"}}},
			"versions": []any{map[string]any{
				"id": "ver00001", "version": "1.0.0", "name": "One", "channel": "release", "created_at": "2025-01-01T00:00:00Z",
				"files": []any{map[string]any{"id": "fil00001", "name": "tool.jar", "content": "x"}},
			}},
		}},
	}
}

// at walks into the seed: keys of objects, indexes of arrays.
func at(m map[string]any, path ...any) map[string]any {
	var cur any = m
	for _, p := range path {
		switch k := p.(type) {
		case string:
			cur = cur.(map[string]any)[k]
		case int:
			cur = cur.([]any)[k]
		}
	}
	return cur.(map[string]any)
}

func TestSeedRejects(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		change func(m map[string]any)
		want   string
	}{
		{"no apps", func(m map[string]any) { m["apps"] = []any{} }, "apps"},
		{"short user ID", func(m map[string]any) { at(m, "users", 0)["id"] = "u1" }, "users"},
		{"username twice", func(m map[string]any) { at(m, "users", 1)["username"] = "ann" }, "used twice"},
		{"username equal to an ID", func(m map[string]any) { at(m, "users", 1)["username"] = "usr00001" }, "used twice"},
		{"unknown owner", func(m map[string]any) { at(m, "organizations", 0)["owner"] = "zed" }, "no user"},
		{"owner listed as member", func(m map[string]any) { at(m, "organizations", 0, "members", 0)["user"] = "ann" }, "owner"},
		{"unknown permission", func(m map[string]any) { at(m, "organizations", 0, "members", 0)["permissions"] = []string{"ROOT"} }, "ROOT"},
		{"owner and organization", func(m map[string]any) { at(m, "projects", 0)["owner"] = "ann" }, "exactly one of owner and organization"},
		{"no default channel", func(m map[string]any) { at(m, "projects", 0, "channels", 0)["is_default"] = false }, "default"},
		{"bad channel platform", func(m map[string]any) { at(m, "projects", 0, "channels", 0)["platforms"] = []string{"x"} }, "platforms[0]"},
		{"version too long", func(m map[string]any) { at(m, "projects", 0, "versions", 0)["version"] = strings.Repeat("1", 33) }, "32"},
		{"unknown channel", func(m map[string]any) { at(m, "projects", 0, "versions", 0)["channel"] = "beta" }, "beta"},
		{"file ID twice", func(m map[string]any) { at(m, "projects", 0, "versions", 0, "files", 0)["id"] = "ver00001" }, "used twice"},
		{"file without content", func(m map[string]any) { delete(at(m, "projects", 0, "versions", 0, "files", 0), "content") }, "files[0]"},
		{"unknown field", func(m map[string]any) { at(m, "projects", 0)["colour"] = "red" }, "unknown field"},
		{"generate in an unknown channel", func(m map[string]any) {
			at(m, "projects", 0)["generate"] = map[string]any{
				"count": 3, "seed": 1, "until": "2026-01-01T00:00:00Z", "days": 10,
				"channels": []any{map[string]any{"slug": "nightly", "weight": 1}}, "minecraft_versions": []string{"1.21"},
				"platform_sets": []any{[]string{"paper"}}, "changelog_lines": []string{"x"},
			}
		}, "channels[0]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			m := minimalSeed()
			tt.change(m)
			data, _ := json.Marshal(m)
			_, err := sandbox.New(sandbox.Options{Data: data})
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("error %v, want one naming %q", err, tt.want)
			}
		})
	}
	data, _ := json.Marshal(minimalSeed())
	if _, err := sandbox.New(sandbox.Options{Data: data}); err != nil {
		t.Fatalf("the minimal seed: %v", err)
	}
}

// TestSeedFacts checks what README.md promises about the embedded seed.
func TestSeedFacts(t *testing.T) {
	t.Parallel()
	h := start(t, sandbox.Options{})
	tok := h.token(t, "erin")
	for user, id := range map[string]string{"alice": "usrAlice", "bob": "usrBob00", "carol": "usrCarol", "dave": "usrDave0", "erin": "usrErin0", "frank": "usrFrank"} {
		var u api.User
		h.do(t, "GET", "/users/"+user, tok, nil).want(t, 200).data(t, &u)
		wantEq(t, u.ID, id)
	}
	lumen, pg := h.list(t, "lumen", "page_size=100")
	wantEq(t, pg.Total, 25)
	types, kinds := map[string]bool{}, map[string]bool{}
	var hostile int
	for _, v := range lumen {
		for _, d := range v.Dependencies {
			kind, _ := d.Target()
			types[d.Type], kinds[kind] = true, true
		}
		if strings.ContainsAny(v.Changelog, "\x1b\u009b\a") {
			hostile++
		}
	}
	if len(types) != 4 || len(kinds) != 3 || hostile < 2 {
		t.Errorf("lumen has dependency types %v, kinds %v, %d hostile changelogs", types, kinds, hostile)
	}
	_, pg = h.list(t, "quartz-ui", "")
	wantEq(t, pg.Total, 8)
	for _, ch := range []string{"release", "beta", "alpha", "lts"} {
		h.list(t, "emberforge-core", "channel="+ch)
	}
	for _, game := range []string{"1.16.5", "1.21.4"} {
		if vs, _ := h.list(t, "emberforge-core", "minecraft_version="+game); len(vs) == 0 {
			t.Errorf("no emberforge-core version for %s", game)
		}
	}
	var platforms []string
	vs, _ := h.list(t, "emberforge-core", "page_size=100")
	for _, v := range vs {
		platforms = append(platforms, v.Platforms...)
	}
	if slices.Sort(platforms); len(slices.Compact(platforms)) < 5 {
		t.Errorf("emberforge-core platforms %v", platforms)
	}
}
