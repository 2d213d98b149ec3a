package api_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"strings"
	"testing"

	"rdash/api"
	"rdash/api/sandbox"
)

// fileNames lists a version's files as name, "*" marking the primary.
func fileNames(v *api.Version) string {
	var out []string
	for _, f := range v.Files {
		s := f.Name
		if f.IsPrimary {
			s += "*"
		}
		out = append(out, s)
	}
	return strings.Join(out, ",")
}

func TestSandboxCreateUploadsURLsOrBoth(t *testing.T) {
	t.Parallel()
	env := startSandbox(t, sandbox.Options{})
	c, _ := env.as(t, "alice", nil)
	ext := "https://example.org/dl/lumen-fabric.jar"
	for _, tc := range []struct {
		version string
		files   []string
		uploads []api.Upload
		want    string
	}{
		{"7.0.0", []string{"a.jar", "b-sources.jar"}, []api.Upload{uploadBytes("a.jar", []byte("A")), uploadBytes("b-sources.jar", []byte("BB"))}, "a.jar*,b-sources.jar"},
		{"7.0.1", []string{ext}, nil, ext + "*"},
		{"7.0.2", []string{ext, "a.jar"}, []api.Upload{uploadBytes("a.jar", []byte("A"))}, ext + "*,a.jar"},
	} {
		v, _, err := c.CreateVersion(t.Context(), "lumen", &api.CreateVersionRequest{Channel: "beta", Version: tc.version,
			Name: "Lumen " + tc.version, Files: tc.files, Uploads: tc.uploads})
		if err != nil {
			t.Fatalf("%s: %v", tc.version, err)
		}
		if got := fileNames(v); got != tc.want {
			t.Errorf("%s: files %s, want %s", tc.version, got, tc.want)
		}
		for _, f := range v.Files {
			if f.ExternalURL == "" && (f.Checksum["sha256"] == nil || f.Size == 0) {
				t.Errorf("%s: uploaded %s has no checksum or size: %+v", tc.version, f.Name, f)
			}
		}
	}
}

func TestSandboxUpdateOneFiles(t *testing.T) {
	t.Parallel()
	env := startSandbox(t, sandbox.Options{})
	c, _ := env.as(t, "alice", nil)
	ctx := t.Context()
	v, _, err := c.CreateVersion(ctx, "lumen", &api.CreateVersionRequest{Channel: "beta", Version: "7.1.0", Name: "Seven",
		Files: []string{"a.jar", "b.jar"}, Uploads: []api.Upload{uploadBytes("a.jar", []byte("A1")), uploadBytes("b.jar", []byte("B1"))}})
	if err != nil {
		t.Fatal(err)
	}
	oldA := v.Files[0]
	// Replace a.jar, remove b.jar, add c.jar and a URL, make c.jar primary.
	ext := "https://example.org/c-fabric.jar"
	name := "Seven, edited"
	v, _, err = c.UpdateVersion(ctx, "lumen", v.ID, &api.UpdateVersionRequest{Name: &name,
		Files:   []string{"c.jar", "a.jar", ext},
		Uploads: []api.Upload{uploadBytes("a.jar", []byte("A2 longer")), uploadBytes("c.jar", []byte("C"))}})
	if err != nil {
		t.Fatal(err)
	}
	if got := fileNames(v); got != "c.jar*,a.jar,"+ext || v.Name != name {
		t.Fatalf("after update: %s %q", got, v.Name)
	}
	if v.Files[1].ID == oldA.ID || v.Files[1].Size != int64(len("A2 longer")) {
		t.Errorf("a.jar was not replaced: %+v (was %+v)", v.Files[1], oldA)
	}
	// Keep by name: nothing uploaded, only b removed (already) and the URL dropped.
	v, _, err = c.UpdateVersion(ctx, "lumen", v.ID, &api.UpdateVersionRequest{Files: []string{"a.jar", "c.jar"}})
	if err != nil {
		t.Fatal(err)
	}
	if got := fileNames(v); got != "a.jar*,c.jar" {
		t.Errorf("after keep/remove: %s", got)
	}
	rc, _, err := c.Download(ctx, "lumen", v.ID, "")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(rc)
	rc.Close()
	if string(b) != "A2 longer" {
		t.Errorf("primary download %q", b)
	}
}

