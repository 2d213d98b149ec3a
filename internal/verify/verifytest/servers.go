// Package verifytest has servers that the interface document allows and
// the sandbox is not, for the tests of rdash's checks of its writes: each
// wraps a sandbox's handler and makes one choice the document leaves open
// otherwise (what data.files means, which file is primary, what a bulk
// change answers), or breaks a promise its answer makes (a deletion it
// did not do), so a test can see rdash notice.
package verifytest

import (
	"bytes"
	"encoding/json"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
)

// Choice wraps a sandbox handler serving its API under a prefix.
type Choice func(h http.Handler, apiPrefix string) http.Handler

// route serves the pattern (method and path under apiPrefix) with do, and
// everything else with h.
func route(h http.Handler, apiPrefix, pattern string, do func(w http.ResponseWriter, r *http.Request)) http.Handler {
	method, path, _ := strings.Cut(pattern, " ")
	mux := http.NewServeMux()
	mux.HandleFunc(method+" "+apiPrefix+path, do)
	mux.Handle("/", h)
	return mux
}

// AdditionsFiles reads a single-version PATCH's data.files as additions:
// it adds (or replaces) what is listed, removes nothing left out, and
// keeps the primary file it had. It hands the sandbox, which reads the
// list as the complete one, every file the version has (the primary
// first), then the new ones listed.
func AdditionsFiles(h http.Handler, apiPrefix string) http.Handler {
	return route(h, apiPrefix, "PATCH /projects/{projectId}/versions/{versionId}", func(w http.ResponseWriter, r *http.Request) {
		editFiles(h, w, r, func(listed []string, had []string) []string {
			for _, k := range listed {
				if !slices.Contains(had, k) {
					had = append(had, k)
				}
			}
			return had
		})
	})
}

// PrimaryLast makes the last item of data.files the primary file, where
// rdash (and the sandbox) take the first: on a single-version PATCH and
// on a create.
func PrimaryLast(h http.Handler, apiPrefix string) http.Handler {
	last := func(w http.ResponseWriter, r *http.Request) {
		editFiles(h, w, r, func(listed, _ []string) []string {
			if len(listed) < 2 {
				return listed
			}
			return append([]string{listed[len(listed)-1]}, listed[:len(listed)-1]...)
		})
	}
	return route(route(h, apiPrefix, "POST /projects/{projectId}/versions", last),
		apiPrefix, "PATCH /projects/{projectId}/versions/{versionId}", last)
}

// PrimaryKept keeps the primary file a version had while data.files of a
// single-version PATCH lists it, wherever it lists it; the sandbox takes
// the first.
func PrimaryKept(h http.Handler, apiPrefix string) http.Handler {
	return route(h, apiPrefix, "PATCH /projects/{projectId}/versions/{versionId}", func(w http.ResponseWriter, r *http.Request) {
		editFiles(h, w, r, func(listed, had []string) []string {
			if len(had) == 0 {
				return listed
			}
			i := slices.Index(listed, had[0])
			if i <= 0 {
				return listed
			}
			return slices.Concat(listed[i:i+1], listed[:i], listed[i+1:])
		})
	})
}

// editFiles passes a single-version PATCH to h with data.files as edit
// makes it from the list sent and the version's files before.
func editFiles(h http.Handler, w http.ResponseWriter, r *http.Request, edit func(listed, had []string) []string) {
	body, ctype, err := rewriteData(r, func(data map[string]any) {
		raw, ok := data["files"].([]any)
		if !ok {
			return
		}
		var listed []string
		for _, x := range raw {
			s, _ := x.(string)
			listed = append(listed, s)
		}
		var had []string
		v := version{}
		if r.Method == http.MethodPatch {
			v = read(h, r, strings.TrimSuffix(r.URL.Path, "/"))
		}
		for _, f := range v.Files {
			if k := cmpKey(f.ExternalURL, f.Name); f.IsPrimary {
				had = append([]string{k}, had...)
			} else {
				had = append(had, k)
			}
		}
		data["files"] = edit(listed, had)
	})
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	again := r.Clone(r.Context())
	again.MultipartForm = nil // this request's body was read as multipart here: the copy's is new
	again.Body, again.ContentLength = io.NopCloser(bytes.NewReader(body)), int64(len(body))
	again.Header.Set("Content-Type", ctype)
	h.ServeHTTP(w, again)
}

func cmpKey(url, name string) string {
	if url != "" {
		return url
	}
	return name
}

// rewriteData copies a multipart request, with its "data" part's JSON as
// edit leaves it.
func rewriteData(r *http.Request, edit func(map[string]any)) ([]byte, string, error) {
	mr, err := r.MultipartReader()
	if err != nil {
		return nil, "", err
	}
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	for {
		p, err := mr.NextPart()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, "", err
		}
		b, err := io.ReadAll(p)
		if err != nil {
			return nil, "", err
		}
		if p.FormName() == "data" {
			var data map[string]any
			if err := json.Unmarshal(b, &data); err != nil {
				return nil, "", err
			}
			edit(data)
			b, _ = json.Marshal(data)
		}
		pw, err := mw.CreatePart(p.Header)
		if err != nil {
			return nil, "", err
		}
		pw.Write(b)
	}
	mw.Close()
	return buf.Bytes(), mw.FormDataContentType(), nil
}

// version is what the wrappers read of a version.
type version struct {
	ID    string `json:"id"`
	Files []struct {
		Name        string `json:"name"`
		ExternalURL string `json:"external_url"`
		IsPrimary   bool   `json:"is_primary"`
	} `json:"files"`
}

// read asks h for the version at path, as the caller of r.
func read(h http.Handler, r *http.Request, path string) version {
	raw := readRaw(h, r, path)
	var v version
	_ = json.Unmarshal(raw, &v)
	return v
}

// readRaw is the data of h's answer to GET path, asked as the caller of r.
func readRaw(h http.Handler, r *http.Request, path string) json.RawMessage {
	get := httptest.NewRequest(http.MethodGet, path, nil).WithContext(r.Context())
	get.Header.Set("Authorization", r.Header.Get("Authorization"))
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, get)
	var env struct {
		Data json.RawMessage `json:"data"`
	}
	_ = json.Unmarshal(rec.Body.Bytes(), &env)
	return env.Data
}
