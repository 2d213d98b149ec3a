package sandbox

import (
	"bytes"
	"encoding/json"
	"mime"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
)

// fuzzServers serve every input of a fuzzing process, one per profile: a
// fresh server per input (4ms) would slow fuzzing a hundredfold. Inputs may
// change their state, as a long-running server's clients do; a crasher that
// go test then runs alone meets fresh servers. Their seed is the embedded
// one with 20 generated versions instead of 1,500.
var fuzzServers = sync.OnceValues(func() ([]*Server, error) {
	var seed map[string]any
	if err := json.Unmarshal([]byte(defaultSeed), &seed); err != nil {
		return nil, err
	}
	for _, p := range seed["projects"].([]any) {
		if g, ok := p.(map[string]any)["generate"].(map[string]any); ok {
			g["count"] = 20
		}
	}
	data, err := json.Marshal(seed)
	if err != nil {
		return nil, err
	}
	def, err := New(Options{Data: data})
	if err != nil {
		return nil, err
	}
	strict, err := New(Options{Data: data, Strict: true})
	if err != nil {
		return nil, err
	}
	servers := []*Server{def, strict}
	for seed := range uint64(3) { // and a few varied ones (Draw)
		c := Draw(seed)
		s, err := New(Options{Data: data, Choices: &c})
		if err != nil {
			return nil, err
		}
		servers = append(servers, s)
	}
	return servers, nil
})

// FuzzSandboxRequest builds a request from fuzzed method, path, headers and
// body and serves it with each profile: the sandbox must not panic, must
// answer 2xx, 3xx or 4xx (never 5xx), and every 4xx of the API must be the
// JSON error body of docs/wire.md (of the token endpoint, an RFC 6749
// error), or in the strict profile a plain-text message. In headers,
// lines are "Name: value"; "{alice}" and "{dave}" stand for valid tokens,
// so the fuzzer reaches the handlers behind authentication.
//
// Seeds are in testdata/fuzz/FuzzSandboxRequest; as an ordinary test it
// runs them. In CI: go test -run='^$' -fuzz='^FuzzSandboxRequest$' -fuzztime=10s ./api/sandbox/
func FuzzSandboxRequest(f *testing.F) {
	for _, seed := range []struct{ method, path, headers, body string }{
		{"GET", "/api/v1/projects/lumen/versions?page=2&page_size=5&channel=beta&search=x", "", ""},
		{"PATCH", "/api/v1/projects/lumen/versions?ids=EEeBM181", "Authorization: Bearer {alice}\nContent-Type: application/json", `{"add_platforms":["folia"],"name":"x"}`},
		{"DELETE", "/api/v1/projects/lumen/versions/EEeBM181", "Authorization: Bearer {alice}", ""},
		{"POST", "/api/v1/projects/lumen/versions", "Authorization: Bearer {alice}\nContent-Type: multipart/form-data; boundary=XX",
			"--XX\r\nContent-Disposition: form-data; name=\"data\"\r\n\r\n{\"channel\":\"beta\",\"version\":\"9\",\"name\":\"n\",\"files\":[\"a.jar\"]}\r\n--XX\r\nContent-Disposition: form-data; name=\"a.jar\"; filename=\"a.jar\"\r\n\r\njar\r\n--XX--\r\n"},
		{"POST", "/api/v1/orgs/emberforge/invitations", "Authorization: Bearer {alice}", `{"invitee":"erin","permissions":["MEMBER_CREATE"]}`},
		{"PATCH", "/api/v1/orgs/emberforge/invitations/dave", "Authorization: Bearer {dave}", ""},
		{"GET", "/api/v1/users/@me/projects", "Authorization: Bearer {dave}", ""},
		{"POST", "/auth/oauth/token", "Content-Type: application/json", `{"grant_type":"refresh_token","refresh_token":"x"}`},
		{"POST", "/auth/oauth/authorize", "Content-Type: application/x-www-form-urlencoded", "client_id=rdash-demo&user=bob&decision=approve&code_challenge=x"},
		{"GET", "/api/v1/projects/lumen/versions/EEeBM181/download", "", ""},
		{"PUT", "/api/v1/versions/EEeBM181", "Authorization: Basic x", "\x00\xff"},
	} {
		f.Add(seed.method, seed.path, seed.headers, []byte(seed.body))
	}
	f.Fuzz(func(t *testing.T, method, path, headers string, body []byte) {
		servers, err := fuzzServers()
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(path, "/") {
			path = APIPrefix + "/" + path
		}
		for _, s := range servers {
			req, err := fuzzRequest(s, method, path, headers, body)
			if err != nil {
				return // not a request a client could send
			}
			rec := httptest.NewRecorder()
			s.Handler().ServeHTTP(rec, req)
			checkFuzzAnswer(t, s.prof, req, rec)
		}
	})
}

