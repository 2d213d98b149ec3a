package cmd

import (
	"net/http"
	"strings"
	"testing"

	"rdash/api"
	"rdash/api/sandbox"
	"rdash/api/sandbox/sandboxtest"
)

// TestVersionsGetRevealsInvisibleCharacters: `versions get` shows a
// dependency URL holding U+200B with the character named, not removed,
// so what a user retypes is what is stored (issue 18.6).
func TestVersionsGetRevealsInvisibleCharacters(t *testing.T) {
	t.Parallel()
	c := newCLI(t, "alice", sandbox.Options{})
	client, err := api.New(c.env["RDASH_BASE_URL"], api.WithHTTPClient(&http.Client{Transport: sandboxtest.Bearer{Token: c.env["RDASH_TOKEN"]}}))
	if err != nil {
		t.Fatal(err)
	}
	deps := []api.Dependency{{Type: api.DependencyOptional, Name: "Vault", URL: "https://vault.example/\u200bdl"}}
	if _, _, err := client.UpdateVersion(t.Context(), "lumen", "2.3.1", &api.UpdateVersionRequest{Dependencies: deps}); err != nil {
		t.Fatal(err)
	}
	out := c.ok("versions", "get", "lumen", "2.3.1")
	if !strings.Contains(out, "optional external Vault <https://vault.example/⟨U+200B⟩dl>") {
		t.Fatalf("the URL is not shown as stored:\n%s", out)
	}
}
