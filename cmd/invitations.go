package cmd

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"rdash/api"
	"rdash/config"
	"rdash/internal/explain"
	"rdash/internal/safe"
)

func newInvitationsCmd(f *Factory) *cobra.Command {
	c := &cobra.Command{
		Use:     "invitations",
		Aliases: []string{"invitation", "inv"},
		Short:   "See, send, cancel, accept and reject organization invitations",
		Example: `  rdash invitations list emberforge
  rdash invitations accept emberforge`,
	}
	c.AddCommand(newInvListCmd(f), newInvSendCmd(f), newInvAcceptCmd(f),
		newInvRejectCmd(f), newInvCancelCmd(f))
	return c
}

// invitationJSON is a pending invitation: the invited user and what the
// invitation grants.
type invitationJSON struct {
	UserID      string   `json:"user_id"`
	Username    string   `json:"username"`
	Name        string   `json:"name"`
	Role        string   `json:"role"`
	Permissions []string `json:"permissions"`
	Accepted    bool     `json:"accepted"`
}

// invitationActionJSON is what send, accept, reject and cancel did. Role
// and permissions are those sent, null for the other actions.
type invitationActionJSON struct {
	Org         string   `json:"org"`
	User        string   `json:"user"`
	Action      string   `json:"action"`
	Role        *string  `json:"role"`
	Permissions []string `json:"permissions"`
}

func newInvListCmd(f *Factory) *cobra.Command {
	var out *jsonOutput
	c := &cobra.Command{
		Use:   "list ORG",
		Short: "List an organization's pending invitations (needs MEMBER_CREATE)",
		Example: `  rdash invitations list emberforge
  rdash invitations list emberforge --json username,role`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			client, err := f.APIClient(cmd.Context())
			if err != nil {
				return err
			}
			invs, _, err := client.ListInvitations(cmd.Context(), args[0])
			if err != nil {
				return explain.Invitation(explain.OpList, args[0], "", err)
			}
			if out.on() {
				items := make([]invitationJSON, len(invs))
				for i, inv := range invs {
					items[i] = invitationJSON{UserID: inv.ID, Username: inv.Username, Name: inv.Name,
						Role: inv.MemberRole, Permissions: permissionsOut(inv.Permissions), Accepted: inv.Accepted}
				}
				return f.printJSON(cmd.Context(), out, itemsOf(items))
			}
			t := &table{tty: f.IO.OutTTY}
			for _, inv := range invs {
				t.add(inv.Username, inv.Name, safe.PlainReveal(inv.ID), inv.MemberRole, joinPermissions(inv.Permissions))
			}
			if len(invs) == 0 {
				fmt.Fprintf(f.IO.ErrOut, "no pending invitations in %s\n", safe.PlainLine(args[0]))
				return nil
			}
			return t.write(f.IO.Out, "USERNAME", "NAME", "ID", "ROLE", "PERMISSIONS")
		},
	}
	out = addJSONFlags(c, listJSON[invitationJSON]{})
	return c
}

func permissionsOut(ps []api.Permission) []string {
	s := make([]string, len(ps))
	for i, p := range ps {
		s[i] = string(p)
	}
	return s
}

func joinPermissions(ps []api.Permission) string {
	return strings.Join(permissionsOut(ps), ",")
}

// printAction prints what an invitation action did: a sentence on
// standard error, or its JSON.
func (f *Factory) printAction(ctx context.Context, out *jsonOutput, a invitationActionJSON, said string) error {
	if out.on() {
		return f.printJSON(ctx, out, a)
	}
	fmt.Fprintln(f.IO.ErrOut, said)
	return nil
}

func newInvSendCmd(f *Factory) *cobra.Command {
	var req api.InvitationRequest
	var perms []string
	var yes bool
	var out *jsonOutput
	c := &cobra.Command{
		Use:   "send ORG INVITEE",
		Short: "Invite a user (username or ID) to an organization with a role and permissions",
		Example: `  rdash invitations send emberforge dave --role Developer \
      --permission project:version:create --permission project:version:update --yes`,
		Args: cobra.ExactArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			client, err := f.APIClient(cmd.Context())
			if err != nil {
				return err
			}
			req.Invitee = args[1]
			req.Permissions = make([]api.Permission, len(perms))
			for i, p := range perms {
				req.Permissions[i] = api.Permission(p)
			}
			if err := f.confirm(cmd.Context(), yes, inviteQuestion(args[0], &req)); err != nil {
				return err
			}
			if _, err := client.CreateInvitation(cmd.Context(), args[0], &req); err != nil {
				return explain.Invitation(explain.OpSend, args[0], args[1], err)
			}
			return f.printAction(cmd.Context(), out, invitationActionJSON{Org: args[0], User: args[1], Action: "sent",
				Role: &req.Role, Permissions: nonNilSlice(perms)},
				fmt.Sprintf("invited %s to %s", safe.PlainLine(args[1]), safe.PlainLine(args[0])))
		},
	}
	c.Flags().StringVar(&req.Role, "role", "", "role the user will have")
	c.Flags().StringArrayVar(&perms, "permission", nil, "permission the user will have (e.g. MEMBER_CREATE, project:version:update); repeat for several")
	addYesFlag(c.Flags(), &yes)
	out = addJSONFlags(c, invitationActionJSON{})
	return c
}

