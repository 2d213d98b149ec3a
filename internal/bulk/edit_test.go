package bulk

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"rdash/api"
)

func TestNewListEditRejectsReplaceWithAddRemove(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		set      []string
		setGiven bool
		add, rem []string
		mode     Mode
		wantErr  string
	}{
		{"keep", nil, false, nil, nil, Keep, ""},
		{"replace", []string{"paper"}, true, nil, nil, Replace, ""},
		{"replace with nothing", nil, true, nil, nil, Replace, ""},
		{"add", nil, false, []string{"paper"}, nil, AddRemove, ""},
		{"remove", nil, false, nil, []string{"paper"}, AddRemove, ""},
		{"replace and add", []string{"a"}, true, []string{"b"}, nil, Keep, "platforms: a replace cannot be combined"},
		{"replace and remove", nil, true, nil, []string{"b"}, Keep, "platforms: a replace cannot be combined"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			l, err := NewListEdit("platforms", tt.set, tt.setGiven, tt.add, tt.rem)
			if tt.wantErr != "" {
				var ve *api.ValidationError
				if !errors.As(err, &ve) || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err = %v, want ValidationError containing %q", err, tt.wantErr)
				}
				return
			}
			if err != nil || l.Mode != tt.mode {
				t.Fatalf("NewListEdit = %+v, %v; want mode %v", l, err, tt.mode)
			}
			if l.Mode == Replace && l.Set == nil {
				t.Fatal("a replace with nothing must be an empty, non-nil list so it is sent as []")
			}
		})
	}
}

func TestEditPatch(t *testing.T) {
	t.Parallel()
	e := Edit{
		Channel:      api.Ptr("beta"),
		Platforms:    ListEdit[string]{Mode: Replace, Set: []string{}},
		GameVersions: ListEdit[string]{Mode: AddRemove, Add: []string{"1.21.4"}, Remove: []string{"1.16.5"}},
	}
	p, err := e.Patch()
	if err != nil {
		t.Fatal(err)
	}
	if *p.Channel != "beta" || p.Platforms == nil || len(p.Platforms) != 0 || p.AddPlatforms != nil ||
		!slices.Equal(p.AddMinecraftVersions, []string{"1.21.4"}) || p.MinecraftVersions != nil || p.Dependencies != nil {
		t.Fatalf("patch = %+v", p)
	}
}

func TestEditPatchErrors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		edit Edit
		want string
	}{
		{"empty", Edit{}, "edit: nothing to change"},
		{"bad platform", Edit{Platforms: ListEdit[string]{Mode: AddRemove, Add: []string{"bedrock"}}}, "add_platforms[0]"},
		{"bad dependency", Edit{Dependencies: ListEdit[api.Dependency]{Mode: Replace,
			Set: []api.Dependency{{Type: "required", ProjectID: "short"}}}}, "dependencies[0].project_id"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			_, err := tt.edit.Patch()
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("Patch() error = %v, want it to contain %q", err, tt.want)
			}
		})
	}
}
