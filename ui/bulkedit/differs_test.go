package bulkedit

import (
	"net/http/httptest"
	"strings"
	"testing"

	"rdash/api/sandbox"
	"rdash/config"
	"rdash/internal/verify/verifytest"
	"rdash/ui/internal/uitest"
)

// TestResultsSayWhatTheServerKept: an edit applied against a server that
// answers a bulk change as applied but removes nothing: the results say,
// under the version, what the server kept, and above them how many
// versions it holds otherwise than planned.
func TestResultsSayWhatTheServerKept(t *testing.T) {
	t.Parallel()
	srv, _ := uitest.Start(t)
	hs := httptest.NewServer(verifytest.IgnoreRemovals(srv.Handler(), sandbox.APIPrefix))
	t.Cleanup(hs.Close)
	tok, err := srv.MintToken("alice", config.AllScopes()...)
	if err != nil {
		t.Fatal(err)
	}
	c := uitest.Client(t, hs.URL+sandbox.APIPrefix, tok)
	chosen := byVersion(t, c, "lumen", "1.1.0")
	e := openEdit(t, c, "lumen", chosen, 100, 30)
	e.choose(gameMode, "add and remove")
	e.typeInto(target{field: fieldGame, part: partAdd}, "1.21.5")
	e.typeInto(target{field: fieldGame, part: partRemove}, "1.18.2")
	e.preview()
	e.d.Press("enter")
	e.results()
	e.check()
	for _, want := range []string{"1 updated", "The server holds 1 version otherwise than planned",
		"≠ the server kept game version 1.18.2, which this edit removes"} {
		if !strings.Contains(e.flat(), want) {
			t.Fatalf("results lack %q:\n%s", want, e.d.Screen())
		}
	}
}
