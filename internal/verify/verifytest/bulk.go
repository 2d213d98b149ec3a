package verifytest

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
)

// IgnoreRemovals drops the remove_* fields of a bulk PATCH: the server
// answers that it applied the change, and removed nothing.
func IgnoreRemovals(h http.Handler, apiPrefix string) http.Handler {
	return route(h, apiPrefix, "PATCH /projects/{projectId}/versions", func(w http.ResponseWriter, r *http.Request) {
		editPatch(h, w, r, func(patch map[string]any) {
			for k := range patch {
				if strings.HasPrefix(k, "remove_") {
					delete(patch, k)
				}
			}
		})
	})
}

// TrimsText keeps the name and changelog of a bulk PATCH without the
// spaces and newlines around them, as a server that tidies text might:
// what it holds is not byte for byte what was sent.
func TrimsText(h http.Handler, apiPrefix string) http.Handler {
	return route(h, apiPrefix, "PATCH /projects/{projectId}/versions", func(w http.ResponseWriter, r *http.Request) {
		editPatch(h, w, r, func(patch map[string]any) {
			for _, k := range []string{"name", "changelog"} {
				if s, ok := patch[k].(string); ok {
					patch[k] = strings.TrimSpace(s)
				}
			}
		})
	})
}

// StaleAnswers applies a bulk PATCH and answers the versions as they were
// before it, as a server that reads before it writes might.
func StaleAnswers(h http.Handler, apiPrefix string) http.Handler {
	return route(h, apiPrefix, "PATCH /projects/{projectId}/versions", func(w http.ResponseWriter, r *http.Request) {
		var before []json.RawMessage
		for id := range strings.SplitSeq(r.URL.Query().Get("ids"), ",") {
			before = append(before, readRaw(h, r, r.URL.Path+"/"+id))
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, r)
		if rec.Code >= 300 {
			copyAnswer(w, rec)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(map[string]any{"data": before})
	})
}

// SilentBulk answers a bulk PATCH with 204 and no body, once applied.
func SilentBulk(h http.Handler, apiPrefix string) http.Handler {
	return route(h, apiPrefix, "PATCH /projects/{projectId}/versions", func(w http.ResponseWriter, r *http.Request) {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, r)
		if rec.Code >= 300 {
			copyAnswer(w, rec)
			return
		}
		w.WriteHeader(http.StatusNoContent)
	})
}

// KeepsOnDelete deletes every version a bulk DELETE names but keep, and
// answers 204 all the same.
func KeepsOnDelete(keep string) Choice {
	return func(h http.Handler, apiPrefix string) http.Handler {
		return route(h, apiPrefix, "DELETE /projects/{projectId}/versions", func(w http.ResponseWriter, r *http.Request) {
			var ids []string
			for id := range strings.SplitSeq(r.URL.Query().Get("ids"), ",") {
				if id != keep {
					ids = append(ids, id)
				}
			}
			if len(ids) > 0 {
				q := r.URL.Query()
				q.Set("ids", strings.Join(ids, ","))
				r.URL.RawQuery = q.Encode()
				rec := httptest.NewRecorder()
				h.ServeHTTP(rec, r)
				if rec.Code >= 300 {
					copyAnswer(w, rec)
					return
				}
			}
			w.WriteHeader(http.StatusNoContent)
		})
	}
}

// editPatch passes a bulk PATCH to h with its JSON body as edit leaves it.
func editPatch(h http.Handler, w http.ResponseWriter, r *http.Request, edit func(map[string]any)) {
	var patch map[string]any
	b, _ := io.ReadAll(r.Body)
	if err := json.Unmarshal(b, &patch); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	edit(patch)
	b, _ = json.Marshal(patch)
	r.Body, r.ContentLength = io.NopCloser(bytes.NewReader(b)), int64(len(b))
	h.ServeHTTP(w, r)
}

func copyAnswer(w http.ResponseWriter, rec *httptest.ResponseRecorder) {
	for k, v := range rec.Header() {
		w.Header()[k] = v
	}
	w.WriteHeader(rec.Code)
	w.Write(rec.Body.Bytes())
}

// SilentWrites answers a create and a single-version PATCH with 204 and
// no body, once applied: the version it made or changed is not shown.
func SilentWrites(h http.Handler, apiPrefix string) http.Handler {
	return WritesAnswered(http.StatusNoContent, "")(h, apiPrefix)
}

// WritesAnswered answers a create and a single-version PATCH, once
// applied, with status and body (JSON) in place of the version: a server
// that shows nothing of it ({}, {"data": null}), which the interface
// allows, as it states no success body beyond the documented fields.
func WritesAnswered(status int, body string) Choice {
	return func(h http.Handler, apiPrefix string) http.Handler {
		answer := func(w http.ResponseWriter, r *http.Request) {
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, r)
			if rec.Code >= 300 {
				copyAnswer(w, rec)
				return
			}
			if body != "" {
				w.Header().Set("Content-Type", "application/json")
			}
			w.WriteHeader(status)
			io.WriteString(w, body)
		}
		return route(route(h, apiPrefix, "POST /projects/{projectId}/versions", answer),
			apiPrefix, "PATCH /projects/{projectId}/versions/{versionId}", answer)
	}
}
