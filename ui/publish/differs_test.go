package publish

import (
	"net/http/httptest"
	"testing"

	"rdash/api"
	"rdash/api/sandbox"
	"rdash/config"
	"rdash/internal/verify/verifytest"
	"rdash/ui/applyflow"
	"rdash/ui/internal/uitest"
)

// behind is a client signed in as alice to a sandbox behind choice: a
// server that reads what it is sent as the interface allows and the
// sandbox does not.
func behind(t *testing.T, choice verifytest.Choice) *api.Client {
	t.Helper()
	srv, _ := uitest.Start(t)
	hs := httptest.NewServer(choice(srv.Handler(), sandbox.APIPrefix))
	t.Cleanup(hs.Close)
	tok, err := srv.MintToken("alice", config.AllScopes()...)
	if err != nil {
		t.Fatal(err)
	}
	return uitest.Client(t, hs.URL+sandbox.APIPrefix, tok)
}

// TestEditLearnsAdditionsAndOffersTheFollowUp: an edit that removes a
// file, against a server that reads data.files as additions. The
// results say what the server kept, that it reads the list so, and offer
// the follow-up on r; the follow-up's own check says the server kept the
// file again, and that nothing else can remove it.
func TestEditLearnsAdditionsAndOffersTheFollowUp(t *testing.T) {
	t.Parallel()
	c := behind(t, verifytest.AdditionsFiles)
	e := openEdit(t, c, "6.9.0", 100, 40)
	e.chooseFile("b.jar")
	e.d.Press("x")
	e.previewed()
	e.d.Press("enter")
	e.results()
	e.check()
	if !contains(e.flat(), "not as asked", "≠ the server kept b.jar, which this edit removes",
		"≠ this server reads data.files as additions", "A follow-up can send data.files naming only b.jar", "r sends it") {
		t.Fatalf("results:\n%s", e.d.Screen())
	}
	e.d.Press("r")
	e.d.WaitFor("the follow-up's results", func() bool {
		return e.m.flow.Stage() == applyflow.StageResults && contains(e.flat(), "kept b.jar again")
	})
	e.check()
	if contains(e.flat(), "r sends it") {
		t.Fatalf("a follow-up offers another:\n%s", e.d.Screen())
	}
}

// TestPublishSaysWhichFileTheServerMadePrimary: a version published to a
// server that makes the last file listed primary; the results say so.
func TestPublishSaysWhichFileTheServerMadePrimary(t *testing.T) {
	t.Parallel()
	c := behind(t, verifytest.PrimaryLast)
	e := open(t, c, "lumen", 100, 40)
	e.fill("6.9.1")
	e.addFile("extra.jar", 10)
	e.previewed()
	e.d.Press("enter")
	e.results()
	e.check()
	if !contains(e.flat(), "published", "≠ the server made extra.jar primary, not lumen-6.9.1.jar") {
		t.Fatalf("results:\n%s", e.d.Screen())
	}
}
