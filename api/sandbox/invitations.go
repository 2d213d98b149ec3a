package sandbox

import (
	"fmt"
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
// of the organization in the path: scope org:member:create and permission
// MEMBER_CREATE.
func (s *Server) manageOrg(r *http.Request) (*org, error) {
	sess, err := s.signedIn(r, scopeMemberCreate)
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

// listInvitations serves GET /orgs/{orgId}/invitations: the pending ones.
func (s *Server) listInvitations(w http.ResponseWriter, r *http.Request) {
	pg, err := parsePaging(r.URL.Query())
	if err != nil {
		writeError(w, err)
		return
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
		return p.envelope(), nil
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
		err = checkInvitation(req)
	}
	if err != nil {
		writeError(w, err)
		return
	}
	s.respond(w, http.StatusCreated, func() (envelope, error) {
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

func checkInvitation(req wireInvitationRequest) error {
	if req.Invitee == "" {
		return badRequest("invitee", "required: a username or user ID")
	}
	if role := req.role(); role != "" {
		if err := checkText("role", role, maxRoleLen); err != nil {
			return err
		}
	}
	perms := req.Permissions
	for i, p := range perms {
		if !slices.Contains(knownPermissions(), p) {
			return badRequestf(fmt.Sprintf("permissions[%d]", i), "%q is not one of %s", p, strings.Join(knownPermissions(), ", "))
		}
	}
	return noDuplicates("permissions", perms, identity)
}

// acceptInvitation serves PATCH /orgs/{orgId}/invitations/{userId}: the
// invitee becomes a member with the offered role and permissions.
func (s *Server) acceptInvitation(w http.ResponseWriter, r *http.Request) {
	s.respond(w, http.StatusOK, func() (envelope, error) {
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
	s.respond(w, http.StatusNoContent, func() (envelope, error) {
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