// inviteQuestion asks to send an invitation, naming what it grants.
func inviteQuestion(org string, req *api.InvitationRequest) string {
	role, perms := req.Role, joinPermissions(req.Permissions)
	if role == "" {
		role = "no role"
	}
	if perms == "" {
		perms = "none"
	}
	return fmt.Sprintf("Invite %s to %s with %s and permissions %s?", safe.PlainLine(req.Invitee), safe.PlainLine(org),
		safe.PlainLine(role), safe.PlainLine(perms))
}

func newInvAcceptCmd(f *Factory) *cobra.Command {
	var yes bool
	var out *jsonOutput
	c := &cobra.Command{
		Use:   "accept ORG|LINK",
		Short: "Accept your invitation to an organization",
		Long: `Accept your invitation to an organization.

The service cannot list your own invitations, so name the organization:
its slug or ID, or paste the invitation link, from which rdash takes the
part after /orgs/ (also /org/, /organization/ or /organizations/), and
the invitee after /invitations/ when the link names one: rdash answers as
that user, and the server checks it is you. Otherwise rdash asks the
server who you are, or takes the username from the config.
The organization is remembered for the dashboard's invitations screen.`,
		Example: `  rdash invitations accept emberforge
  rdash invitations accept https://example.com/orgs/emberforge/invitations/dave --yes`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			client, org, me, err := f.invitee(cmd.Context(), args[0])
			if err != nil {
				return err
			}
			if err := f.confirm(cmd.Context(), yes, fmt.Sprintf("Accept the invitation to %s? You become a member.", org)); err != nil {
				return err
			}
			if _, err := client.AcceptInvitation(cmd.Context(), org, me); err != nil {
				return explain.Invitation(explain.OpAccept, org, me, err)
			}
			f.rememberOrg(org)
			return f.printAction(cmd.Context(), out, invitationActionJSON{Org: org, User: me, Action: "accepted"},
				"accepted: you are now a member of "+safe.PlainLine(org))
		},
	}
	addYesFlag(c.Flags(), &yes)
	out = addJSONFlags(c, invitationActionJSON{})
	return c
}

func newInvRejectCmd(f *Factory) *cobra.Command {
	var yes bool
	var out *jsonOutput
	c := &cobra.Command{
		Use:   "reject ORG|LINK",
		Short: "Reject your invitation to an organization",
		Long: `Reject your invitation to an organization, named by its slug or ID or by
the invitation link (see rdash invitations accept --help).`,
		Example: `  rdash invitations reject quartz
  rdash invitations reject https://example.com/orgs/quartz/invitations/dave --yes --json`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			client, org, me, err := f.invitee(cmd.Context(), args[0])
			if err != nil {
				return err
			}
			if err := f.confirm(cmd.Context(), yes, fmt.Sprintf("Reject the invitation to %s? It cannot be taken back.", org)); err != nil {
				return err
			}
			if _, err := client.DeleteInvitation(cmd.Context(), org, me); err != nil {
				return explain.Invitation(explain.OpReject, org, me, err)
			}
			return f.printAction(cmd.Context(), out, invitationActionJSON{Org: org, User: me, Action: "rejected"},
				"rejected the invitation to "+safe.PlainLine(org))
		},
	}
	addYesFlag(c.Flags(), &yes)
	out = addJSONFlags(c, invitationActionJSON{})
	return c
}

