//go:build !unix

package cmd

import (
	"context"

	tea "charm.land/bubbletea/v2"
	"charm.land/ssh"
)

// followPtySize: elsewhere wish's middleware alone passes resizes on.
func followPtySize(context.Context, ssh.Pty, *tea.Program) {}
