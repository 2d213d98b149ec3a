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
// lumen-1.5.0.jar primary"), and offered the follow-up it knows: what
// rdash says the server did is what the server's answer shows. lumen
// 1.5.0 has lumen-1.5.0.jar (primary) and lumen-1.5.0-sources.jar.
func TestContractUpdateFilesVaried(t *testing.T) {
	t.Parallel()
	profiles := append(sandboxtest.Profiles(), sandboxtest.Varied(t)...)
	for _, p := range profiles {
		c := p.Options.Choices
		t.Run(p.Name+"/remove a file", func(t *testing.T) {
			t.Parallel()
			sandboxtest.Explain(t, p.Options)
			cl := newCLI(t, "alice", p.Options)
			r := cl.run("", "versions", "update", "lumen", "1.5.0", "--remove-file", "lumen-1.5.0-sources.jar", "--yes")
			wantExit(t, r, ExitOK)
			_, kept := heldFiles(t, cl, "1.5.0")["lumen-1.5.0-sources.jar"]
			if additions := c != nil && c.UpdateFiles == sandbox.FilesAdditions; kept != additions {
				t.Fatalf("the server kept the file: %v, but its reading is additions: %v", kept, additions)
			}
			if !kept {
				saysNone(t, r.err, "kept", "follow-up")
				return
			}
			for _, want := range []string{"! the server kept lumen-1.5.0-sources.jar, which this update removes",
				"! this server reads data.files as additions", "follow-up: data.files = lumen-1.5.0-sources.jar",
				"Not sent: rdash asks before sending a follow-up"} {
				if !strings.Contains(r.err, want) {
					t.Errorf("the server kept lumen-1.5.0-sources.jar, and rdash did not say %q:\n%s", want, r.err)
				}
			}
		})
		t.Run(p.Name+"/make another file primary", func(t *testing.T) {
			t.Parallel()
			sandboxtest.Explain(t, p.Options)
			cl := newCLI(t, "alice", p.Options)
			r := cl.run("", "versions", "update", "lumen", "1.5.0", "--primary", "lumen-1.5.0-sources.jar", "--yes")
			wantExit(t, r, ExitOK)
			primary := ""
			for name, isPrimary := range heldFiles(t, cl, "1.5.0") {
				if isPrimary {
					primary = name
				}
			}
			// The other readings make the jar primary: the file listed
			// last and the primary before, which rdash cannot tell apart.
			want := "lumen-1.5.0-sources.jar"
			if c != nil && c.Primary != sandbox.PrimaryFirst {
				want = "lumen-1.5.0.jar"
			}
			if primary != want {
				t.Fatalf("the server made %q primary, want %q", primary, want)
			}
			if primary == "lumen-1.5.0-sources.jar" {
				saysNone(t, r.err, "primary", "follow-up")
				return
			}
			for _, want := range []string{"! the server made lumen-1.5.0.jar primary, not lumen-1.5.0-sources.jar",
				"this server takes the last file listed for primary, or keeps the primary a version has",
				"follow-up: data.files = lumen-1.5.0.jar, lumen-1.5.0-sources.jar"} {
				if !strings.Contains(r.err, want) {
					t.Errorf("the server made lumen-1.5.0.jar primary, and rdash did not say %q:\n%s", want, r.err)
				}
			}
		})
	}
}

// saysNone fails when text holds any of words: the server did as asked,
// so there is nothing to report.
func saysNone(t *testing.T, text string, words ...string) {
	t.Helper()
	for _, w := range words {
		if strings.Contains(text, w) {
			t.Errorf("the server did as asked, but rdash says %q:\n%s", w, text)
		}
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
