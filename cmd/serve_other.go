//go:build !unix

package cmd

import (
	"context"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/ssh"
)

// followPtySize: elsewhere wish's middleware alone passes resizes on.
func followPtySize(context.Context, ssh.Pty, *tea.Program) {}
