package cmd

import (
	"strings"
	"testing"

	"rdash/api/sandbox"
)

// TestDownloadExternalHostNotBaseURL: a version's external file whose
// host does not resolve fails as that host's failure, named, never as
// base_url's, which answered the download's redirect (issue 27 item 4:
// "cannot reach http://…/api/v2 (lookup downloads.example.org …). Is it
// running?").
func TestDownloadExternalHostNotBaseURL(t *testing.T) {
	t.Parallel()
	c := newCLI(t, "alice", sandbox.Options{})
	// .onion never goes to DNS (RFC 7686): a host that does not resolve,
	// without a network.
	c.ok("versions", "create", "--yes", "lumen", "--version", "3.6.0", "--name", "n", "--channel", "beta",
		"--url", "https://downloads.example.onion/lumen-3.6.0.jar")
	r := c.run("", "versions", "download", "lumen", "3.6.0", "--dir", t.TempDir(), "--follow-external")
	wantExit(t, r, ExitFailure, "could not reach downloads.example.onion (the file's external host)")
	if strings.Contains(r.err, c.env["RDASH_BASE_URL"]) || strings.Contains(r.err, "Is it running") || strings.Contains(r.err, "base_url") {
		t.Errorf("blames base_url:\n%s", r.err)
	}
	honest(t, r, nil)
}