// fuzzRequest builds the request, with s's tokens for {alice} and {dave}.
func fuzzRequest(s *Server, method, path, headers string, body []byte) (*http.Request, error) {
	req, err := http.NewRequest(method, "http://sandbox.test"+path, bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	for line := range strings.SplitSeq(headers, "\n") {
		name, value, ok := strings.Cut(line, ":")
		if !ok || name == "" {
			continue
		}
		for _, who := range []string{"alice", "dave"} {
			if strings.Contains(value, "{"+who+"}") {
				tok, err := s.MintToken(who)
				if err != nil {
					return nil, err
				}
				value = strings.ReplaceAll(value, "{"+who+"}", tok)
			}
		}
		req.Header.Add(strings.TrimSpace(name), strings.TrimSpace(value))
	}
	return req, nil
}

func checkFuzzAnswer(t *testing.T, prof *Choices, req *http.Request, rec *httptest.ResponseRecorder) {
	t.Helper()
	status, body := rec.Code, rec.Body.Bytes()
	if status < 200 || status >= 500 {
		t.Fatalf("%s %s: status %d: %.300s", req.Method, req.URL, status, body)
	}
	mt, _, _ := mime.ParseMediaType(rec.Header().Get("Content-Type"))
	path := req.URL.Path
	api := strings.HasPrefix(path, APIPrefix+"/")
	switch {
	case status == http.StatusNoContent && len(body) > 0:
		t.Fatalf("%s %s: 204 with a body: %.300s", req.Method, req.URL, body)
	case status == http.StatusMethodNotAllowed && rec.Header().Get("Allow") == "":
		t.Fatalf("%s %s: 405 without Allow", req.Method, req.URL)
	case !api || status >= 300 || status == http.StatusNoContent:
	case len(body) == 0:
		if req.Method == http.MethodGet || prof.NotShown == NotShownEcho && prof.BulkAnswer != BulkEmpty {
			t.Fatalf("%s %s: %d without a body", req.Method, req.URL, status)
		}
	case prof.NotShown == NotShownEmptyObject && string(bytes.TrimSpace(body)) == "{}":
	default:
		var env map[string]json.RawMessage
		if mt != "application/json" || json.Unmarshal(body, &env) != nil || env["data"] == nil {
			t.Fatalf("%s %s: %d without the data envelope: %.300s", req.Method, req.URL, status, body)
		}
	}
	if status < 400 {
		return
	}
	tokenPath := path == AuthPrefix+"/oauth/token" && req.Method == http.MethodPost
	switch {
	case api:
		checkFuzzError(t, prof.ErrorBody, req, rec)
	case tokenPath && !prof.OAuthJSONErrors:
		checkFuzzError(t, ErrorText, req, rec)
	case tokenPath:
		var e wireOAuthError
		if mt != "application/json" || json.Unmarshal(body, &e) != nil || e.Error == "" {
			t.Fatalf("%s %s: %d without an RFC 6749 error body: %.300s", req.Method, req.URL, status, body)
		}
	}
}

// checkFuzzError checks that an API error has the shape of the choices,
// with a message in it but for the empty shape.
func checkFuzzError(t *testing.T, shape ErrorBody, req *http.Request, rec *httptest.ResponseRecorder) {
	t.Helper()
	body := rec.Body.Bytes()
	mt, _, _ := mime.ParseMediaType(rec.Header().Get("Content-Type"))
	var msg string
	var obj struct {
		Error            json.RawMessage `json:"error"`
		ErrorDescription string          `json:"error_description"`
		Message          string          `json:"message"`
		Errors           []wireErrorBody `json:"errors"`
		Detail           string          `json:"detail"`
	}
	decoded := json.Unmarshal(body, &obj) == nil
	switch shape {
	case ErrorText:
		msg = map[bool]string{true: string(bytes.TrimSpace(body))}[mt == "text/plain"]
	case ErrorEmpty:
		if len(body) > 0 {
			t.Fatalf("%s %s: %d with a body: %.300s", req.Method, req.URL, rec.Code, body)
		}
		return
	case ErrorNested:
		var e wireErrorBody
		if decoded && json.Unmarshal(obj.Error, &e) == nil && e.Code != "" {
			msg = e.Message
		}
	case ErrorMessage:
		msg = obj.Message
	case ErrorOAuth:
		msg = obj.ErrorDescription
	case ErrorList:
		if len(obj.Errors) == 1 {
			msg = obj.Errors[0].Message
		}
	case ErrorProblem:
		msg = map[bool]string{true: obj.Detail}[mt == "application/problem+json"]
	}
	if msg == "" || shape != ErrorText && (!decoded || !strings.HasPrefix(mt, "application/")) {
		t.Fatalf("%s %s: %d not the %s error shape (%s): %.300s", req.Method, req.URL, rec.Code, shape, mt, body)
	}
}