// rawCreate sends a create request as given, bypassing the client's
// checks, and returns the sandbox's status and error message.
func rawCreate(t *testing.T, env *sandboxEnv, data map[string]any, parts map[string]int64, order []string) (int, string) {
	t.Helper()
	tok, err := env.srv.MintToken("alice")
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	meta, _ := json.Marshal(data)
	mw.WriteField("data", string(meta))
	for _, name := range order {
		w, _ := mw.CreateFormFile(name, name)
		w.Write(bytes.Repeat([]byte("x"), int(parts[name])))
	}
	mw.Close()
	req, _ := http.NewRequestWithContext(t.Context(), "POST", env.run.BaseURL+"/projects/lumen/versions", &buf)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	req.Header.Set("Authorization", "Bearer "+tok)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var e struct {
		Error struct{ Message string } `json:"error"`
	}
	json.NewDecoder(resp.Body).Decode(&e)
	return resp.StatusCode, e.Error.Message
}

// TestLimitsNamedAlike: each limit the interface document states is
// refused by the client before any request is sent, and by the sandbox,
// sent raw, naming the same field. Those it does not state (how many
// files, how large, how large the data part) are sent by the client, and
// the sandbox's refusal, naming the field, is what it returns (issue 20.3).
func TestLimitsNamedAlike(t *testing.T) {
	t.Parallel()
	const smallFile, smallAll = 1000, 1500
	env := startSandbox(t, sandbox.Options{MaxFileBytes: smallFile, MaxUploadBytes: smallAll})
	c, rt := env.as(t, "alice", nil)
	long := func(n int) string { return strings.Repeat("v", n) }
	longURL := "https://example.org/" + long(api.MaxExternalURLLength)
	many := func(n int) ([]string, []api.Upload, map[string]int64, []string) {
		var files []string
		var ups []api.Upload
		parts := map[string]int64{}
		for i := range n {
			name := fmt.Sprintf("p%03d.jar", i)
			files = append(files, name)
			ups = append(ups, uploadBytes(name, []byte("x")))
			parts[name] = 1
		}
		return files, ups, parts, files
	}
	mFiles, mUps, mParts, mOrder := many(101)
	for _, tc := range []struct {
		name      string
		field     string
		version   string
		vname     string
		files     []string
		uploads   []api.Upload
		rawParts  map[string]int64 // sizes sent raw, against the small limits
		rawOrder  []string
		rawStatus int
		changelog string
		sent      bool // not the document's rule: the client sends it
	}{
		{name: "version", field: "data.version", version: long(api.MaxVersionLength + 1), files: []string{"https://example.org/x.jar"}, rawStatus: 400},
		{name: "name", field: "data.name", vname: long(api.MaxNameLength + 1), files: []string{"https://example.org/x.jar"}, rawStatus: 400},
		{name: "file name", field: "data.files[0]", files: []string{long(api.MaxUploadNameLength + 1)},
			uploads:  []api.Upload{uploadBytes(long(api.MaxUploadNameLength+1), []byte("x"))},
			rawParts: map[string]int64{long(api.MaxUploadNameLength + 1): 1}, rawOrder: []string{long(api.MaxUploadNameLength + 1)}, rawStatus: 400},
		{name: "data part", field: "data", files: []string{"https://example.org/x.jar"}, changelog: long(sandbox.MaxBodyBytes), rawStatus: 413, sent: true},
		{name: "url", field: "data.files[0]", files: []string{longURL}, rawStatus: 400},
		{name: "listed, not uploaded", field: "data.files[1]", files: []string{"a.jar", "b.jar"}, uploads: []api.Upload{uploadBytes("a.jar", []byte("a"))},
			rawParts: map[string]int64{"a.jar": 1}, rawOrder: []string{"a.jar"}, rawStatus: 400},
		{name: "uploaded, not listed", field: "files[1]", files: []string{"a.jar"}, uploads: []api.Upload{uploadBytes("a.jar", []byte("a")), uploadBytes("c.jar", []byte("c"))},
			rawParts: map[string]int64{"a.jar": 1, "c.jar": 1}, rawOrder: []string{"a.jar", "c.jar"}, rawStatus: 400},
		{name: "count", field: "files", files: mFiles, uploads: mUps, rawParts: mParts, rawOrder: mOrder, rawStatus: 400, sent: true},
		{name: "file size", field: "files[1]", files: []string{"a.jar", "big.jar"},
			uploads:  []api.Upload{uploadBytes("a.jar", []byte("a")), uploadBytes("big.jar", bytes.Repeat([]byte("b"), smallFile+1))},
			rawParts: map[string]int64{"a.jar": 1, "big.jar": smallFile + 1}, rawOrder: []string{"a.jar", "big.jar"}, rawStatus: 413, sent: true},
		{name: "request size", field: "files", files: []string{"a.jar", "b.jar"},
			uploads:  []api.Upload{uploadBytes("a.jar", bytes.Repeat([]byte("a"), smallFile)), uploadBytes("b.jar", bytes.Repeat([]byte("b"), smallFile))},
			rawParts: map[string]int64{"a.jar": smallFile, "b.jar": smallFile}, rawOrder: []string{"a.jar", "b.jar"}, rawStatus: 413, sent: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			version := cmpOr(tc.version, "8.0.0")
			vname := cmpOr(tc.vname, "Eight")
			before := rt.n.Load()
			_, _, err := c.CreateVersion(t.Context(), "lumen", &api.CreateVersionRequest{Channel: "beta", Version: version, Name: vname,
				Files: tc.files, Uploads: tc.uploads, Changelog: tc.changelog})
			checkRefusal(t, err, tc.sent, tc.rawStatus, tc.field, rt.n.Load()-before)
			status, msg := rawCreate(t, env, map[string]any{"channel": "beta", "version": version, "name": vname, "files": tc.files, "changelog": tc.changelog}, tc.rawParts, tc.rawOrder)
			if status != tc.rawStatus || !strings.HasPrefix(msg, tc.field+":") {
				t.Errorf("sandbox: %d %q, want %d naming %s", status, msg, tc.rawStatus, tc.field)
			}
		})
	}
}

