package cmd

import (
	"strings"
	"testing"

	"rdash/api/sandbox"
)

// A base_url with a wrong path reaches the web server in front of the
// service, not the API: every command says so, naming the URL and
// base_url, instead of printing nothing or "there is no project".
func TestWrongBaseURLIsSaid(t *testing.T) {
	t.Parallel()
	c := newCLI(t, "alice", sandbox.Options{})
	wrong := strings.TrimSuffix(c.env["RDASH_BASE_URL"], sandbox.APIPrefix) + "/wrong"
	c.env["RDASH_BASE_URL"] = wrong
	for _, args := range [][]string{{"projects", "list"}, {"versions", "list", "lumen"}, {"versions", "get", "lumen", "2.4.0"}} {
		r := c.run("", args...)
		if r.code != ExitFailure || !strings.Contains(r.err, wrong+"/") || !strings.Contains(r.err, "base_url") ||
			strings.Contains(r.err, "no project") {
			t.Errorf("%v: exit %d\nstdout: %s\nstderr: %s", args, r.code, r.out, r.err)
		}
	}
}
