package common

import (
	"fmt"
	"maps"
	"slices"

	tea "charm.land/bubbletea/v2"
)

// RouteKey names a screen the root can open, in an OpenMsg and in the
// Registry.
type RouteKey string

// Route is a screen the root can open with arguments of type A. Routes
// are constants declared in package ui/route, which both the screen that
// opens and the screen opened import: screens never import each other,
// and Open with arguments of another type does not compile.
type Route[A any] RouteKey

// Key is the route's name in the registry.
func (r Route[A]) Key() RouteKey { return RouteKey(r) }

// OpenMsg asks the root to build the screen registered for Route with Args
// and push it on top of the stack. Build it with Open, which checks the
// arguments' type when compiling.
type OpenMsg struct {
	Route RouteKey
	Args  any
}

// Open returns a command that asks the root to open route r with args a.
func Open[A any](r Route[A], a A) tea.Cmd {
	return func() tea.Msg { return OpenMsg{Route: r.Key(), Args: a} }
}

// factory builds a screen from the arguments of an OpenMsg; Register
// makes one from a typed builder.
type factory func(c Common, args any) (Screen, error)

// Registry maps routes to the factories that build their screens. The root
// fills it once at start, one Register line per screen.
type Registry struct{ m map[RouteKey]factory }

// NewRegistry returns an empty registry.
func NewRegistry() *Registry { return &Registry{m: map[RouteKey]factory{}} }

// Register makes build the screen of route r, replacing any other.
func Register[A any](reg *Registry, r Route[A], build func(Common, A) (Screen, error)) {
	reg.m[r.Key()] = func(c Common, args any) (Screen, error) {
		a, ok := args.(A)
		if !ok { // only an OpenMsg built by hand, not by Open, gets here
			var want A
			return nil, fmt.Errorf("route %s takes %T, not %T", r, want, args)
		}
		return build(c, a)
	}
}

// Has reports whether a screen is registered for key.
func (reg *Registry) Has(key RouteKey) bool {
	_, ok := reg.m[key]
	return ok
}

// Routes are the routes registered, sorted.
func (reg *Registry) Routes() []RouteKey {
	return slices.Sorted(maps.Keys(reg.m))
}

// Build builds the screen registered for msg's route.
func (reg *Registry) Build(c Common, msg OpenMsg) (Screen, error) {
	f, ok := reg.m[msg.Route]
	if !ok {
		return nil, fmt.Errorf("no screen for route %s", msg.Route)
	}
	return f(c, msg.Args)
}
