package cmd

import (
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"testing"

	"rdash/api/sandbox"
	"rdash/internal/verify/verifytest"
)

// behindChoice is a cli signed in as user to a sandbox behind choice (see
// verifytest): a server that makes a choice the interface leaves open
// otherwise than the sandbox.
func behindChoice(t *testing.T, user string, choice verifytest.Choice) *cli {
	t.Helper()
	return newCLIBehind(t, user, sandbox.Options{}, func(h http.Handler) http.Handler { return choice(h, sandbox.APIPrefix) })
}

// TestEditReportsWhatTheServerKept: versions edit against a server that
// answers a bulk change as applied but removes nothing says, under each
// version, what the server kept, and --json carries the same sentences.
func TestEditReportsWhatTheServerKept(t *testing.T) {
	t.Parallel()
	c := behindChoice(t, "alice", verifytest.IgnoreRemovals)
	args := []string{"versions", "edit", "lumen", "--ids", "13ubedvV", "--remove-game-version", "1.18.2", "--add-game-version", "1.21.9", "--yes"}
	out := c.ok(args...)
	want := "the server kept game version 1.18.2, which this edit removes"
	for _, s := range []string{"    ! " + want, "the server holds 1 version otherwise than planned"} {
		if !strings.Contains(out, s) {
			t.Fatalf("the results lack %q:\n%s", s, out)
		}
	}
	var res bulkJSON
	if err := json.Unmarshal([]byte(c.ok("versions", "edit", "lumen", "--ids", "G4T7DMwW", "--remove-game-version", "1.18.2",
		"--add-game-version", "1.21.9", "--yes", "--json")), &res); err != nil {
		t.Fatal(err)
	}
	if o := res.Outcomes[0]; o.Status != "updated" || !slices.Equal(o.Differences, []string{want}) {
		t.Fatalf("outcome = %+v", o)
	}
}

// TestDeleteReportsWhatTheServerKept: a deletion the server answered but
// did not do is not applied, says so, and exits 1.
func TestDeleteReportsWhatTheServerKept(t *testing.T) {
	t.Parallel()
	c := behindChoice(t, "alice", verifytest.KeepsOnDelete("G4T7DMwW"))
	r := c.run("", "versions", "delete", "lumen", "--ids", "13ubedvV,G4T7DMwW", "--yes")
	if r.code != ExitFailure || !strings.Contains(r.out, "! the server still has 1.0.1 after answering that it deleted it") {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", r.code, r.out, r.err)
	}
}

// TestUpdateLearnsTheServersFileList: versions update against a server
// that reads data.files as additions says what the server kept, that it
// reads the list as additions, and the follow-up it would send; without
// a terminal the follow-up is not sent. --json says the same.
func TestUpdateLearnsTheServersFileList(t *testing.T) {
	t.Parallel()
	c := behindChoice(t, "alice", verifytest.AdditionsFiles)
	r := c.run("", "versions", "update", "lumen", "1.3.0", "--remove-file", "lumen-1.3.0-sources.jar", "--yes")
	wantExit(t, r, ExitOK, "! the server kept lumen-1.3.0-sources.jar, which this update removes",
		"! this server reads data.files as additions", "A follow-up can send data.files naming only lumen-1.3.0-sources.jar",
		"follow-up: data.files = lumen-1.3.0-sources.jar", "Not sent: rdash asks before sending a follow-up")
	var res struct {
		Differences []string
		FollowUp    *followUpJSON `json:"follow_up"`
	}
	if err := json.Unmarshal([]byte(c.ok("versions", "update", "lumen", "1.3.0", "--remove-file", "lumen-1.3.0-sources.jar",
		"--yes", "--json")), &res); err != nil {
		t.Fatal(err)
	}
	if res.FollowUp == nil || !slices.Equal(res.FollowUp.Files, []string{"lumen-1.3.0-sources.jar"}) ||
		!slices.Contains(res.Differences, "the server kept lumen-1.3.0-sources.jar, which this update removes") {
		t.Fatalf("--json: differences %q, follow-up %+v", res.Differences, res.FollowUp)
	}
}

