package verify

import (
	"slices"
	"strings"
	"testing"

	"rdash/api"
)

// TestVersionSentences: each way the server can hold a version otherwise
// than planned reads as one sentence, a list compared as a set (another
// order is no difference), a long value cut.
func TestVersionSentences(t *testing.T) {
	t.Parallel()
	before := api.Version{Version: "1.0", Name: "One", MinecraftVersions: []string{"1.20", "1.21"}, Platforms: []string{"paper"},
		Channel: api.Channel{ID: "chRel", Slug: "release"}}
	want := before
	want.Name, want.MinecraftVersions, want.Platforms = "Uno", []string{"1.21", "1.21.1"}, []string{"paper", "folia"}
	want.Channel = api.Channel{ID: "beta", Slug: "beta", Name: "beta"} // named by slug, unresolved
	got := before
	got.Name, got.MinecraftVersions, got.Platforms = strings.Repeat("x", 100), []string{"1.21", "1.20"}, []string{"folia", "paper", "spigot"}
	got.Channel = api.Channel{ID: "chBet", Slug: "beta"}
	ds := Texts(Version("this edit", before, want, got))
	wantTexts := []string{
		`the server's name is "` + strings.Repeat("x", 63) + `…", where this edit means "Uno"`,
		"the server kept game version 1.20, which this edit removes",
		"the server does not have game version 1.21.1, which this edit adds",
		"the server added platform spigot, which this edit does not",
	}
	if !slices.Equal(ds, wantTexts) {
		t.Fatalf("differences:\n%s\nwant:\n%s", strings.Join(ds, "\n"), strings.Join(wantTexts, "\n"))
	}
	if ds := Version("this edit", before, before, before); len(ds) != 0 {
		t.Fatalf("the same version differs: %v", ds)
	}
}

// TestFilesSentences: what a file list can show against the plan.
func TestFilesSentences(t *testing.T) {
	t.Parallel()
	file := func(name string, size int64, primary bool) api.File {
		return api.File{Name: name, Size: size, IsPrimary: primary}
	}
	before := []api.File{file("a.jar", 10, true), file("b.jar", 20, false), file("c.jar", 30, false)}
	plan := []File{{Name: "b.jar", Upload: true, Size: 25}, {Name: "a.jar"}, {Name: "https://x/d.zip"}}
	got := []api.File{file("a.jar", 10, true), file("b.jar", 20, false), file("c.jar", 30, false), file("e.jar", 1, false),
		file("e.jar", 1, false)}
	r := Files("this update", before, plan, got)
	want := []string{
		"the server kept c.jar, which this update removes",
		"the server has e.jar, which this update does not add",
		"the server has e.jar twice",
		"the server kept the old b.jar (20 B), not the upload (25 B)",
		"the server does not have https://x/d.zip, which this update adds",
		"the server made a.jar primary, not b.jar",
	}
	if ds := Texts(r.Differences); !slices.Equal(ds, want) {
		t.Fatalf("differences:\n%s\nwant:\n%s", strings.Join(ds, "\n"), strings.Join(want, "\n"))
	}
	if r.Additions || r.Primary != "a.jar" || !slices.Equal(r.Kept, []string{"c.jar"}) {
		t.Fatalf("report %+v: a list that lacks a file listed is not additions", r)
	}
}

// TestInvitationSentences: what the pending invitations show after each
// action.
func TestInvitationSentences(t *testing.T) {
	t.Parallel()
	list := []api.Invitation{{ID: "usrDave0", Username: "dave", MemberRole: "", Permissions: []api.Permission{"X"}}}
	for _, tt := range []struct {
		want    Invitation
		texts   []string
		pending bool
	}{
		{Invitation{Org: "o", User: "dave"}, []string{"the server still lists the invitation of dave to o as pending"}, true},
		{Invitation{Org: "o", User: "erin"}, nil, false},
		{Invitation{Org: "o", User: "erin", Pending: true}, []string{"the server does not list the invitation of erin to o after sending it"}, false},
		{Invitation{Org: "o", User: "usrDave0", Pending: true, Role: "Dev", Permissions: []api.Permission{"Y"}}, []string{
			`the server's invitation gives the role "", not "Dev" as sent`,
			"the server's invitation lacks the permission Y, which was sent",
			"the server's invitation gives the permission X, which was not sent"}, false},
	} {
		r := compareInvitation(tt.want, list)
		if !r.Checked || !slices.Equal(Texts(r.Differences), tt.texts) || r.StillPending != tt.pending {
			t.Errorf("%+v: %+v", tt.want, r)
		}
	}
}
