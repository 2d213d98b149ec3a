package auth

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"time"

	"golang.org/x/oauth2"

	"rdash/api"
	"rdash/config"
)

// Settings identify the service and the OAuth app, and what to ask for.
type Settings struct {
	BaseURL, AuthURL, ClientID, ClientSecret string
	// Scopes are sent as one comma-delimited scope parameter.
	Scopes []string
	// HTTPClient makes the token requests; nil means http.DefaultClient.
	// Either way the requests run under Limits.
	HTTPClient *http.Client
	// Limits bound every request, to the API and the token endpoint; nil
	// means api.DefaultLimits.
	Limits *api.Limits
	// AllowInsecureHTTP lets a token, a code and the client secret go
	// over plain http to a host other than this machine.
	AllowInsecureHTTP bool
	// BulkPartSize is how many IDs one bulk request carries at most; 0
	// means api.DefaultBulkPartSize.
	BulkPartSize int
}

// SettingsFrom returns the settings of cfg's server. The scopes are
// config.AllScopes narrowed to cfg.Scopes, or to scopes when given
// (the --scopes flag).
func SettingsFrom(cfg *config.Config, scopes []string) (Settings, error) {
	srv, err := cfg.Server()
	if err != nil {
		return Settings{}, err
	}
	if len(scopes) == 0 {
		scopes = cfg.Scopes
	}
	narrowed, err := NarrowScopes(scopes)
	if err != nil {
		return Settings{}, err
	}
	return Settings{
		BaseURL: srv.BaseURL, AuthURL: srv.AuthURL,
		ClientID: srv.ClientID, ClientSecret: srv.ClientSecret,
		Scopes: narrowed, Limits: limitsFrom(cfg), AllowInsecureHTTP: cfg.AllowInsecureHTTP,
		BulkPartSize: cfg.BulkPartSize,
	}, nil
}

// limitsFrom is api.DefaultLimits with the config's timeouts.
func limitsFrom(cfg *config.Config) *api.Limits {
	l := api.DefaultLimits
	for _, d := range []struct {
		set *config.Duration
		dst *time.Duration
	}{{cfg.ResponseTimeout, &l.Response}, {cfg.StallTimeout, &l.Stall}, {cfg.RequestTimeout, &l.Total}} {
		if d.set != nil {
			*d.dst = time.Duration(*d.set)
		}
	}
	return &l
}

// limits returns the limits to apply.
func (s Settings) limits() api.Limits {
	if s.Limits == nil {
		return api.DefaultLimits
	}
	return *s.Limits
}

// NarrowScopes returns the scopes of config.AllScopes that requested
// names, in that order; items may be comma-separated lists. An empty request
// means all of them. A scope rdash does not ask for is an error, so a typo
// does not silently narrow the sign-in to nothing.
func NarrowScopes(requested []string) ([]string, error) {
	all := config.AllScopes()
	want := map[string]bool{}
	for _, item := range requested {
		for _, s := range strings.FieldsFunc(item, func(r rune) bool { return r == ',' || r == ' ' }) {
			if !slices.Contains(all, s) {
				return nil, fmt.Errorf("unknown scope %q: rdash asks only for %s",
					s, strings.Join(all, ", "))
			}
			want[s] = true
		}
	}
	if len(want) == 0 {
		return all, nil
	}
	var out []string
	for _, s := range all {
		if want[s] {
			out = append(out, s)
		}
	}
	return out, nil
}

// Host names the service in the keyring and the token file: the host and
// port of the API base URL, because that is where the token is sent.
func (s Settings) Host() string {
	u, err := url.Parse(s.BaseURL)
	if err != nil || u.Host == "" {
		return s.BaseURL
	}
	return u.Host
}

// oauthConfig is the x/oauth2 view of the settings. The scopes go as one
// pre-joined element because x/oauth2 joins with spaces and the service
// wants commas; credentials go in the body, as the interface lists them
// among the token request's parameters.
func (s Settings) oauthConfig(redirect string) *oauth2.Config {
	c := &oauth2.Config{
		ClientID:     s.ClientID,
		ClientSecret: s.ClientSecret,
		RedirectURL:  redirect,
		Endpoint: oauth2.Endpoint{
			AuthURL:   s.AuthURL + "/oauth/authorize",
			TokenURL:  s.AuthURL + "/oauth/token",
			AuthStyle: oauth2.AuthStyleInParams,
		},
	}
	if len(s.Scopes) > 0 {
		c.Scopes = []string{strings.Join(s.Scopes, ",")}
	}
	return c
}

// context carries the HTTP client x/oauth2 uses for token requests, with
// the settings' limits, so a token endpoint that answers slowly cannot
// hold a sign-in, a refresh or `auth status` for ever, and with the rule
// against plain http to another machine.
func (s Settings) context(ctx context.Context) context.Context {
	hc := http.Client{}
	if s.HTTPClient != nil {
		hc = *s.HTTPClient
	}
	next := hc.Transport
	if next == nil {
		next = http.DefaultTransport
	}
	hc.Transport = api.LimitTransport(plainHTTPGuard{next, s}, s.limits())
	return context.WithValue(ctx, oauth2.HTTPClient, &hc)
}

// Scopes returns the scopes granted with tok, from the comma-delimited
// scope field of the token response.
func Scopes(tok *oauth2.Token) []string {
	s, _ := tok.Extra("scope").(string)
	return splitScopes(s)
}

func splitScopes(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' })
}
