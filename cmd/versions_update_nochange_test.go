package cmd

import (
	"strings"
	"testing"

	"rdash/api/sandbox"
)

// TestVersionsUpdateWithNothingChangedSendsNothing: values that are the
// version's already (a name, a list in the same order, the primary that
// is primary) change nothing, so no PATCH goes: rdash says "nothing to
// change" and exits 0 (issue 27). It used to send the PATCH.
func TestVersionsUpdateWithNothingChangedSendsNothing(t *testing.T) {
	t.Parallel()
	c := newCLI(t, "alice", sandbox.Options{})
	v := getVersion(t, c, "lumen", "1.3.0")
	primary := ""
	for _, f := range v.Files {
		if f.IsPrimary {
			primary = f.Name
		}
	}
	for _, args := range [][]string{
		{"--name", v.Name},
		{"--platform", strings.Join(v.Platforms, ","), "--channel", v.Channel.Slug},
		{"--primary", primary},
		{"--name", v.Name, "--json"},
	} {
		r := c.run("", append([]string{"versions", "update", "lumen", "1.3.0", "--yes"}, args...)...)
		if r.code != ExitOK || !strings.Contains(r.err, "nothing to change") || writes(c) != 0 {
			t.Fatalf("%v: exit %d, %d writes\nstdout:\n%s\nstderr:\n%s", args, r.code, writes(c), r.out, r.err)
		}
	}
}
