package cmd

import (
	"context"
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"rdash/api"
	"rdash/internal/explain"
	"rdash/internal/safe"
)

// invSendOptions are invitations send's: who, to which organization,
// with what.
type invSendOptions struct {
	f            *Factory
	Org, Invitee string
	Role         string
	Permissions  []string
	Yes          bool
	Out          *jsonOutput
}

// sendFlags name the invitation POST's fields by invitations send's flags.
var sendFlags = explain.Flags{"invitee": "INVITEE", "role": "--role", "permissions": "--permission"}

func newInvSendCmd(f *Factory, runF func(context.Context, *invSendOptions) error) *cobra.Command {
	opts := &invSendOptions{f: f}
	c := &cobra.Command{
		Use:   "send ORG INVITEE",
		Short: "Invite a user (username or ID) to an organization with a role and permissions",
		Example: `  rdash invitations send emberforge dave --role Developer \
      --permission project:version:create --permission project:version:update --yes`,
		Args: cobra.ExactArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Org, opts.Invitee = args[0], args[1]
			var c flagChecks
			c.arg("ORG", opts.Org)
			c.arg("INVITEE", opts.Invitee)
			opts.Permissions = c.list("--permission", opts.Permissions)
			if err := c.done(f); err != nil {
				return err
			}
			w := refusalWords{command: cmd.CommandPath(), flags: sendFlags}
			return worded(w, runWith(cmd.Context(), opts, runF, invSendRun))
		},
	}
	c.Flags().StringVar(&opts.Role, "role", "", "role the user will have")
	c.Flags().StringArrayVar(&opts.Permissions, "permission", nil, "permission the user will have (e.g. MEMBER_CREATE, project:version:update); repeat for several")
	addYesFlag(c.Flags(), &opts.Yes)
	opts.Out = addJSONFlags(c, invitationActionJSON{})
	return c
}

func invSendRun(ctx context.Context, o *invSendOptions) error {
	f := o.f
	client, err := f.APIClient(ctx)
	if err != nil {
		return err
	}
	req := api.InvitationRequest{Invitee: o.Invitee, Role: o.Role, Permissions: make([]api.Permission, len(o.Permissions))}
	for i, p := range o.Permissions {
		req.Permissions[i] = api.Permission(p)
	}
	f.showPreview(o.Out, o.Yes, func(w io.Writer) { fmt.Fprintln(w, invitePlan(o.Org, &req)) })
	if err := f.confirm(ctx, o.Yes, "Send this invitation?"); err != nil {
		return err
	}
	if _, err := client.CreateInvitation(ctx, o.Org, &req); err != nil {
		return explain.Invitation(explain.OpSend, o.Org, o.Invitee, err)
	}
	return f.printAction(ctx, o.Out, invitationActionJSON{Org: o.Org, User: o.Invitee, Action: "sent",
		Role: &req.Role, Permissions: nonNilSlice(o.Permissions)},
		saying(fmt.Sprintf("invited %s to %s", safe.PlainLine(clip(o.Invitee)), safe.PlainLine(clip(o.Org)))))
}

// invitePlan says what an invitation will grant.
func invitePlan(org string, req *api.InvitationRequest) string {
	role, perms := "with no role", "no permissions"
	if req.Role != "" {
		role = "as " + safe.PlainLine(clip(req.Role))
	}
	if len(req.Permissions) > 0 {
		perms = "permissions " + safe.PlainLine(clip(joinPermissions(req.Permissions)))
	}
	return fmt.Sprintf("will invite %s to %s %s, with %s", safe.PlainLine(clip(req.Invitee)), safe.PlainLine(clip(org)), role, perms)
}

// invCancelOptions are invitations cancel's: whose invitation, to which
// organization.
type invCancelOptions struct {
	f         *Factory
	Org, User string
	Yes       bool
	Out       *jsonOutput
}

func newInvCancelCmd(f *Factory, runF func(context.Context, *invCancelOptions) error) *cobra.Command {
	opts := &invCancelOptions{f: f}
	c := &cobra.Command{
		Use:   "cancel ORG USER",
		Short: "Cancel a pending invitation (needs MEMBER_CREATE)",
		Example: `  rdash invitations cancel emberforge dave
  rdash invitations cancel emberforge dave --yes --json`,
		Args: cobra.ExactArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Org, opts.User = args[0], args[1]
			return runWith(cmd.Context(), opts, runF, invCancelRun)
		},
	}
	addYesFlag(c.Flags(), &opts.Yes)
	opts.Out = addJSONFlags(c, invitationActionJSON{})
	return c
}

func invCancelRun(ctx context.Context, o *invCancelOptions) error {
	f := o.f
	client, err := f.APIClient(ctx)
	if err != nil {
		return err
	}
	f.showPreview(o.Out, o.Yes, func(w io.Writer) {
		fmt.Fprintf(w, "will cancel %s's pending invitation to %s\n", safe.PlainLine(clip(o.User)), safe.PlainLine(clip(o.Org)))
	})
	if err := f.confirm(ctx, o.Yes, "Cancel this invitation?"); err != nil {
		return err
	}
	if _, err := client.DeleteInvitation(ctx, o.Org, o.User); err != nil {
		return explain.Invitation(explain.OpCancel, o.Org, o.User, err)
	}
	return f.printAction(ctx, o.Out, invitationActionJSON{Org: o.Org, User: o.User, Action: "cancelled"},
		saying(fmt.Sprintf("cancelled %s's invitation to %s", safe.PlainLine(clip(o.User)), safe.PlainLine(clip(o.Org)))))
}

// saying is a sentence that the check after an action does not change.
func saying(s string) func(bool) string { return func(bool) string { return s } }
