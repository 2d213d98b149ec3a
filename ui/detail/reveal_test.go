package detail

import (
	"strings"
	"testing"

	"rdash/api"
	"rdash/ui/common"
	"rdash/ui/internal/uitest"
	"rdash/ui/route"
)

// TestInvisibleCharactersAreShown: a URL, file name or ID from the server
// that holds invisible characters is shown with them named (⟨U+200B⟩),
// not with them removed: a user who retypes what is shown must get what
// is stored (issue 18.6).
func TestInvisibleCharactersAreShown(t *testing.T) {
	t.Parallel()
	c, _ := uitest.Sandbox(t, "alice")
	v := listed(t, c, "2.3.1")
	deps := []api.Dependency{{Type: api.DependencyOptional, Name: "Vault", URL: "https://vault.example/\u200bdl"}}
	if _, _, err := c.UpdateVersion(t.Context(), "lumen", v.ID, &api.UpdateVersionRequest{Dependencies: deps}); err != nil {
		t.Fatal(err)
	}
	m := New(uitest.Common(t), c, route.DetailArgs{Project: common.ProjectRef{Slug: "lumen"}, Version: v})
	d := uitest.NewDriver(t, uitest.Screen{S: m}, 120, 40)
	waitIdle(d, m)
	if !strings.Contains(d.Screen(), "https://vault.example/⟨U+200B⟩dl") {
		t.Fatalf("the dependency URL is not shown as stored:\n%s", d.Screen())
	}
	uitest.RequireFits(t, d.Screen(), 120, 40)
	uitest.RequireTerminalSafe(t, d.Raw())
}
