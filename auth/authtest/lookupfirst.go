package authtest

import (
	"net/http"
	"slices"
	"strings"
)

// LookupFirst puts in front of a sandbox's handler (its API under
// apiPrefix) a server that the interface document allows and the sandbox
// is not: it has no /users/… routes (404, as the document lists none),
// and it looks an organization up before it checks the token, so a
// request for an organization it does not know is a 404 with a token or
// without one. orgs are the organizations it knows (slugs or IDs); every
// other request goes to h as it is.
func LookupFirst(h http.Handler, apiPrefix string, orgs ...string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rest, ok := strings.CutPrefix(r.URL.Path, apiPrefix+"/")
		if !ok {
			h.ServeHTTP(w, r)
			return
		}
		first, rest, _ := strings.Cut(rest, "/")
		org, _, _ := strings.Cut(rest, "/")
		switch {
		case first == "users":
			notFound(w, "no such route")
		case first == "orgs" && !slices.Contains(orgs, org):
			notFound(w, "no such organization")
		default:
			h.ServeHTTP(w, r)
		}
	})
}

func notFound(w http.ResponseWriter, message string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusNotFound)
	_, _ = w.Write([]byte(`{"error":{"code":"not_found","message":"` + message + `"}}`))
}
