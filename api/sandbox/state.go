package sandbox

import (
	"cmp"
	"slices"
)

// state is everything the service knows, guarded by Server.mu; apps and
// users never change after New, so they are also read without it. Lookup
// maps are keyed by ID and by slug or username alike; New rejects a seed
// where one object's slug equals another's ID.
type state struct {
	apps     []*app
	appByID  map[string]*app
	users    []*user
	userBy   map[string]*user
	orgBy    map[string]*org
	projects []*project
	projBy   map[string]*project
	versions map[string]*version // every project's, by ID
	files    map[string]*file    // every version's, by ID
	ids      map[string]bool     // every version and file ID ever given, never reused
	idChars  string              // what the IDs the server makes are made of
	// strongHashes gives uploaded files the strict profile's checksums.
	strongHashes bool

	grants    map[grantKey][]string
	codes     map[string]*authCode
	tokens    map[string]*session
	refreshes map[string]*session
}

type user struct {
	id, username, name string
}

func (u *user) toWire() wireUser {
	return wireUser{ID: u.id, Username: u.username, Name: u.name}
}

type org struct {
	id, slug, name string
	owner          *user
	members        map[*user]*grant
	invitations    []*invitation // pending, oldest first
}

// grant is the role and permissions of a member, or those an invitation offers.
type grant struct {
	role  string
	perms []string
}

type invitation struct {
	user *user
	grant
}

// can reports whether u holds perm in the organization; the owner holds every
// permission.
func (o *org) can(u *user, perm string) bool {
	if u == o.owner {
		return true
	}
	m := o.members[u]
	return m != nil && slices.Contains(m.perms, perm)
}

func (o *org) hasMember(u *user) bool {
	return u == o.owner || o.members[u] != nil
}

func (o *org) invitation(u *user) (int, *invitation) {
	i := slices.IndexFunc(o.invitations, func(in *invitation) bool { return in.user == u })
	if i < 0 {
		return -1, nil
	}
	return i, o.invitations[i]
}

type project struct {
	id, slug, name, summary string
	owner                   *user // set when a user owns the project
	org                     *org  // set when an organization does
	channels                []*channel
	versions                []*version // newest first, see newer
}

// can reports whether u may change versions with perm: an organization's
// project follows the organization's permissions, a user's project only its
// owner may change.
func (p *project) can(u *user, perm string) bool {
	if p.org != nil {
		return p.org.can(u, perm)
	}
	return u == p.owner
}

func (p *project) channel(idOrSlug string) *channel {
	for _, c := range p.channels {
		if c.ID == idOrSlug || c.Slug == idOrSlug {
			return c
		}
	}
	return nil
}

// version finds a version of p by ID or by version string, the ID first.
func (p *project) version(st *state, idOrVersion string) *version {
	if v := st.versions[idOrVersion]; v != nil && v.project == p {
		return v
	}
	return p.withVersion(idOrVersion)
}

// withVersion finds a version of p by version string, unique in a project.
func (p *project) withVersion(s string) *version {
	i := slices.IndexFunc(p.versions, func(v *version) bool { return v.version == s })
	if i < 0 {
		return nil
	}
	return p.versions[i]
}

func (p *project) insert(v *version) {
	i, _ := slices.BinarySearchFunc(p.versions, v, newer)
	p.versions = slices.Insert(p.versions, i, v)
}

func (p *project) toWire() wireProject {
	out := wireProject{ID: p.id, Slug: p.slug, Name: p.name, Summary: p.summary}
	if p.org != nil {
		out.Organization = &wireOrganization{ID: p.org.id, Slug: p.org.slug, Name: p.org.name}
	} else {
		out.OwnerID = p.owner.id
	}
	return out
}

// channel is a project's channel with the values a new version takes when its
// request omits them.
type channel struct {
	wireChannel
	defaults lists
}

// lists are the list fields of a version.
type lists struct {
	minecraftVersions []string
	platforms         []string
	dependencies      []wireDependency
}

func (l lists) clone() lists {
	return lists{slices.Clone(l.minecraftVersions), slices.Clone(l.platforms), slices.Clone(l.dependencies)}
}

// newer orders versions newest first, ties by ID, as lists are served.
func newer(a, b *version) int {
	if c := b.createdAt.Compare(a.createdAt); c != 0 {
		return c
	}
	return cmp.Compare(a.id, b.id)
}

func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return slices.Clone(s)
}
