package cmd

import (
	"encoding/json"
	"net/http"
	"strings"
	"sync"
	"testing"

	"rdash/api/sandbox"
)

// failOnePart answers 503, without reaching the sandbox, to the first
// bulk request (PATCH or DELETE) whose ids hold id; every other request
// goes through, as through a proxy that dropped one.
func failOnePart(id string) func(http.Handler) http.Handler {
	var once sync.Once
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			hit := false
			if r.Method != http.MethodGet && strings.Contains(","+r.URL.Query().Get("ids")+",", ","+id+",") {
				once.Do(func() { hit = true })
			}
			if !hit {
				next.ServeHTTP(w, r)
				return
			}
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusServiceUnavailable)
			w.Write([]byte(`{"error":{"code":"unavailable","message":"the server is busy"}}`))
		})
	}
}

// firstIDs are the IDs of project's first n versions as listed.
func (c *cli) firstIDs(project string, n int) []string {
	c.t.Helper()
	ids := strings.Fields(c.ok("versions", "list", project, "--page-size", "100", "--all", "--jq", ".items[].id"))
	if len(ids) < n {
		c.t.Fatalf("%s has %d versions, want %d", project, len(ids), n)
	}
	return ids[:n]
}

// TestBulkEditInPartsSaysSo edits five versions with a part size of two:
// the preview says the edit goes in three parts, any of which can fail
// alone; the answer to the second is lost (503), and the results say
// which part failed while the others went through, in text and in JSON.
func TestBulkEditInPartsSaysSo(t *testing.T) {
	t.Parallel()
	probe := newCLI(t, "alice", sandbox.Options{})
	ids := probe.firstIDs("lumen", 5)
	for _, asJSON := range []bool{false, true} {
		c := newCLIBehind(t, "alice", sandbox.Options{}, failOnePart(ids[2]))
		c.env["RDASH_BULK_PART_SIZE"] = "2"
		args := []string{"versions", "edit", "lumen", "--ids", strings.Join(ids, ","), "--name", "Lumen in parts", "--yes"}
		if asJSON {
			args = append(args, "--json", "parts,outcomes")
		}
		r := c.run("", args...)
		if r.code != ExitFailure {
			t.Fatalf("exit %d, want 1 (a part failed)\n%s\n%s", r.code, r.out, r.err)
		}
		if asJSON {
			var got struct{ Parts partsJSON }
			if err := json.Unmarshal([]byte(r.out), &got); err != nil {
				t.Fatal(err)
			}
			p := got.Parts
			if p.Planned != 3 || p.Largest != 2 || p.Sent == nil || *p.Sent != 3 || len(p.Failed) != 1 ||
				p.Failed[0].Part != 2 || strings.Join(p.Failed[0].IDs, ",") != ids[2]+","+ids[3] ||
				!strings.Contains(p.Failed[0].Error, "busy") {
				t.Fatalf("parts = %+v:\n%s", p, r.out)
			}
			continue
		}
		for _, want := range []string{"5 versions, sent in 3 parts of up to 2: a part can fail while others succeed.",
			"Sent in 3 parts of up to 2: 2 went through, 1 failed (part 2; its versions are listed above)."} {
			if !strings.Contains(r.out, want) {
				t.Errorf("stdout lacks %q:\n%s", want, r.out)
			}
		}
	}
}

// TestOnePartSaysNothingOfParts: an edit that goes in one request says
// nothing of parts in text; its JSON says one part, sent.
func TestOnePartSaysNothingOfParts(t *testing.T) {
	t.Parallel()
	c := newCLI(t, "alice", sandbox.Options{})
	ids := strings.Join(c.firstIDs("lumen", 5), ",")
	out := c.ok("versions", "edit", "lumen", "--ids", ids, "--name", "Lumen in one", "--yes")
	if strings.Contains(out, "parts") {
		t.Fatalf("an edit in one part speaks of parts:\n%s", out)
	}
	var got struct{ Parts partsJSON }
	out = c.ok("versions", "edit", "lumen", "--ids", ids, "--name", "Lumen again", "--yes", "--json", "parts")
	if err := json.Unmarshal([]byte(out), &got); err != nil || got.Parts.Planned != 1 || got.Parts.Largest != 5 ||
		got.Parts.Sent == nil || *got.Parts.Sent != 1 || got.Parts.Failed == nil || len(got.Parts.Failed) != 0 {
		t.Fatalf("parts = %+v, %v:\n%s", got.Parts, err, out)
	}
	if out := c.ok("versions", "edit", "lumen", "--ids", ids, "--name", "Lumen again", "--dry-run", "--json", "parts"); !strings.Contains(out, `"parts": null`) {
		t.Fatalf("an edit that sends nothing has parts:\n%s", out)
	}
}

// TestDeleteAndUndoInPartsSaySo: a deletion and an undo of more versions
// than a part holds say so before they are sent, and how it went after.
func TestDeleteAndUndoInPartsSaySo(t *testing.T) {
	t.Parallel()
	c := newCLI(t, "alice", sandbox.Options{})
	c.env["RDASH_BULK_PART_SIZE"] = "2"
	ids := c.firstIDs("lumen", 8)
	c.ok("versions", "edit", "lumen", "--ids", strings.Join(ids[:5], ","), "--name", "Renamed", "--yes")
	out := c.ok("versions", "undo", "lumen", "--yes")
	for _, want := range []string{"5 versions, sent in 5 parts of one version each: a part can fail while others succeed.",
		"Sent in 5 parts of one version each: every part went through."} {
		if !strings.Contains(out, want) {
			t.Errorf("undo: stdout lacks %q:\n%s", want, out)
		}
	}
	out = c.ok("versions", "delete", "lumen", "--ids", strings.Join(ids[5:], ","), "--yes")
	for _, want := range []string{"3 versions, sent in 2 parts of up to 2: a part can fail while others succeed.",
		"Sent in 2 parts of up to 2: every part went through."} {
		if !strings.Contains(out, want) {
			t.Errorf("delete: stdout lacks %q:\n%s", want, out)
		}
	}
}

// TestTwelveHundredVersionsInParts previews an edit of 1,200 versions at
// the default part size: twelve parts of up to 100.
func TestTwelveHundredVersionsInParts(t *testing.T) {
	t.Parallel()
	c := newCLI(t, "bob", sandbox.Options{})
	ids := strings.Join(c.firstIDs("emberforge-core", 1200), ",")
	out := c.ok("versions", "edit", "emberforge-core", "--ids", ids, "--name", "Emberforge, renamed", "--dry-run")
	if want := "1,200 versions, sent in 12 parts of up to 100: a part can fail while others succeed."; !strings.Contains(out, want) {
		t.Fatalf("the preview lacks %q:\n%.3000s", want, out[max(0, len(out)-3000):])
	}
}
