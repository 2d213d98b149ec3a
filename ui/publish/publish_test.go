package publish

import (
	"slices"
	"strings"
	"testing"

	"rdash/api"
	"rdash/ui/common"
	"rdash/ui/internal/uitest"
)

// TestPublishWithAFile publishes a version with an uploaded file and an
// external URL against the sandbox, and a following list call has it.
func TestPublishWithAFile(t *testing.T) {
	t.Parallel()
	c, _ := uitest.Sandbox(t, "alice")
	e := open(t, c, "lumen", 100, 30)
	if e.m.form.value(fChannel) == "" {
		t.Fatalf("no channel was offered; screen:\n%s", e.d.Screen())
	}
	e.fill("9.9.9")
	e.set(fGame, "1.21.4")
	e.set(fPlatforms, "paper")
	e.set(fAdd, "https://example.com/lumen-9.9.9.zip")
	e.d.Press("enter")
	e.previewed()
	for _, want := range []string{"Publish 9.9.9 to lumen", "lumen-9.9.9.jar", "primary", "external URL", "2.9 KiB to upload"} {
		if !strings.Contains(e.d.Screen(), want) {
			t.Errorf("preview lacks %q:\n%s", want, e.d.Screen())
		}
	}
	e.d.Press("enter")
	e.results()
	e.check()
	if !strings.Contains(e.d.Screen(), "1 published") {
		t.Fatalf("results:\n%s", e.d.Screen())
	}
	var changed *common.VersionsChangedMsg
	e.d.WaitFor("the versions changed message", func() bool {
		for _, msg := range e.d.Seen {
			if m, ok := msg.(common.VersionsChangedMsg); ok {
				changed = &m
				return true
			}
		}
		return false
	})
	if changed.Project != "lumen" || len(changed.Updated) != 1 || changed.Updated[0].Version != "9.9.9" {
		t.Errorf("VersionsChangedMsg = %+v", changed)
	}
	vs, _, err := c.ListVersions(t.Context(), "lumen", &api.ListVersionsOptions{Search: "9.9.9"})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.ContainsFunc(vs, func(v api.Version) bool { return v.Version == "9.9.9" }) {
		t.Fatalf("the list does not have 9.9.9: %+v", vs)
	}
	v, _, err := c.GetVersion(t.Context(), "lumen", "9.9.9")
	if err != nil {
		t.Fatal(err)
	}
	if len(v.Files) != 2 || v.Files[0].Name != "lumen-9.9.9.jar" || !v.Files[0].IsPrimary || v.Files[0].Size != 3000 {
		t.Errorf("files = %+v", v.Files)
	}
}
