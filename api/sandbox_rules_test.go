package api_test

import (
	"bytes"
	"encoding/json"
	"mime/multipart"
	"net/http"
	"strings"
	"testing"

	"rdash/api/sandbox"
)

// TestSandboxRejectionsSendNothing runs every client-side rule (those the
// interface document states) against the sandbox with a signed-in client:
// each is refused before the network.
func TestSandboxRejectionsSendNothing(t *testing.T) {
	t.Parallel()
	env := startSandbox(t, sandbox.Options{})
	c, rt := env.as(t, "alice", nil)
	for _, r := range rejections() {
		before := rt.n.Load()
		err := r.call(t.Context(), c)
		checkRejection(t, err, r.field)
		if sent := rt.n.Load() - before; sent != 0 {
			t.Errorf("%s: %d requests sent", r.name, sent)
		}
	}
}

// TestSandboxAgreesWithClientRules sends requests that break the
// interface's rules, or the sandbox's own (which the client leaves to the
// server), straight to the sandbox, which must refuse them with a 400
// naming the field the client would name: the two sides must not drift
// apart.
func TestSandboxAgreesWithClientRules(t *testing.T) {
	t.Parallel()
	env := startSandbox(t, sandbox.Options{})
	tok, err := env.srv.MintToken("alice")
	if err != nil {
		t.Fatal(err)
	}
	long := strings.Repeat("é", 65)
	bulk := map[string]string{
		"body": `{}`,
		// The client blames add_platforms; either names the clash.
		"platforms":                         `{"platforms":["paper"],"add_platforms":["folia"]}`,
		"add_platforms[0]":                  `{"add_platforms":["sponge"]}`,
		"name":                              `{"name":"` + long + `"}`,
		"dependencies[1]":                   `{"dependencies":[{"type":"required","name":"X"},{"type":"optional","name":"X"}]}`,
		"remove_dependencies[0].version_id": `{"remove_dependencies":[{"type":"required","version_id":"short"}]}`,
		"add_dependencies[0].url":           `{"add_dependencies":[{"type":"required","project_id":"prjEmber","url":"https://x.org"}]}`,
		"add_dependencies[0]":               `{"add_dependencies":[{"type":"required","project_id":"prjEmber","name":"X"}]}`,
		"add_dependencies[0].name":          `{"add_dependencies":[{"type":"required","name":"a\u200bb"}]}`,
		"add_minecraft_versions[0]":         `{"add_minecraft_versions":["` + strings.Repeat("1", 33) + `"]}`,
		"remove_minecraft_versions[0]":      `{"remove_minecraft_versions":[""]}`,
	}
	for field, body := range bulk {
		req, _ := http.NewRequestWithContext(t.Context(), http.MethodPatch, env.run.BaseURL+"/projects/lumen/versions?ids="+lumenV100, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		expect400(t, req, tok, field)
	}
	create := map[string]map[string]any{
		"data.version":                    {"version": strings.Repeat("1", 33)},
		"data.name":                       {"name": long},
		"data.files":                      {"files": []string{}},
		"data.files[0]":                   {"files": []string{"ftp://example.com/a.jar"}},
		"data.minecraft_versions[0]":      {"minecraft_versions": []string{strings.Repeat("1", 33)}},
		"data.platforms[0]":               {"platforms": []string{"bungee"}},
		"data.dependencies[0]":            {"dependencies": []map[string]string{{"type": "required", "version_id": "AbCd1234", "project_id": "prjEmber"}}},
		"data.dependencies[0].version_id": {"dependencies": []map[string]string{{"type": "required", "version_id": "AbCd12-4"}}},
		"data.dependencies[0].type":       {"dependencies": []map[string]string{{"type": "soft", "project_id": "prjEmber"}}},
	}
	for field, override := range create {
		data := map[string]any{"channel": "release", "version": "7.7.7", "name": "Seven", "files": []string{"https://example.com/7.jar"}}
		for k, v := range override {
			data[k] = v
		}
		expect400(t, multipartRequest(t, env.run.BaseURL+"/projects/lumen/versions", data), tok, field)
	}
}

func multipartRequest(t *testing.T, url string, data any) *http.Request {
	t.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	meta, _ := json.Marshal(data)
	_ = mw.WriteField("data", string(meta))
	_ = mw.Close()
	req, err := http.NewRequestWithContext(t.Context(), http.MethodPost, url, &buf)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", mw.FormDataContentType())
	return req
}

func expect400(t *testing.T, req *http.Request, tok, field string) {
	t.Helper()
	req.Header.Set("Authorization", "Bearer "+tok)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var body struct {
		Error struct{ Message string }
	}
	_ = json.NewDecoder(resp.Body).Decode(&body)
	if resp.StatusCode != http.StatusBadRequest || !strings.HasPrefix(body.Error.Message, field+":") {
		t.Errorf("%s %s breaking %s: %d %q, want 400 naming %s", req.Method, req.URL.Path, field, resp.StatusCode, body.Error.Message, field)
	}
}
