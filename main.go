// Command rdash is a terminal dashboard, and its scriptable command-line
// twin, for maintainers who publish on the resource hosting service.
package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"

	"rdash/cmd"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := cmd.Main(ctx, os.Args[1:], cmd.NewFactory())
	stop()
	os.Exit(code)
}
