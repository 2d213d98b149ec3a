// Package common holds what every screen of the dashboard shares: the Common
// value handed to constructors, the Screen interface the root routes to,
// styles, keys, the messages screens send to the root, and the one function
// that turns errors into sentences.
package common

import (
	"context"
	"log/slog"
	"time"

	"rdash/config"
	"rdash/ui/markdown"
)

// Common is what the root hands to every screen it builds. It is a value:
// a screen keeps its own copy, and the root tells screens about changes
// (size, theme) with messages rather than through shared state.
type Common struct {
	// Ctx is the dashboard's context; each screen derives its own from it
	// and cancels that when it leaves the stack.
	Ctx    context.Context
	Config *config.Config
	Styles *Styles
	Keys   *KeyMap
	Logger *slog.Logger
	// Now is the clock, fixed in tests so relative dates are stable.
	Now func() time.Time
	// Markdown caches rendered changelogs across detail screens. Only
	// Update touches it, on the program's goroutine.
	Markdown *markdown.Cache
	// Routes reports whether a route has a screen registered, so a screen
	// can hide the keys that would open a missing one.
	Routes func(RouteKey) bool
	// Session signs in and out while the dashboard runs; nil when the
	// dashboard was started without one (then the sign-in and account
	// screens are not offered).
	Session Session
	// State is what rdash remembers (pins, recent projects, organizations)
	// as it was when the screen was built. The root owns it: a screen asks
	// for changes with EditState and hears of them through StateMsg.
	State config.State
}

// PageSize is the configured page size, or the service's default.
func (c Common) PageSize() int {
	if c.Config != nil && c.Config.PageSize > 0 {
		return c.Config.PageSize
	}
	return 25
}

// Has reports whether the route r can be opened.
func (c Common) Has(r interface{ Key() RouteKey }) bool { return c.Routes != nil && c.Routes(r.Key()) }
