package auth

import (
	"errors"
	"html/template"
	"net/http"
	"strings"
)

// page is what the browser tab shows after the callback.
type page struct {
	Title, Text string
}

// pageFor says what came of the sign-in: done is Finish's sentence, and
// finished whether a Finish ran, so that "Signed in" is said only after
// rdash has checked and stored the token.
func pageFor(err error, done string, finished bool) page {
	var de *DeniedError
	switch {
	case err == nil && finished:
		return page{Title: "Signed in", Text: done}
	case err == nil:
		return page{Title: "Authorized", Text: "rdash received a token and is now checking it. " +
			"Return to rdash to see whether the sign-in worked."}
	case errors.As(err, &de):
		return page{Title: "Sign-in not authorized", Text: "The account service said: " + sentence(de.Message) + " rdash did not sign in."}
	case errors.Is(err, ErrStateMismatch):
		return page{Title: "Sign-in aborted", Text: "This answer does not belong to the sign-in rdash started " +
			"(the link may be forged, or from an older sign-in), so rdash aborted the sign-in and stored nothing. " +
			"Start again in rdash."}
	default:
		// Errors of this package carry no secrets (see tokenError), and
		// Finish's are written to be shown.
		return page{Title: "Sign-in failed", Text: sentence(err.Error()) + " rdash did not sign in."}
	}
}

// sentence ends s with a full stop.
func sentence(s string) string { return strings.TrimRight(s, ". ") + "." }

// pageTemplate escapes the server's text: the abort message comes from the
// redirect's query, which anyone can write.
var pageTemplate = template.Must(template.New("page").Parse(`<!doctype html>
<html><head><meta charset="utf-8"><title>rdash: {{.Title}}</title></head>
<body style="font-family: sans-serif; max-width: 40em; margin: 4em auto">
<h1>{{.Title}}</h1>
<p>{{.Text}}</p>
<p>You can close this tab and return to the terminal.</p>
</body></html>
`))

// writePage always answers 200: the outcome is in the text and in Wait's
// result, and an HTTP opener must not take a refusal for a broken page.
func writePage(w http.ResponseWriter, p page) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	_ = pageTemplate.Execute(w, p)
}