func newInvCancelCmd(f *Factory) *cobra.Command {
	var yes bool
	var out *jsonOutput
	c := &cobra.Command{
		Use:   "cancel ORG USER",
		Short: "Cancel a pending invitation (needs MEMBER_CREATE)",
		Example: `  rdash invitations cancel emberforge dave
  rdash invitations cancel emberforge dave --yes --json`,
		Args: cobra.ExactArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			client, err := f.APIClient(cmd.Context())
			if err != nil {
				return err
			}
			if err := f.confirm(cmd.Context(), yes, fmt.Sprintf("Cancel %s's invitation to %s?", args[1], args[0])); err != nil {
				return err
			}
			if _, err := client.DeleteInvitation(cmd.Context(), args[0], args[1]); err != nil {
				return explain.Invitation(explain.OpCancel, args[0], args[1], err)
			}
			return f.printAction(cmd.Context(), out, invitationActionJSON{Org: args[0], User: args[1], Action: "cancelled"},
				fmt.Sprintf("cancelled %s's invitation to %s", safe.PlainLine(args[1]), safe.PlainLine(args[0])))
		},
	}
	addYesFlag(c.Flags(), &yes)
	out = addJSONFlags(c, invitationActionJSON{})
	return c
}

// invitee returns a signed-in client, and the organization and the user
// an accept or reject names: arg is a slug, an ID or a pasted invitation
// link (config.ParseInvitation says which forms). A link that names the
// invitee (/orgs/ORG/invitations/USER, the interface's path) is answered
// as that user, which the server checks is the signed-in one, and the
// user is told so; else the signed-in user is found (inviteeID).
func (f *Factory) invitee(ctx context.Context, arg string) (_ *api.Client, org, user string, _ error) {
	org, user, err := config.ParseInvitation(arg)
	if err != nil {
		return nil, "", "", &ExitError{Code: ExitCancel, Err: err} // a usage error
	}
	if user == "" {
		client, me, err := f.clientAndMe(ctx)
		return client, org, me, err
	}
	client, err := f.APIClient(ctx)
	if err != nil {
		return nil, "", "", err
	}
	fmt.Fprintf(f.IO.ErrOut, "Answering as %s, the invitee the link names (the server accepts only your own invitation).\n",
		safe.PlainLine(user))
	return client, org, user, nil
}

// rememberOrg keeps an organization the user answered for the
// dashboard's invitations screen; failing to is only a warning.
func (f *Factory) rememberOrg(org string) {
	cfg, err := f.Config()
	if err != nil {
		return
	}
	state, err := config.LoadState(cfg.Env.StateDir)
	if err == nil && state.AddOrg(org) {
		err = state.Save(cfg.Env.StateDir)
	}
	if err != nil {
		fmt.Fprintf(f.IO.ErrOut, "rdash: warning: could not remember %s: %v\n", org, err)
	}
}

// clientAndMe returns a signed-in client and the signed-in user's ID or
// username, for the invitee's own actions.
func (f *Factory) clientAndMe(ctx context.Context) (*api.Client, string, error) {
	client, err := f.APIClient(ctx)
	if err != nil {
		return nil, "", err
	}
	me, err := f.inviteeID(ctx, client)
	return client, me, err
}

// inviteeID is the signed-in user's ID, which accept and reject name: from
// GET /users/@me when the server answers it, else the configured username,
// else the one remembered, else asked once at a terminal and remembered.
func (f *Factory) inviteeID(ctx context.Context, client *api.Client) (string, error) {
	u, _, err := client.GetUser(ctx, api.Me)
	if err == nil && u.ID != "" {
		return u.ID, nil
	}
	if err != nil && !errors.Is(err, api.ErrNotFound) && !errors.Is(err, api.ErrForbidden) {
		return "", err
	}
	cfg, err := f.Config()
	if err != nil {
		return "", err
	}
	if cfg.Username != "" {
		return cfg.Username, nil
	}
	state, err := config.LoadState(cfg.Env.StateDir)
	if err != nil {
		return "", err
	}
	if state.Username != "" {
		return state.Username, nil
	}
	return f.askUsername(ctx, cfg, state)
}

// askUsername asks who the user is, once, and remembers the answer.
func (f *Factory) askUsername(ctx context.Context, cfg *config.Config, state config.State) (string, error) {
	if !f.IO.CanPrompt() {
		return "", &ExitError{Code: ExitCancel, Err: errors.New(
			"the server does not say who you are: set username in the config file or RDASH_USERNAME")}
	}
	name, err := f.prompter().Input(ctx, "The server does not say who you are. Your username?", func(s string) error {
		if strings.TrimSpace(s) == "" {
			return errors.New("a username is needed")
		}
		return nil
	})
	if err != nil {
		return "", err
	}
	state.Username = strings.TrimSpace(name)
	if err := state.Save(cfg.Env.StateDir); err != nil {
		fmt.Fprintf(f.IO.ErrOut, "rdash: warning: could not remember the username: %v\n", err)
	}
	return state.Username, nil
}
