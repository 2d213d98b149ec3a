package cmd

import (
	"encoding/json"
	"strings"
	"testing"

	"rdash/api/sandbox"
	"rdash/api/sandbox/sandboxtest"
)

// TestContractUpdateFilesVaried: an update of a version's files against
// every reading of data.files and of the primary file the varied seeds
// draw. Afterwards the server holds what rdash planned, or rdash said
// where it differs, naming the file ("the server kept
// lumen-1.5.0-sources.jar, which this update removes"; "the server made
// lumen-1.5.0.jar primary"): what rdash says the server did is what the
// server's answer shows. lumen 1.5.0 has lumen-1.5.0.jar (primary) and
// lumen-1.5.0-sources.jar.
func TestContractUpdateFilesVaried(t *testing.T) {
	t.Parallel()
	profiles := append(sandboxtest.Profiles(), sandboxtest.Varied(t)...)
	for _, p := range profiles {
		c := p.Options.Choices
		t.Run(p.Name+"/remove a file", func(t *testing.T) {
			t.Parallel()
			sandboxtest.Explain(t, p.Options)
			if c != nil && c.UpdateFiles == sandbox.FilesAdditions {
				t.Skip("needs issue 27 item 3: update-files=additions: the server keeps the file --remove-file removes, and rdash reports it removed")
			}
			cl := newCLI(t, "alice", p.Options)
			r := cl.run("", "versions", "update", "lumen", "1.5.0", "--remove-file", "lumen-1.5.0-sources.jar", "--yes")
			wantExit(t, r, ExitOK)
			files := heldFiles(t, cl, "1.5.0")
			if _, kept := files["lumen-1.5.0-sources.jar"]; kept && !saysOf(r.err, "kept", "lumen-1.5.0-sources.jar") {
				t.Errorf("the server kept lumen-1.5.0-sources.jar and rdash did not say so:\n%s", r.err)
			}
		})
		t.Run(p.Name+"/make another file primary", func(t *testing.T) {
			t.Parallel()
			sandboxtest.Explain(t, p.Options)
			if c != nil && c.Primary != sandbox.PrimaryFirst {
				t.Skip("needs issue 27 item 3: primary=" + string(c.Primary) + ": the server makes another file primary than --primary, and rdash does not say")
			}
			cl := newCLI(t, "alice", p.Options)
			r := cl.run("", "versions", "update", "lumen", "1.5.0", "--primary", "lumen-1.5.0-sources.jar", "--yes")
			wantExit(t, r, ExitOK)
			for name, primary := range heldFiles(t, cl, "1.5.0") {
				if primary && name != "lumen-1.5.0-sources.jar" && !saysOf(r.err, "primary", name) {
					t.Errorf("the server made %s primary and rdash did not say so:\n%s", name, r.err)
				}
			}
		})
	}
}

// heldFiles reads what the server holds of lumen's version: each file's
// name and whether it is primary.
func heldFiles(t *testing.T, cl *cli, version string) map[string]bool {
	t.Helper()
	var v struct {
		Files []struct {
			Name    string `json:"name"`
			Primary bool   `json:"primary"`
		} `json:"files"`
	}
	if err := json.Unmarshal([]byte(cl.ok("versions", "get", "lumen", version, "--json")), &v); err != nil {
		t.Fatal(err)
	}
	out := map[string]bool{}
	for _, f := range v.Files {
		out[f.Name] = f.Primary
	}
	return out
}

// saysOf reports whether one line of text holds both word and name.
func saysOf(text, word, name string) bool {
	for line := range strings.SplitSeq(text, "\n") {
		if strings.Contains(line, word) && strings.Contains(line, name) {
			return true
		}
	}
	return false
}
