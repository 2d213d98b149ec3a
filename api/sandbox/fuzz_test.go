package sandbox

import (
	"bytes"
	"encoding/json"
	"flag"
	"mime"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// fuzzServer serves every input of a fuzzing process in one profile, with
// the tokens that "{alice}" and "{dave}" stand for in its inputs.
type fuzzServer struct {
	*Server
	tokens *strings.Replacer
}

// fuzzServers serve every input of a fuzzing process, one per profile: a
// fresh server per input (4ms) would slow fuzzing a hundredfold. Inputs may
// change their state, as a long-running server's clients do; a crasher that
// go test then runs alone meets fresh servers. Their seed is the embedded
// one with 20 generated versions instead of 1,500. Tokens are minted once
// per server, not per input: minting up to ten per input took its share of
// every input and left their sessions in the state for every later input
// to carry. Nothing revokes a token, and these live a year, longer than
// any fuzzing run.
var fuzzServers = sync.OnceValues(func() ([]fuzzServer, error) {
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
	opts := []Options{{}, {Strict: true}}
	for seed := range uint64(3) { // and a few varied ones (Draw)
		c := Draw(seed)
		opts = append(opts, Options{Choices: &c})
	}
	var servers []fuzzServer
	for _, o := range opts {
		o.Data, o.TokenTTL = data, 365*24*time.Hour
		s, err := New(o)
		if err != nil {
			return nil, err
		}
		var pairs []string
		for _, who := range []string{"alice", "dave"} {
			tok, err := s.MintToken(who)
			if err != nil {
				return nil, err
			}
			pairs = append(pairs, "{"+who+"}", tok)
		}
		servers = append(servers, fuzzServer{s, strings.NewReplacer(pairs...)})
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
// While fuzzing (go test -fuzz), the profile byte picks the one profile
// that serves an input, so an input costs a fifth of five servers' time,
// and the fuzzer steers the byte to each profile's branches as it does
// any other input. Run as ordinary tests, the seeds and any crasher meet
// every profile whatever their byte, so a failure found in one profile
// shows again.
//
// Seeds are below and in testdata/fuzz/FuzzSandboxRequest; as an ordinary
// test it runs them. In CI: go test -run='^$' -fuzz='^FuzzSandboxRequest$' -fuzztime=10s ./api/sandbox/
func FuzzSandboxRequest(f *testing.F) {
	seeds := []requestSeed{
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
	}
	// Smallest first: the engine fuzzes seeds in this order, and the new
	// coverage of a small input minimizes in milliseconds, where a large
	// one's can take all of a -fuzzminimizetime of 2s and a worker with
	// it, whose inputs then go uncounted.
	slices.SortStableFunc(seeds, func(a, b requestSeed) int { return a.size() - b.size() })
	for i, seed := range seeds {
		f.Add(uint8(i), seed.method, seed.path, seed.headers, []byte(seed.body))
	}
	fuzzing := flag.Lookup("test.fuzz").Value.String() != ""
	f.Fuzz(func(t *testing.T, profile uint8, method, path, headers string, body []byte) {
		servers, err := fuzzServers()
		if err != nil {
			t.Fatal(err)
		}
		if fuzzing {
			servers = servers[int(profile)%len(servers):][:1]
		}
		if !strings.HasPrefix(path, "/") {
			path = APIPrefix + "/" + path
		}
		var served string // the profile whose answer is checked, for a failure
		defer func() {
			if t.Failed() {
				t.Logf("in the %s profile", served)
			}
		}()
		for _, s := range servers {
			served = s.prof.Name
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

type requestSeed struct{ method, path, headers, body string }

func (s requestSeed) size() int { return len(s.method) + len(s.path) + len(s.headers) + len(s.body) }

// fuzzRequest builds the request, with s's tokens for {alice} and {dave}.
func fuzzRequest(s fuzzServer, method, path, headers string, body []byte) (*http.Request, error) {
	req, err := http.NewRequest(method, "http://sandbox.test"+path, bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	for line := range strings.SplitSeq(headers, "\n") {
		name, value, ok := strings.Cut(line, ":")
		if !ok || name == "" {
			continue
		}
		req.Header.Add(strings.TrimSpace(name), strings.TrimSpace(s.tokens.Replace(value)))
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
