package auth

import (
	"errors"
	"html/template"
	"net/http"
)

// page is what the browser tab shows after the callback.
type page struct {
	Title, Text string
}

func pageFor(err error) page {
	var de *DeniedError
	switch {
	case err == nil:
		return page{Title: "Signed in", Text: "rdash is signed in."}
	case errors.As(err, &de):
		return page{Title: "Sign-in not authorized", Text: "The account service said: " + de.Message}
	case errors.Is(err, ErrStateMismatch):
		return page{Title: "Sign-in aborted", Text: "This answer does not belong to the sign-in rdash started, so rdash ignored it."}
	default:
		// Errors of this package carry no secrets (see tokenError).
		return page{Title: "Sign-in failed", Text: err.Error()}
	}
}

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
