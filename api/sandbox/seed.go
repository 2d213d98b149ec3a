package sandbox

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"slices"
	"time"
)

// The seed is a JSON document (testdata/seed.json; README.md describes it).
// Users, organizations and projects refer to each other by username and slug.
type seedFile struct {
	Apps          []seedApp     `json:"apps"`
	Users         []seedUser    `json:"users"`
	Organizations []seedOrg     `json:"organizations"`
	Projects      []seedProject `json:"projects"`
}

type seedApp struct {
	ClientID        string   `json:"client_id"`
	ClientSecret    string   `json:"client_secret"`
	Name            string   `json:"name"`
	RedirectDomains []string `json:"redirect_domains"`
}

type seedUser struct {
	ID       string `json:"id"`
	Username string `json:"username"`
	Name     string `json:"name"`
}

type seedOrg struct {
	ID          string      `json:"id"`
	Slug        string      `json:"slug"`
	Name        string      `json:"name"`
	Owner       string      `json:"owner"`
	Members     []seedGrant `json:"members"`
	Invitations []seedGrant `json:"invitations"`
}

type seedGrant struct {
	User        string   `json:"user"`
	Role        string   `json:"role"`
	Permissions []string `json:"permissions"`
}

type seedProject struct {
	ID           string        `json:"id"`
	Slug         string        `json:"slug"`
	Name         string        `json:"name"`
	Summary      string        `json:"summary"`
	Owner        string        `json:"owner"`        // a username, or
	Organization string        `json:"organization"` // an organization slug
	Channels     []seedChannel `json:"channels"`
	Versions     []seedVersion `json:"versions"`
	Generate     *generator    `json:"generate"`
}

// seedChannel is a channel with the defaults of new versions.
type seedChannel struct {
	wireChannel
	MinecraftVersions []string         `json:"minecraft_versions"`
	Platforms         []string         `json:"platforms"`
	Dependencies      []wireDependency `json:"dependencies"`
}

// seedVersion omits the lists it takes from its channel, like a create
// request; files are uploaded (content) or external (external_url).
type seedVersion struct {
	ID                string            `json:"id"`
	Version           string            `json:"version"`
	Name              string            `json:"name"`
	Channel           string            `json:"channel"`
	Changelog         string            `json:"changelog"`
	MinecraftVersions []string          `json:"minecraft_versions"`
	Platforms         []string          `json:"platforms"`
	Dependencies      []wireDependency  `json:"dependencies"`
	Downloads         int64             `json:"downloads"`
	CreatedAt         time.Time         `json:"created_at"`
	Files             []seedVersionFile `json:"files"`
}

type seedVersionFile struct {
	ID          string    `json:"id"`
	Name        string    `json:"name"`
	Content     string    `json:"content"`
	ExternalURL string    `json:"external_url"`
	CreatedAt   time.Time `json:"created_at"` // zero: the version's
}

// loadSeed decodes and checks a seed and builds the state from it, with
// the IDs (of generated versions and files) and checksums of prof.
func loadSeed(data []byte, prof *Choices) (*state, error) {
	var sf seedFile
	if err := decodeJSON(bytes.NewReader(data), &sf, "seed"); err != nil {
		return nil, fmt.Errorf("sandbox: seed: %w", err)
	}
	st := newState(prof)
	// Each step needs the objects of the ones before.
	steps := []func() error{
		func() error { return st.loadApps(sf.Apps) },
		func() error { return st.loadUsers(sf.Users) },
		func() error { return st.loadOrgs(sf.Organizations) },
		func() error { return st.loadProjects(sf.Projects) },
	}
	for _, step := range steps {
		if err := step(); err != nil {
			return nil, fmt.Errorf("sandbox: seed: %w", err)
		}
	}
	return st, nil
}

// claim adds v to m under every key, refusing a key already taken.
func claim[T any](m map[string]T, v T, what string, keys ...string) error {
	for _, k := range keys {
		if _, taken := m[k]; taken {
			return fmt.Errorf("%s: %q is used twice", what, k)
		}
		m[k] = v
	}
	return nil
}

func (st *state) loadApps(apps []seedApp) error {
	if len(apps) == 0 {
		return errors.New("apps: at least one OAuth app is required")
	}
	for _, sa := range apps {
		if sa.ClientID == "" || sa.ClientSecret == "" || len(sa.RedirectDomains) == 0 {
			return fmt.Errorf("apps: %q needs client_id, client_secret and redirect_domains", sa.ClientID)
		}
		a := &app{clientID: sa.ClientID, secret: sa.ClientSecret, name: cmp.Or(sa.Name, sa.ClientID), domains: sa.RedirectDomains}
		if err := claim(st.appByID, a, "apps", a.clientID); err != nil {
			return err
		}
		st.apps = append(st.apps, a)
	}
	return nil
}

func (st *state) loadUsers(users []seedUser) error {
	for _, su := range users {
		if !isID(su.ID) || !isSlug(su.Username) {
			return fmt.Errorf("users: %q needs an 8-character id and a username of a-z, 0-9, - and _", su.Username)
		}
		if err := checkText("users["+su.Username+"].name", su.Name, maxNameLen); err != nil {
			return err
		}
		u := &user{id: su.ID, username: su.Username, name: su.Name}
		if err := claim(st.userBy, u, "users", u.id, u.username); err != nil {
			return err
		}
		st.users = append(st.users, u)
	}
	return nil
}

func (st *state) lookupUser(what, username string) (*user, error) {
	if u := st.userBy[username]; u != nil {
		return u, nil
	}
	return nil, fmt.Errorf("%s: no user %q", what, username)
}

// isSlug reports whether s can name a user, organization or project in a
// path: 1-64 characters of a-z, 0-9, - and _.
func isSlug(s string) bool {
	return len(s) > 0 && len(s) <= 64 && !slices.ContainsFunc([]byte(s), func(c byte) bool {
		return !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '_')
	})
}
