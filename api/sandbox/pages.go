package sandbox

import (
	"html/template"
	"net/http"
)

// pageData is what the account service's pages show.
type pageData struct {
	Title   string
	Message string
	App     string
	Hidden  []hidden // the authorization request, carried through the consent form
	Scopes  []string
	Users   []wireUser
	Code    string
	State   string
}

type hidden struct{ Name, Value string }

func consentData(req *authRequest, scopes []string, users []*user) pageData {
	d := pageData{Title: "Authorize " + req.app.name, App: req.app.name, Scopes: scopes}
	d.Hidden = []hidden{
		{"client_id", req.app.clientID}, {"redirect_uri", req.redirectURI},
		{"scope", req.scope}, {"state", req.state},
	}
	if req.challenge != "" {
		d.Hidden = append(d.Hidden, hidden{"code_challenge", req.challenge}, hidden{"code_challenge_method", pkceS256})
	}
	for _, u := range users {
		d.Users = append(d.Users, u.toWire())
	}
	return d
}

// The pages are self-contained: no scripts, no external assets, so they work
// in any browser, including a text one over SSH.
const pagesHTML = `
{{define "top"}}<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Title}} · rdash sandbox</title>
<style>
body{font:16px/1.5 system-ui,sans-serif;max-width:34rem;margin:3rem auto;padding:0 1rem;color:#222;background:#fafafa}
h1{font-size:1.4rem}code,.code{font-family:ui-monospace,monospace;background:#eee;padding:.1rem .3rem;border-radius:3px}
.code{display:block;font-size:1.2rem;padding:.8rem;word-break:break-all;user-select:all}
label{display:block;margin:.3rem 0}button{font-size:1rem;padding:.4rem 1.2rem;margin-right:.5rem}
.muted{color:#666;font-size:.9rem}
</style></head><body>
<p class="muted">rdash sandbox · account service</p>
<h1>{{.Title}}</h1>{{end}}

{{define "consent"}}{{template "top" .}}
<p><strong>{{.App}}</strong> asks to act on your behalf with
{{if .Scopes}}these scopes:</p>
<ul>{{range .Scopes}}<li><code>{{.}}</code></li>{{end}}</ul>
{{else}}no scope named: it gets what you granted it before, or <code>user:read</code>.</p>{{end}}
<form method="post">
{{range .Hidden}}<input type="hidden" name="{{.Name}}" value="{{.Value}}">
{{end}}<fieldset><legend>Sign in as</legend>
{{range $i, $u := .Users}}<label><input type="radio" name="user" value="{{$u.Username}}"{{if eq $i 0}} checked{{end}}>
{{$u.Name}} (<code>{{$u.Username}}</code>)</label>
{{end}}</fieldset>
<p><button type="submit" name="decision" value="approve">Authorize</button>
<button type="submit" name="decision" value="deny">Deny</button></p>
</form></body></html>{{end}}

{{define "oob"}}{{template "top" .}}
{{if .Code}}<p>Copy this code and paste it where rdash asks for it:</p>
<p class="code">{{.Code}}</p>
{{if .State}}<p class="muted">State: <code>{{.State}}</code></p>{{end}}
<p class="muted">It can be used once, within a few minutes.</p>
{{else}}<p>No code was given.</p>{{end}}
</body></html>{{end}}

{{define "message"}}{{template "top" .}}
<p>{{.Message}}</p>
</body></html>{{end}}
`

func parsePages() *template.Template {
	return template.Must(template.New("pages").Parse(pagesHTML))
}

func (s *Server) page(w http.ResponseWriter, status int, name string, data pageData) {
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'")
	h.Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	if err := s.pages.ExecuteTemplate(w, name, data); err != nil {
		s.log.Warn("page", "name", name, "error", err)
	}
}
