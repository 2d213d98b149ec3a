package cmd

import (
	"context"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"rdash/api"
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
	c.AddCommand(newInvListCmd(f, nil), newInvSendCmd(f, nil), newInvAnswerCmd(f, accept, nil),
		newInvAnswerCmd(f, reject, nil), newInvCancelCmd(f, nil))
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
// and permissions are those sent, null for the other actions. Checked
// says the organization's pending invitations were read after the action
// (which needs MEMBER_CREATE), and Differences how they differ from what
// it meant.
type invitationActionJSON struct {
	Org         string   `json:"org"`
	User        string   `json:"user"`
	Action      string   `json:"action"`
	Role        *string  `json:"role"`
	Permissions []string `json:"permissions"`
	Checked     bool     `json:"checked"`
	Differences []string `json:"differences"`
	unchecked   string   // why the list could not be read
}

// invListOptions are invitations list's: the organization.
type invListOptions struct {
	f   *Factory
	Org string
	Out *jsonOutput
}

func newInvListCmd(f *Factory, runF func(context.Context, *invListOptions) error) *cobra.Command {
	opts := &invListOptions{f: f}
	c := &cobra.Command{
		Use:   "list ORG",
		Short: "List an organization's pending invitations (needs MEMBER_CREATE)",
		Example: `  rdash invitations list emberforge
  rdash invitations list emberforge --json username,role`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Org = args[0]
			return runWith(cmd.Context(), opts, runF, invListRun)
		},
	}
	opts.Out = addJSONFlags(c, listJSON[invitationJSON]{})
	return c
}

func invListRun(ctx context.Context, o *invListOptions) error {
	f := o.f
	client, err := f.APIClient(ctx)
	if err != nil {
		return err
	}
	invs, _, err := client.ListInvitations(ctx, o.Org)
	if err != nil {
		return explain.Invitation(explain.OpList, o.Org, "", err)
	}
	if o.Out.on() {
		items := make([]invitationJSON, len(invs))
		for i, inv := range invs {
			items[i] = invitationJSON{UserID: inv.ID, Username: inv.Username, Name: inv.Name,
				Role: inv.MemberRole, Permissions: permissionsOut(inv.Permissions), Accepted: inv.Accepted}
		}
		return f.printJSON(ctx, o.Out, itemsOf(items))
	}
	if len(invs) == 0 {
		fmt.Fprintf(f.IO.ErrOut, "no pending invitations in %s\n", safe.PlainLine(clip(o.Org)))
		return nil
	}
	t := &table{tty: f.IO.OutTTY}
	for _, inv := range invs {
		t.add(inv.Username, inv.Name, safe.PlainReveal(clipCell(inv.ID)), inv.MemberRole, joinPermissions(inv.Permissions))
	}
	return t.write(f.IO.Out, "USERNAME", "NAME", "ID", "ROLE", "PERMISSIONS")
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

// printAction prints what an invitation action did, as the list of
// pending invitations read after it shows (checkAction): a sentence on
// standard error, or its JSON.
func (f *Factory) printAction(ctx context.Context, out *jsonOutput, a invitationActionJSON, said func(checked bool) string) error {
	notDone := f.checkAction(ctx, &a)
	if out.on() {
		if err := f.printJSON(ctx, out, a); err != nil {
			return err
		}
		return notDone
	}
	if notDone == nil {
		fmt.Fprintln(f.IO.ErrOut, said(a.Checked))
	}
	printInvitationCheck(f.IO.ErrOut, a)
	return notDone
}