// checkRefusal checks a refusal naming field: the client's own, with
// nothing sent, or (sent) the server's status and message in one request.
func checkRefusal(t *testing.T, err error, sent bool, status int, field string, requests int64) {
	t.Helper()
	var ve *api.ValidationError
	var se *api.Error
	switch {
	case !sent && (!errors.As(err, &ve) || ve.Field != field || requests != 0):
		t.Fatalf("client: %v after %d requests, want a refusal naming %s and nothing sent", err, requests, field)
	case sent && (!errors.As(err, &se) || se.StatusCode != status || !strings.HasPrefix(se.Message, field+":") || requests != 1):
		t.Fatalf("client: %v after %d requests, want it sent once and the server's %d naming %s", err, requests, status, field)
	}
}

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// TestUpdateLimitsNamedAlike: the single-version PATCH's file rules, refused
// by the client before sending (what the document states) or sent and
// refused by the sandbox (the rest), and by the sandbox sent raw, name the
// same field.
func TestUpdateLimitsNamedAlike(t *testing.T) {
	t.Parallel()
	env := startSandbox(t, sandbox.Options{MaxFileBytes: 1000})
	c, rt := env.as(t, "alice", nil)
	tok, err := env.srv.MintToken("alice")
	if err != nil {
		t.Fatal(err)
	}
	raw := func(files []string, parts map[string]int) (int, string) {
		var buf bytes.Buffer
		mw := multipart.NewWriter(&buf)
		meta, _ := json.Marshal(map[string]any{"files": files})
		mw.WriteField("data", string(meta))
		for _, name := range []string{"a.jar", "b.jar"} {
			if n, ok := parts[name]; ok {
				w, _ := mw.CreateFormFile(name, name)
				w.Write(bytes.Repeat([]byte("x"), n))
			}
		}
		mw.Close()
		req, _ := http.NewRequestWithContext(t.Context(), "PATCH", env.run.BaseURL+"/projects/lumen/versions/2.4.0", &buf)
		req.Header.Set("Content-Type", mw.FormDataContentType())
		req.Header.Set("Authorization", "Bearer "+tok)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var e struct {
			Error struct{ Message string } `json:"error"`
		}
		json.NewDecoder(resp.Body).Decode(&e)
		return resp.StatusCode, e.Error.Message
	}
	for _, tc := range []struct {
		name    string
		field   string
		files   []string
		uploads []api.Upload
		parts   map[string]int
		status  int
		sent    bool
	}{
		{"no file left", "data.files", []string{}, nil, nil, 400, true},
		{"upload not listed", "files[0]", []string{"lumen-2.4.0.jar"}, []api.Upload{uploadBytes("a.jar", []byte("a"))}, map[string]int{"a.jar": 1}, 400, false},
		{"file too large", "files[0]", []string{"a.jar"}, []api.Upload{uploadBytes("a.jar", bytes.Repeat([]byte("a"), 1001))}, map[string]int{"a.jar": 1001}, 413, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before := rt.n.Load()
			_, _, err := c.UpdateVersion(t.Context(), "lumen", "2.4.0", &api.UpdateVersionRequest{Files: tc.files, Uploads: tc.uploads})
			checkRefusal(t, err, tc.sent, tc.status, tc.field, rt.n.Load()-before)
			if status, msg := raw(tc.files, tc.parts); status != tc.status || !strings.HasPrefix(msg, tc.field+":") {
				t.Errorf("sandbox: %d %q, want %d naming %s", status, msg, tc.status, tc.field)
			}
		})
	}
}
