package cmd

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"rdash/api"
	"rdash/config"
	"rdash/internal/explain"
	"rdash/internal/safe"
)

// invAnswerOptions are invitations accept's and reject's: the
// organization, or an invitation link.
type invAnswerOptions struct {
	f   *Factory
	Arg string // ORG|LINK
	Yes bool
	Out *jsonOutput
}

// answer is accept or reject: its command, and what it does.
type answer struct {
	use, short, long, example string
	plan, question            string // plan's %s: the organization and the user
	op                        explain.InvitationOp
	action                    string
	// said is what the action did, for the organization: checked says the
	// pending invitations were read after it.
	said     func(org string, checked bool) string
	remember bool // the organization, for the dashboard
	send     func(ctx context.Context, c *api.Client, org, user string) error
}

var accept = answer{use: "accept ORG|LINK", short: "Accept your invitation to an organization",
	long: `Accept your invitation to an organization.

The service cannot list your own invitations, so name the organization:
its slug or ID, or paste the invitation link, from which rdash takes the
part after /orgs/ (also /org/, /organization/ or /organizations/), and
the invitee after /invitations/ when the link names one: rdash answers as
that user, and the server checks it is you. Otherwise rdash asks the
server who you are, or takes the username from the config.
The organization is remembered for the dashboard's invitations screen.`,
	example: `  rdash invitations accept emberforge
  rdash invitations accept https://example.com/orgs/emberforge/invitations/dave --yes`,
	plan:     "will accept the invitation to %s, as %s (what membership it gives, the interface does not say)",
	question: "Accept it?", op: explain.OpAccept, action: "accepted", said: accepted, remember: true,
	send: func(ctx context.Context, c *api.Client, org, user string) error {
		_, err := c.AcceptInvitation(ctx, org, user)
		return err
	}}

var reject = answer{use: "reject ORG|LINK", short: "Reject your invitation to an organization",
	long: `Reject your invitation to an organization, named by its slug or ID or by
the invitation link (see rdash invitations accept --help).`,
	example: `  rdash invitations reject quartz
  rdash invitations reject https://example.com/orgs/quartz/invitations/dave --yes --json`,
	plan: "will reject the invitation to %s, as %s: it cannot be taken back", question: "Reject it?", op: explain.OpReject,
	action: "rejected", said: func(org string, _ bool) string { return "rejected the invitation to " + org },
	send: func(ctx context.Context, c *api.Client, org, user string) error {
		_, err := c.DeleteInvitation(ctx, org, user)
		return err
	}}

func newInvAnswerCmd(f *Factory, a answer, runF func(context.Context, *invAnswerOptions) error) *cobra.Command {
	opts := &invAnswerOptions{f: f}
	c := &cobra.Command{
		Use: a.use, Short: a.short, Long: a.long, Example: a.example,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Arg = args[0]
			return runWith(cmd.Context(), opts, runF, a.run)
		},
	}
	addYesFlag(c.Flags(), &opts.Yes)
	opts.Out = addJSONFlags(c, invitationActionJSON{})
	return c
}

// run answers the invitation as the signed-in user, or as the invitee
// the link names.
func (a answer) run(ctx context.Context, o *invAnswerOptions) error {
	f := o.f
	client, org, me, err := f.invitee(ctx, o.Arg)
	if err != nil {
		return err
	}
	f.showPreview(o.Out, o.Yes, func(w io.Writer) {
		fmt.Fprintf(w, a.plan+"\n", safe.PlainLine(clip(org)), safe.PlainLine(clip(me)))
	})
	if err := f.confirm(ctx, o.Yes, a.question); err != nil {
		return err
	}
	if err := a.send(ctx, client, org, me); err != nil {
		return explain.Invitation(a.op, org, me, err)
	}
	if a.remember {
		f.rememberOrg(org)
	}
	return f.printAction(ctx, o.Out, invitationActionJSON{Org: org, User: me, Action: a.action}, func(checked bool) string {
		return a.said(safe.PlainLine(clip(org)), checked)
	})
}

// accepted says what an accept did, as far as the server shows it: the
// answer said yes, and the list read after it (when the user may read
// it) no longer holds the invitation. The interface leaves the effect on
// membership unstated, so rdash claims none.
func accepted(org string, checked bool) string {
	const effect = "; the interface does not say what membership this gives"
	if checked {
		return "accepted: the invitation to " + org + " is no longer pending" + effect
	}
	return "accepted: the server answered the acceptance of the invitation to " + org + " with success" + effect
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
