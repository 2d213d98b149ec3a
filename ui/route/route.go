// Package route is the dashboard's table of contents: every screen another
// screen can open, as a typed route constant, with the arguments it is
// opened with.
//
// It is a leaf beside ui/common that the opening screen and the opened one
// both import, so screens never import each other (a test enforces it),
// and common.Open(route.Detail, x) does not compile unless x is a
// route.DetailArgs. A screen's own messages, keys and client interface
// stay in its package; only this contract is shared. Adding a screen is
// its package, its route here (when another screen opens it) and one
// common.Register line in the root (ui/stack.go).
package route

import (
	tea "charm.land/bubbletea/v2"

	"rdash/api"
	"rdash/ui/common"
)

// Routes of the dashboard. A route without a registered screen is reported
// as unavailable instead of opening.
const (
	Picker      common.Route[PickerArgs]        = "picker"
	Versions    common.Route[VersionsArgs]      = "versions"
	Detail      common.Route[DetailArgs]        = "detail"
	BulkEdit    common.Route[SelectionArgs]     = "bulk-edit"
	Delete      common.Route[SelectionArgs]     = "delete"
	Undo        common.Route[common.ProjectRef] = "bulk-undo" // the project whose last edit to undo
	Invitations common.Route[None]              = "invitations"
	SignIn      common.Route[SignInArgs]        = "sign-in"
	Account     common.Route[None]              = "account"
	NewVersion  common.Route[common.ProjectRef] = "new-version"  // the project to publish a version of
	EditVersion common.Route[DetailArgs]        = "edit-version" // one version's fields and files
	Download    common.Route[DetailArgs]        = "download"     // one version's files, saved
	Stats       common.Route[StatsArgs]         = "stats"        // where a project's downloads are, as charts
)

// None is the argument of a route that takes none.
type None struct{}

// PickerArgs opens the project picker, the dashboard's home screen. Open,
// when set, is a project (slug or ID) to open at once.
type PickerArgs struct {
	Open string
}

// VersionsArgs opens the versions screen of Project, with its first page
// already fetched when the picker checked that the project exists, and
// listed under Filter (the stats screen opens the list of a bar).
type VersionsArgs struct {
	Project common.ProjectRef
	First   *Page
	Filter  Filter
}

// Filter is a list's filter as routes carry it: channels (slugs or IDs)
// and game versions, each any of, and search text. The versions screen's
// own filter converts to and from it.
type Filter struct {
	Channels []string
	Game     []string
	Search   string
}

// StatsArgs opens the stats of Project's versions under Filter. When
// Complete, Versions is every version the filter lists (the versions
// screen had them all loaded); else the stats screen loads them.
type StatsArgs struct {
	Project  common.ProjectRef
	Filter   Filter
	Versions []api.Version
	Complete bool
}

// Page is one page of versions as the service sent it.
type Page struct {
	Versions []api.Version
	Number   int
	Next     int // 0 when the list is known to end here; else more may follow
	Total    int // -1 when the server did not say (api.Response.Total)
}

// NewPage makes a Page from a list reply asked for page number.
func NewPage(vs []api.Version, resp *api.Response, number int) Page {
	p := Page{Versions: vs, Number: number, Total: -1}
	if resp == nil {
		return p
	}
	p.Next = resp.NextPage
	if total, ok := resp.Total(); ok {
		p.Total = total
	}
	return p
}

// DetailArgs opens the detail of Version (from the list: no files yet).
type DetailArgs struct {
	Project common.ProjectRef
	Version api.Version
}

// SelectionArgs opens a screen that acts on several versions (bulk edit,
// delete). Versions are full values as last loaded, in marking order;
// Hidden is how many of them the current filter hides from the list, so
// the screen can say so before anything is changed.
type SelectionArgs struct {
	Project  common.ProjectRef
	Versions []api.Version
	Hidden   int
}

// SignInArgs opens the sign-in screen. From the error panel, Context is
// what failed for want of a sign-in and Retry runs it again.
type SignInArgs struct {
	Context string
	Retry   tea.Cmd
}
