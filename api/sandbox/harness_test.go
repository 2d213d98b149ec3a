package sandbox_test

import (
	"bytes"
	"cmp"
	"encoding/json"
	"io"
	"mime/multipart"
	"net/http"
	"net/textproto"
	"strings"
	"testing"

	"rdash/api"
	"rdash/api/sandbox"
	"rdash/api/sandbox/sandboxtest"
)

// harness is a running sandbox and an HTTP client that does not follow
// redirects, so tests see them.
type harness struct {
	srv *sandbox.Server
	run *sandbox.Running
	hc  *http.Client
}

func start(t *testing.T, opts sandbox.Options) *harness {
	t.Helper()
	srv, run := sandboxtest.Start(t, opts)
	hc := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	return &harness{srv: srv, run: run, hc: hc}
}

func (h *harness) token(t *testing.T, username string, scopes ...string) string {
	t.Helper()
	tok, err := h.srv.MintToken(username, scopes...)
	if err != nil {
		t.Fatal(err)
	}
	return tok
}

// body is a request body with its Content-Type.
type body struct {
	ctype string
	data  []byte
}

func jsonBody(t *testing.T, v any) *body {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return &body{"application/json", b}
}

func rawBody(ctype, s string) *body { return &body{ctype, []byte(s)} }

// upload is a file part: key is the part name, filename its filename
// (the key when empty).
type upload struct{ key, filename, content string }

// multipartBody builds a version request: data is marshalled into the data
// part, or sent as is when it is a string.
func multipartBody(t *testing.T, data any, uploads ...upload) *body {
	t.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	raw, ok := data.(string)
	if !ok {
		b, err := json.Marshal(data)
		if err != nil {
			t.Fatal(err)
		}
		raw = string(b)
	}
	if err := mw.WriteField("data", raw); err != nil {
		t.Fatal(err)
	}
	for _, u := range uploads {
		h := textproto.MIMEHeader{}
		h.Set("Content-Disposition", `form-data; name="`+u.key+`"; filename="`+cmp.Or(u.filename, u.key)+`"`)
		w, err := mw.CreatePart(h)
		if err != nil {
			t.Fatal(err)
		}
		io.WriteString(w, u.content)
	}
	mw.Close()
	return &body{mw.FormDataContentType(), buf.Bytes()}
}

type reply struct {
	status int
	header http.Header
	body   []byte
}

// do sends a request to path under the API base (or to an absolute URL).
func (h *harness) do(t *testing.T, method, path, token string, b *body) reply {
	t.Helper()
	url := path
	if !strings.HasPrefix(path, "http") {
		url = h.run.BaseURL + path
	}
	var rd io.Reader
	if b != nil {
		rd = bytes.NewReader(b.data)
	}
	req, err := http.NewRequestWithContext(t.Context(), method, url, rd)
	if err != nil {
		t.Fatal(err)
	}
	if b != nil {
		req.Header.Set("Content-Type", b.ctype)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := h.hc.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return reply{resp.StatusCode, resp.Header, data}
}

// want fails the test unless the reply has status.
func (r reply) want(t *testing.T, status int) reply {
	t.Helper()
	if r.status != status {
		t.Fatalf("status %d, want %d; body: %s", r.status, status, r.body)
	}
	return r
}

// data decodes the envelope's data into v.
func (r reply) data(t *testing.T, v any) {
	t.Helper()
	env := struct {
		Data json.RawMessage `json:"data"`
	}{}
	if err := json.Unmarshal(r.body, &env); err != nil {
		t.Fatalf("decode %s: %v", r.body, err)
	}
	if err := json.Unmarshal(env.Data, v); err != nil {
		t.Fatalf("decode data %s: %v", env.Data, err)
	}
}

func (r reply) pagination(t *testing.T) api.Pagination {
	t.Helper()
	var env struct {
		Pagination *api.Pagination `json:"pagination"`
	}
	if err := json.Unmarshal(r.body, &env); err != nil || env.Pagination == nil {
		t.Fatalf("no pagination in %s (%v)", r.body, err)
	}
	return *env.Pagination
}

// wantError checks the status and the error shape of docs/wire.md, and that
// the message contains each of parts.
func (r reply) wantError(t *testing.T, status int, parts ...string) {
	t.Helper()
	r.want(t, status)
	var env struct {
		Error struct{ Code, Message string } `json:"error"`
	}
	if err := json.Unmarshal(r.body, &env); err != nil || env.Error.Code == "" || env.Error.Message == "" {
		t.Fatalf("not the error shape: %s (%v)", r.body, err)
	}
	for _, p := range parts {
		if !strings.Contains(env.Error.Message, p) {
			t.Errorf("message %q lacks %q", env.Error.Message, p)
		}
	}
}

// version fetches a version of a project by ID or version string.
func (h *harness) version(t *testing.T, project, key string) api.Version {
	t.Helper()
	var v api.Version
	h.do(t, "GET", "/projects/"+project+"/versions/"+key, "", nil).want(t, 200).data(t, &v)
	return v
}

// list fetches one page of versions.
func (h *harness) list(t *testing.T, project, query string) ([]api.Version, api.Pagination) {
	t.Helper()
	r := h.do(t, "GET", "/projects/"+project+"/versions?"+query, "", nil).want(t, 200)
	var vs []api.Version
	r.data(t, &vs)
	return vs, r.pagination(t)
}
