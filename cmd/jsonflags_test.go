package cmd

import (
	"encoding/json"
	"strings"
	"testing"

	"rdash/api/sandbox"
)

// --json FIELDS prints only the fields named, of each item of a list, in
// the contract's order, written after --json as one word or with =.
func TestJSONFieldSelection(t *testing.T) {
	t.Parallel()
	c := newCLI(t, "alice", sandbox.Options{})
	for _, args := range [][]string{
		{"versions", "list", "lumen", "--page-size", "3", "--json", "version,id"},
		{"versions", "list", "lumen", "--page-size", "3", "--json=version,id"},
		{"versions", "list", "--json", "version,id", "lumen", "--page-size", "3"},
	} {
		out := c.ok(args...)
		var got struct {
			Items    []map[string]any `json:"items"`
			NextPage *int             `json:"next_page"`
		}
		if err := json.Unmarshal([]byte(out), &got); err != nil {
			t.Fatalf("%v: %v\n%s", args, err, out)
		}
		if len(got.Items) != 3 || got.NextPage == nil || *got.NextPage != 2 {
			t.Fatalf("%v: %d items, next %v; want 3 and the envelope kept", args, len(got.Items), got.NextPage)
		}
		for _, it := range got.Items {
			if len(it) != 2 || it["id"] == nil || it["version"] == nil {
				t.Fatalf("%v: item %v, want id and version only", args, it)
			}
		}
		if strings.Index(out, `"id"`) > strings.Index(out, `"version"`) {
			t.Errorf("%v: fields not in the contract's order (id, then version):\n%s", args, out)
		}
	}
	// One field alone, the word after --json, and bare --json before the
	// argument: the argument stays an argument.
	if out := c.ok("versions", "get", "lumen", "2.4.0", "--json", "channel"); !strings.HasPrefix(out, "{\n  \"channel\": {") || strings.Contains(out, `"files"`) {
		t.Errorf("--json channel:\n%s", out)
	}
	if out := c.ok("versions", "get", "--json", "lumen", "2.4.0"); !strings.Contains(out, `"files"`) {
		t.Errorf("bare --json before the arguments:\n%s", out)
	}
	// A user named like a field stays an argument after --json=all.
	if r := c.run("", "invitations", "cancel", "emberforge", "--json=all", "dave", "--yes"); r.code != 0 || !strings.Contains(r.out, `"user": "dave"`) {
		t.Errorf("--json=all before an argument: exit %d\n%s%s", r.code, r.out, r.err)
	}
}

// A field the command does not print, a jq expression that does not
// parse, a template that does not parse, and --jq with --template, are
// usage errors (exit 2) found before anything is read.
func TestJSONFlagMistakesAreUsageErrors(t *testing.T) {
	t.Parallel()
	c := newCLI(t, "alice", sandbox.Options{})
	for _, tc := range []struct {
		args []string
		want []string
	}{
		{[]string{"versions", "list", "lumen", "--json", "id,verison"}, []string{"unknown JSON field verison; did you mean version?", "JSON fields: id, version, name, channel"}},
		{[]string{"versions", "get", "lumen", "2.4.0", "--json=files,sha256"}, []string{"unknown JSON field sha256\n"}},
		// The word after a bare --json that cannot be an argument is its
		// fields, mistyped: not "accepts 1 arg(s), received 2".
		{[]string{"versions", "list", "lumen", "--json", "verison"}, []string{"unknown JSON field verison; did you mean version?", "JSON fields: id, version"}},
		{[]string{"auth", "status", "--json", "accont"}, []string{"unknown JSON field accont; did you mean account?", "JSON fields: host,"}},
		{[]string{"versions", "list", "lumen", "--json", "id,"}, []string{"--json id,: an empty field name (a comma too many?)"}},
		{[]string{"versions", "list", "lumen", "--json=id,,version"}, []string{"--json id,,version: an empty field name"}},
		{[]string{"versions", "list", "lumen", "--jq", ".items[] |"}, []string{"--jq"}},
		{[]string{"versions", "list", "lumen", "--template", "{{.items"}, []string{"--template"}},
		{[]string{"versions", "list", "lumen", "--jq", ".", "--template", "x"}, []string{"jq", "template"}},
	} {
		r := c.run("", tc.args...)
		if r.code != ExitCancel || r.out != "" {
			t.Errorf("%v: exit %d, stdout %q; want 2 and nothing printed", tc.args, r.code, r.out)
		}
		for _, w := range append(tc.want, "Usage:") {
			if !strings.Contains(r.err, w) {
				t.Errorf("%v: stderr lacks %q:\n%s", tc.args, w, r.err)
			}
		}
	}
	if n := c.srv.InFlight(sandbox.ClassRead).Total; n != 0 {
		t.Errorf("refused commands read %d times", n)
	}
}

// --jq filters the JSON with gojq: strings come out as text, one a line,
// anything else as JSON, one a line in a pipe; it needs no --json.
func TestJSONJQ(t *testing.T) {
	t.Parallel()
	c := newCLI(t, "alice", sandbox.Options{})
	out := c.ok("versions", "list", "lumen", "--page-size", "3", "--jq", ".items[].version")
	if out != "2.4.0\n2.4.0-beta.1\n2.3.1\n" {
		t.Errorf("--jq .items[].version = %q", out)
	}
	out = c.ok("versions", "list", "lumen", "--json", "id,downloads", "--jq", `.items[0] | {id, downloads, n: (.downloads + 1)}`)
	if out != `{"downloads":6210,"id":"EEeBM181","n":6211}`+"\n" {
		t.Errorf("--jq object = %q", out)
	}
	if r := c.run("", "versions", "list", "lumen", "--jq", `.items[0].version | error`); r.code != ExitFailure || !strings.Contains(r.err, "--jq") {
		t.Errorf("a failing expression: exit %d, %q", r.code, r.err)
	}
}

// --template formats the JSON with text/template and gh's helpers;
// tablerow lays rows out as rdash's tables are (tab-separated in a pipe).
func TestJSONTemplate(t *testing.T) {
	t.Parallel()
	c := newCLI(t, "alice", sandbox.Options{})
	out := c.ok("versions", "list", "lumen", "--page-size", "2", "--template",
		`{{range .items}}{{tablerow .version .channel.slug (join "," .platforms)}}{{end}}`)
	if want := "2.4.0\trelease\tpaper,folia,fabric,neoforge\n2.4.0-beta.1\tbeta\tpaper\n"; out != want {
		t.Errorf("--template tablerow = %q, want %q", out, want)
	}
	out = c.ok("versions", "get", "lumen", "2.4.0", "--template", `{{.version}} {{timefmt "2006-01-02" .created_at}} {{truncate 8 .name}}`)
	if out != "2.4.0 2025-10-07 Lumen 2…" {
		t.Errorf("--template helpers = %q", out)
	}
}
