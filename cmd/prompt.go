package cmd

import (
	"context"
	"errors"

	"charm.land/huh/v2"

	"rdash/internal/safe"
)

// Prompter asks the user a question at a terminal, as gh's
// internal/prompter does. Commands never read standard input for an
// answer themselves: they ask the Factory's prompter, which is huh on the
// Factory's streams, and which a test replaces to reach the terminal path
// (a question asked, an answer given) with fake streams.
type Prompter interface {
	// Confirm asks a yes/no question; No is the default.
	Confirm(ctx context.Context, question string) (bool, error)
	// Input asks for a line of text, which valid must accept before it
	// is taken (nil takes any).
	Input(ctx context.Context, question string, valid func(string) error) (string, error)
	// Select asks for one of options; the answer is one of them.
	Select(ctx context.Context, question string, options []string) (string, error)
}

// prompter is the Factory's Prompter: the one a test gave, else huh on
// the Factory's streams.
func (f *Factory) prompter() Prompter {
	if f.Prompter != nil {
		return f.Prompter
	}
	return huhPrompter{io: f.IO}
}

// huhPrompter asks with huh's forms, drawn on the streams' output and
// read from their input.
type huhPrompter struct{ io IOStreams }

func (p huhPrompter) run(ctx context.Context, field huh.Field) error {
	err := huh.NewForm(huh.NewGroup(field)).WithShowHelp(false).
		WithInput(p.io.In).WithOutput(p.io.Out).RunWithContext(ctx)
	switch {
	case errors.Is(err, huh.ErrUserAborted):
		return errCancelled
	case ctx.Err() != nil:
		return ctx.Err() // Ctrl+C from outside the form: Main says "cancelled"
	}
	return err
}

// Confirm implements Prompter.
func (p huhPrompter) Confirm(ctx context.Context, question string) (bool, error) {
	ok := false
	err := p.run(ctx, huh.NewConfirm().Title(question).Affirmative("Yes").Negative("No").Value(&ok))
	return ok, err
}

// Input implements Prompter.
func (p huhPrompter) Input(ctx context.Context, question string, valid func(string) error) (string, error) {
	var s string
	in := huh.NewInput().Title(question).Value(&s)
	if valid != nil {
		in = in.Validate(valid)
	}
	err := p.run(ctx, in)
	return s, err
}

// Select implements Prompter. The options are shown as plain lines (they
// may come from the server); the answer is the option as given.
func (p huhPrompter) Select(ctx context.Context, question string, options []string) (string, error) {
	opts := make([]huh.Option[string], len(options))
	for i, o := range options {
		opts[i] = huh.NewOption(safe.PlainLine(o), o)
	}
	var pick string
	err := p.run(ctx, huh.NewSelect[string]().Title(question).Options(opts...).Value(&pick))
	return pick, err
}
