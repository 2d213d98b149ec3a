package sandbox

import (
	"fmt"
	"math"
	"net/http"
	"slices"
	"strings"
)

func (in *invitation) toWire() wireInvitation {
	return wireInvitation{ID: in.user.id, Name: in.user.name, Username: in.user.username, MemberRole: in.role, Permissions: nonNil(in.perms)}
}

func (s *Server) org(r *http.Request) (*org, error) {
	key := r.PathValue("orgId")
	if o := s.st.orgBy[key]; o != nil {
		return o, nil
	}
	return nil, notFound("no organization %q", key)
}

// manageOrg checks that the caller may list, send and cancel the invitations
// of the organization in the path: permission MEMBER_CREATE and the
// profile's scope (org:member:create, or none in the strict profile).
func (s *Server) manageOrg(r *http.Request) (*org, error) {
	if err := s.lookUpFirst(func() error { _, err := s.org(r); return err }); err != nil {
		return nil, err
	}
	sess, err := s.signedIn(r, s.prof.InviteScope)
	if err != nil {
		return nil, err
	}
	o, err := s.org(r)
	if err != nil {
		return nil, err
	}
	if !o.can(sess.user, permMemberCreate) {
		return nil, forbidden("%s lacks organization permission %s in %s", sess.user.username, permMemberCreate, o.slug)
	}
	return o, nil
}

// listInvitations serves GET /orgs/{orgId}/invitations: the pending ones,
// paged like the versions, or in the strict profile the document's plain
// array, every one of them.
func (s *Server) listInvitations(w http.ResponseWriter, r *http.Request) {
	pg := paging{page: 1, size: math.MaxInt}
	if s.prof.PagedInvitations {
		var err error
		if pg, err = s.parsePaging(r.URL.Query()); err != nil {
			s.writeError(w, err)
			return
		}
	}
	s.respond(w, http.StatusOK, func() (envelope, error) {
		o, err := s.manageOrg(r)
		if err != nil {
			return envelope{}, err
		}
		p := pager[wireInvitation]{paging: pg}
		for _, in := range o.invitations {
			p.add(in.toWire)
		}
		env := p.envelope(s.prof.PagedInvitations)
		s.linkTo(&env, r)
		return env, nil
	})
}

// invite serves POST /orgs/{orgId}/invitations.
func (s *Server) invite(w http.ResponseWriter, r *http.Request) {
	if !s.locked(w, func() error { _, err := s.manageOrg(r); return err }) {
		return
	}
	var req wireInvitationRequest
	err := readJSONBody(r, &req)
	if err == nil {
		req.Permissions, err = s.prof.checkInvitation(req)
	}
	if err != nil {
		s.writeError(w, err)
		return
	}
	s.respondBare(w, s.prof.CreatedStatus, func() (envelope, error) {
		o, err := s.manageOrg(r)
		if err != nil {
			return envelope{}, err
		}
		u := s.st.userBy[req.Invitee]
		switch {
		case u == nil:
			return envelope{}, notFound("invitee: no user %q", req.Invitee)
		case o.hasMember(u):
			return envelope{}, conflict("invitee: %s is already a member of %s", u.username, o.slug)
		}
		if _, in := o.invitation(u); in != nil {
			return envelope{}, conflict("invitee: %s is already invited to %s", u.username, o.slug)
		}
		in := &invitation{user: u, grant: grant{role: req.role(), perms: nonNil(req.Permissions)}}
		o.invitations = append(o.invitations, in)
		return envelope{Data: in.toWire()}, nil
	})
}

// checkInvitation checks an invitation request and returns its permissions,
// each once. The interface states only that invitee is required; the
// default profile also checks the role's text and the permission names.
func (p *Choices) checkInvitation(req wireInvitationRequest) ([]string, error) {
	if req.Invitee == "" {
		return nil, badRequest("invitee", "required: a username or user ID")
	}
	if role := req.role(); role != "" && p.OwnRules {
		if err := checkText("role", role, maxRoleLen); err != nil {
			return nil, err
		}
	}
	perms := req.Permissions
	for i, perm := range perms {
		if p.OwnRules && !slices.Contains(knownPermissions(), perm) {
			return nil, badRequestf(fmt.Sprintf("permissions[%d]", i), "%q is not one of %s", perm, strings.Join(knownPermissions(), ", "))
		}
	}
	return p.distinct("permissions", perms, identity)
}

// acceptInvitation serves PATCH /orgs/{orgId}/invitations/{userId}: the
// invitee becomes a member with the offered role and permissions.
func (s *Server) acceptInvitation(w http.ResponseWriter, r *http.Request) {
	s.respondBare(w, http.StatusOK, func() (envelope, error) {
		sess, o, err := s.invitee(r)
		if err != nil {
			return envelope{}, err
		}
		if s.st.userBy[r.PathValue("userId")] != sess.user {
			return envelope{}, forbidden("only the invited user may accept; userId %q is not %s", r.PathValue("userId"), sess.user.username)
		}
		i, in := o.invitation(sess.user)
		if in == nil {
			return envelope{}, notFound("no pending invitation for %s in %s", sess.user.username, o.slug)
		}
		o.invitations = slices.Delete(o.invitations, i, i+1)
		o.members[sess.user] = &grant{role: in.role, perms: slices.Clone(in.perms)}
		return envelope{Data: wireAccepted{Accepted: true}}, nil
	})
}

func (s *Server) invitee(r *http.Request) (*session, *org, error) {
	if err := s.lookUpFirst(func() error { _, err := s.org(r); return err }); err != nil {
		return nil, nil, err
	}
	sess, err := s.signedIn(r, "")
	if err != nil {
		return nil, nil, err
	}
	o, err := s.org(r)
	return sess, o, err
}

// deleteInvitation serves DELETE /orgs/{orgId}/invitations/{userId}: the
// invitee rejects, or a member with MEMBER_CREATE cancels.
func (s *Server) deleteInvitation(w http.ResponseWriter, r *http.Request) {
	s.respondBare(w, http.StatusNoContent, func() (envelope, error) {
		sess, o, err := s.invitee(r)
		if err != nil {
			return envelope{}, err
		}
		target := s.st.userBy[r.PathValue("userId")]
		if target != sess.user {
			if _, err := s.manageOrg(r); err != nil {
				return envelope{}, err
			}
		}
		i := -1
		if target != nil {
			i, _ = o.invitation(target)
		}
		if i < 0 {
			return envelope{}, notFound("no pending invitation for %q in %s", r.PathValue("userId"), o.slug)
		}
		o.invitations = slices.Delete(o.invitations, i, i+1)
		return envelope{}, nil
	})
}
