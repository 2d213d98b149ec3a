package sandbox

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
)

func (st *state) loadOrgs(orgs []seedOrg) error {
	for _, so := range orgs {
		if !isID(so.ID) || !isSlug(so.Slug) {
			return fmt.Errorf("organizations: %q needs an 8-character id and a slug of a-z, 0-9, - and _", so.Slug)
		}
		owner, err := st.lookupUser("organizations["+so.Slug+"].owner", so.Owner)
		if err != nil {
			return err
		}
		o := &org{id: so.ID, slug: so.Slug, name: cmp.Or(so.Name, so.Slug), owner: owner, members: map[*user]*grant{}}
		if err := claim(st.orgBy, o, "organizations", o.id, o.slug); err != nil {
			return err
		}
		if err := o.loadGrants(st, so); err != nil {
			return fmt.Errorf("organizations[%s]: %w", o.slug, err)
		}
	}
	return nil
}

func (o *org) loadGrants(st *state, so seedOrg) error {
	for _, sg := range so.Members {
		u, g, err := o.seedGrant(st, sg)
		if err != nil {
			return err
		}
		o.members[u] = g
	}
	for _, sg := range so.Invitations {
		u, g, err := o.seedGrant(st, sg)
		if err != nil {
			return err
		}
		o.invitations = append(o.invitations, &invitation{user: u, grant: *g})
	}
	return nil
}

// seedGrant checks a member or invitation of the seed as an invitation
// request would be checked.
func (o *org) seedGrant(st *state, sg seedGrant) (*user, *grant, error) {
	u, err := st.lookupUser("user", sg.User)
	if err != nil {
		return nil, nil, err
	}
	if _, in := o.invitation(u); in != nil || o.hasMember(u) {
		return nil, nil, fmt.Errorf("%s is listed twice, or is the owner", u.username)
	}
	req := wireInvitationRequest{Invitee: u.username, Role: &sg.Role, Permissions: sg.Permissions}
	if _, err := defaultProfile.checkInvitation(req); err != nil {
		return nil, nil, fmt.Errorf("%s: %w", u.username, err)
	}
	return u, &grant{role: sg.Role, perms: nonNil(sg.Permissions)}, nil
}

func (st *state) loadProjects(projects []seedProject) error {
	for _, sp := range projects {
		if err := st.loadProject(sp); err != nil {
			return fmt.Errorf("projects[%s]: %w", sp.Slug, err)
		}
	}
	return nil
}

func (st *state) loadProject(sp seedProject) error {
	if !isID(sp.ID) || !isSlug(sp.Slug) {
		return errors.New("needs an 8-character id and a slug of a-z, 0-9, - and _")
	}
	p := &project{id: sp.ID, slug: sp.Slug, name: cmp.Or(sp.Name, sp.Slug), summary: sp.Summary}
	if err := p.loadOwner(st, sp); err != nil {
		return err
	}
	if err := p.loadChannels(sp.Channels); err != nil {
		return err
	}
	for _, sv := range sp.Versions {
		if err := st.loadVersion(p, sv); err != nil {
			return fmt.Errorf("versions[%s]: %w", sv.Version, err)
		}
	}
	if sp.Generate != nil {
		if err := sp.Generate.run(st, p); err != nil {
			return fmt.Errorf("generate: %w", err)
		}
	}
	slices.SortFunc(p.versions, newer)
	if err := claim(st.projBy, p, "projects", p.id, p.slug); err != nil {
		return err
	}
	st.projects = append(st.projects, p)
	return nil
}

func (p *project) loadOwner(st *state, sp seedProject) error {
	switch {
	case (sp.Owner == "") == (sp.Organization == ""):
		return errors.New("needs exactly one of owner and organization")
	case sp.Owner != "":
		var err error
		p.owner, err = st.lookupUser("owner", sp.Owner)
		return err
	}
	if p.org = st.orgBy[sp.Organization]; p.org == nil {
		return fmt.Errorf("organization: no organization %q", sp.Organization)
	}
	return nil
}

func (p *project) loadChannels(chans []seedChannel) error {
	defaults := 0
	for i, sc := range chans {
		field := fmt.Sprintf("channels[%d]", i)
		err := firstError(
			checkText(field+".name", sc.Name, maxNameLen),
			checkGameVersions(field+".minecraft_versions", sc.MinecraftVersions),
			checkPlatforms(field+".platforms", sc.Platforms),
			checkDependencies(field+".dependencies", sc.Dependencies),
		)
		switch {
		case err != nil:
			return err
		case !isID(sc.ID) || !isSlug(sc.Slug):
			return fmt.Errorf("%s: needs an 8-character id and a slug of a-z, 0-9, - and _", field)
		case p.channel(sc.ID) != nil || p.channel(sc.Slug) != nil:
			return fmt.Errorf("%s: id or slug used twice", field)
		}
		if sc.IsDefault {
			defaults++
		}
		p.channels = append(p.channels, &channel{wireChannel: sc.wireChannel, defaults: lists{
			nonNil(sc.MinecraftVersions), nonNil(sc.Platforms), nonNil(sc.Dependencies),
		}})
	}
	if defaults != 1 {
		return fmt.Errorf("channels: exactly one must be the default (found %d)", defaults)
	}
	return nil
}
