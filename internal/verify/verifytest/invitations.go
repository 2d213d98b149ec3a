package verifytest

import (
	"net/http"
)

// KeepsInvitations answers 204 to DELETE /orgs/{orgId}/invitations/
// {userId} and keeps the invitation: a cancel or reject it did not do.
func KeepsInvitations(h http.Handler, apiPrefix string) http.Handler {
	return route(h, apiPrefix, "DELETE /orgs/{orgId}/invitations/{userId}", func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusNoContent)
	})
}

// DropsRole sends an invitation without the role and permissions it was
// given, as a server that ignores fields it does not take might.
func DropsRole(h http.Handler, apiPrefix string) http.Handler {
	return route(h, apiPrefix, "POST /orgs/{orgId}/invitations", func(w http.ResponseWriter, r *http.Request) {
		editPatch(h, w, r, func(body map[string]any) {
			delete(body, "role")
			delete(body, "permissions")
		})
	})
}

// ListsInvitationsAs answers GET /orgs/{orgId}/invitations as the holder
// of token() would be answered, whoever asks: a server that lets an
// invitee read the pending invitations, so a test sees rdash's check
// after an accept read them.
func ListsInvitationsAs(token func() string) Choice {
	return func(h http.Handler, apiPrefix string) http.Handler {
		return route(h, apiPrefix, "GET /orgs/{orgId}/invitations", func(w http.ResponseWriter, r *http.Request) {
			r = r.Clone(r.Context())
			r.Header.Set("Authorization", "Bearer "+token())
			h.ServeHTTP(w, r)
		})
	}
}