// TestUpdateSaysWhichFileTheServerMadePrimary: a server that makes the
// last file listed primary: the update says which file it made primary.
// Where that file was primary before, the answer cannot tell this server
// from one that keeps the primary a version has, and rdash says both;
// where it was not, rdash says the server takes the last.
func TestUpdateSaysWhichFileTheServerMadePrimary(t *testing.T) {
	t.Parallel()
	c := behindChoice(t, "alice", verifytest.PrimaryLast)
	r := c.run("", "versions", "update", "lumen", "1.3.0", "--primary", "lumen-1.3.0-sources.jar", "--yes")
	wantExit(t, r, ExitOK, "! the server made lumen-1.3.0.jar primary, not lumen-1.3.0-sources.jar",
		"the file listed last and the primary before this update: this server takes the last file listed for primary, "+
			"or keeps the primary a version has")
	if strings.Contains(r.err, "This server made the last file listed primary") {
		t.Errorf("said the server takes the last, which this answer cannot tell:\n%s", r.err)
	}
	const url = "https://cdn.example.org/lumen-1.3.0-fabric.jar"
	r = c.run("", "versions", "update", "lumen", "1.3.0", "--url", url, "--primary", "lumen-1.3.0-sources.jar", "--yes")
	wantExit(t, r, ExitOK, "! the server made "+url+" primary, not lumen-1.3.0-sources.jar",
		"This server made the last file listed primary, not the first.")
}

// TestCreateSaysWhichFileTheServerMadePrimary: versions create against a
// server that makes the last file listed primary says so, in words and
// in --json.
func TestCreateSaysWhichFileTheServerMadePrimary(t *testing.T) {
	t.Parallel()
	c := behindChoice(t, "alice", verifytest.PrimaryLast)
	dir := t.TempDir()
	a, b := writeTemp(t, dir, "a.jar", "AAA"), writeTemp(t, dir, "b.jar", "BB")
	args := []string{"versions", "create", "lumen", "--name", "Three", "--channel", "beta", "--file", a, "--file", b, "--yes"}
	r := c.run("", append(args, "--version", "3.1.0")...)
	wantExit(t, r, ExitOK, "published 3.1.0", "! the server made b.jar primary, not a.jar")
	var res struct{ Differences []string }
	if err := json.Unmarshal([]byte(c.ok(append(args, "--version", "3.1.1", "--json")...)), &res); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(res.Differences, []string{"the server made b.jar primary, not a.jar"}) {
		t.Fatalf("--json differences = %q", res.Differences)
	}
}

// TestInvitationActionsAreChecked: the answer to an invitation action
// shows nothing, so rdash reads the pending invitations after it. A
// cancel the server answered but did not do fails and says so; an
// invitation sent without its role says which role the server holds.
func TestInvitationActionsAreChecked(t *testing.T) {
	t.Parallel()
	c := behindChoice(t, "alice", verifytest.KeepsInvitations)
	r := c.run("", "invitations", "cancel", "emberforge", "dave", "--yes")
	if r.code != ExitFailure || strings.Contains(r.err, "cancelled dave's") ||
		!strings.Contains(r.err, "the server still lists the invitation of dave to emberforge as pending") {
		t.Fatalf("cancel: exit %d\n%s", r.code, r.err)
	}
	c = behindChoice(t, "alice", verifytest.DropsRole)
	r = c.run("", "invitations", "send", "emberforge", "erin", "--role", "Tester", "--permission", "MEMBER_CREATE", "--yes")
	wantExit(t, r, ExitOK, "invited erin to emberforge", `! the server's invitation gives the role "", not "Tester" as sent`,
		"! the server's invitation lacks the permission MEMBER_CREATE, which was sent")
	// An invitee cannot list the organization's invitations: the accept
	// says it was not checked, rather than that it was.
	r = newCLI(t, "dave", sandbox.Options{}).run("", "invitations", "accept", "emberforge", "--yes")
	wantExit(t, r, ExitOK, "not checked: only a member with MEMBER_CREATE may list emberforge's invitations")
}

// TestWritesAnsweredWithNothing: a create and an update the server
// answers with 204 and no body are read back and reported done, not
// "may or may not".
func TestWritesAnsweredWithNothing(t *testing.T) {
	t.Parallel()
	c := behindChoice(t, "alice", verifytest.SilentWrites)
	a := writeTemp(t, t.TempDir(), "a.jar", "AAA")
	wantExit(t, c.run("", "versions", "create", "lumen", "--version", "3.2.0", "--name", "Three", "--channel", "beta",
		"--file", a, "--yes"), ExitOK, "published 3.2.0")
	wantExit(t, c.run("", "versions", "update", "lumen", "3.2.0", "--name", "Three two", "--yes"), ExitOK, "updated lumen 3.2.0")
}
