// Package ui is rdash's dashboard: a small root model that routes messages
// to a stack of screens (project picker → versions → version detail, and
// the screens registered later), with a header, a status line and a help
// footer around them. docs/architecture.md draws how data and messages
// flow.
//
// Adding a screen: write a package with a type implementing common.Screen,
// the small Client interface it needs and a Factory taking that client;
// declare its route and arguments in ui/route when another screen opens
// it; add one common.Register line to register (stack.go). Screens open
// it with common.Open(route.X, args), which does not compile with the
// wrong arguments; the root sizes it, pushes it, delivers the replies to
// its commands to it alone (see Update) and calls Close when esc or
// BackMsg pops it. A screen reports failures with common.ReportError,
// notes with common.Status, changes to what rdash remembers with
// common.EditState, and edits to versions with a common.VersionsChangedMsg
// so the lists and their marks follow.
package ui

import (
	"cmp"
	"context"
	"errors"
	"log/slog"
	"time"

	"charm.land/bubbles/v2/help"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"

	"rdash/config"
	"rdash/ui/common"
	"rdash/ui/markdown"
	"rdash/ui/route"
	"rdash/ui/statusbar"
)

// Options is what the dashboard needs from the command that starts it.
type Options struct {
	// Client talks to the service; *api.Client satisfies it.
	Client Client
	// Config is the loaded configuration (theme, mouse, page size, pins).
	Config *config.Config
	// State is what rdash remembers between runs (pinned, recent).
	State config.State
	// SaveState persists State; the dashboard calls it from a command
	// after a pin or an opened project. Nil keeps changes in memory.
	SaveState func(config.State) error
	// Context ends the dashboard's requests when cancelled.
	Context context.Context
	// Logger receives debug logs; it must not write to the terminal.
	// Nil discards them.
	Logger *slog.Logger
	// Project, when set (a slug or ID), is opened at start.
	Project string
	// Now is the clock; nil means time.Now. Tests fix it.
	Now func() time.Time
	// Routes, when set, adds or replaces screens in the registry after the
	// built-in ones (common.Register): tests plug in stand-ins this way.
	Routes func(*common.Registry)
	// Session signs in and out without leaving the dashboard. Without one
	// the sign-in and account screens are not offered.
	Session common.Session
	// NoLocalFiles says the terminal is not the user's machine (rdash
	// serve): screens that read or write local files are not offered
	// (publishing and editing a version, which pick files to upload, and
	// downloading), so a key holder cannot upload or overwrite the server
	// account's files.
	NoLocalFiles bool
}

// Model is the dashboard's root tea.Model.
type Model struct {
	common common.Common
	cancel context.CancelFunc
	opts   Options
	routes *common.Registry

	stack    []frame
	lastID   int // the id of the last screen pushed
	status   statusbar.Model
	help     help.Model
	showHelp bool
	// cmd is the : prompt, while it is open.
	cmd *commandLine
	// helpTop is the first line of the ? overlay shown, when it is taller
	// than the body and scrolls.
	helpTop int
	panel   *panel

	state config.State

	width, height int
	user          string // in the header
	// userUnverified says nothing the server answered showed it accepts
	// the token of user, who is then named as not verified (session.go).
	userUnverified bool
	// signedOut says the user signed out in this dashboard: a request the
	// server refuses for want of a sign-in says so, not that the sign-in
	// expired.
	signedOut bool
	// meAsked numbers the root's requests for who is signed in; meHeard
	// is the latest answered, so an older answer does not win.
	meAsked, meHeard int
	// retry is the action that failed for want of a sign-in; r runs it
	// once the user has signed in, until another screen opens or closes.
	retry tea.Cmd

	// The last body drawn and its clipped form (see clipBody).
	bodyIn, bodyOut string
	bodyW, bodyH    int

	// failed is why the program ended other than by the user's choice:
	// a command that panicked (see own).
	failed error
}

// ErrPanic is what Err wraps when a screen's command panicked.
var ErrPanic = errors.New("a bug in rdash: a command panicked")

// Err is why the dashboard ended on its own, or nil when the user ended
// it: a screen's command that panicked, with its value and stack
// (errors.Is(err, ErrPanic)). Check it on the model Run returns.
func (m *Model) Err() error { return m.failed }

// Ended is why a run of the dashboard ended on its own: p.Run's error, or
// else the final model's Err. Pass it what Run returned.
func Ended(final tea.Model, err error) error {
	if err != nil {
		return err
	}
	if m, ok := final.(*Model); ok {
		return m.Err()
	}
	return nil
}

// New returns the dashboard. Options.Client and Options.Config are required.
func New(opts Options) *Model {
	ctx := opts.Context
	if ctx == nil {
		ctx = context.Background()
	}
	ctx, cancel := context.WithCancel(ctx)
	m := &Model{cancel: cancel, opts: opts, routes: common.NewRegistry(), state: cloneState(opts.State)}
	register(m.routes, opts.Client, opts.Session != nil, !opts.NoLocalFiles)
	if opts.Routes != nil {
		opts.Routes(m.routes)
	}
	styles := common.NewStyles(initialTheme(opts.Config))
	m.common = common.Common{
		Ctx: ctx, Config: opts.Config, Styles: styles,
		Keys: common.DefaultKeyMap(), Logger: orDiscard(opts.Logger), Now: opts.Now,
		Markdown: markdown.NewCache(), Routes: m.hasRoute, Session: opts.Session,
	}
	if m.common.Now == nil {
		m.common.Now = time.Now
	}
	m.status = statusbar.New(styles)
	m.help = help.New()
	m.help.Styles = styles.Help
	m.user = cmp.Or(opts.State.Username, opts.Config.Username)
	m.userUnverified = m.user != "" // until the server says
	return m
}

// ProgramOptions are the tea.Program options the dashboard wants: its
// context, and no colour at all when NO_COLOR is set (colorprofile only
// honours NO_COLOR values that parse as true) or the terminal is dumb.
// There the profile is Ascii, not the NoTTY colorprofile picks for
// TERM=dumb or unset, which strips reverse video and bold too and leaves
// the cursor row, focused fields and buttons invisible.
func ProgramOptions(opts Options) []tea.ProgramOption {
	var po []tea.ProgramOption
	if opts.Context != nil {
		// The context ends the program on a signal (cmd owns SIGINT, SIGTERM,
		// SIGHUP, SIGQUIT). bubbletea's own handler would race it: having
		// taken the signal, it blocks sending QuitMsg to an event loop that
		// the cancelled context already stopped, and shutdown waits on it
		// for ever, leaving the alternate screen up.
		po = append(po, tea.WithContext(opts.Context), tea.WithoutSignalHandler())
	}
	if opts.Config != nil && noColor(opts.Config) {
		po = append(po, tea.WithColorProfile(colorprofile.Ascii))
	}
	if opts.Config != nil && opts.Config.Env.SSH {
		po = append(po, tea.WithFPS(sshFPS))
	}
	return po
}

// sshFPS is the frame rate over SSH, against bubbletea's 60. The renderer
// draws only the latest view at each tick, so keys that arrive within one
// tick cost one frame; but sshd reads the pty as fast as the program
// writes (its channel window holds megabytes), so nothing ever pushes
// back, and at 60 frames a second a held key (about 30 repeats a second)
// sends a frame per repeat, which a slow link then queues for seconds.
// Fewer ticks merge more repeats into one frame. Measured through a 3 KB/s
// link (e2e TestDashboardOverASlowLink), ten repeats of k at 30 a second
// cost 2,784 bytes on the link at 60 fps, 1,900-2,200 at 20 and
// 1,100-1,400 at 10; a key waits at most 100 ms for its frame.
const sshFPS = 10

// noColor is NO_COLOR or a terminal without colours.
func noColor(c *config.Config) bool { return c.Env.NoColor || c.Env.DumbTerminal }

// Init opens the project picker (and the initial project, if any), asks
// the terminal for its background colour and who is signed in.
func (m *Model) Init() tea.Cmd {
	cmds := []tea.Cmd{m.askWhoAmI(0)}
	if m.common.Config.Theme == "auto" && !noColor(m.common.Config) {
		cmds = append(cmds, tea.RequestBackgroundColor)
	}
	args := route.PickerArgs{Open: m.opts.Project}
	cmds = append(cmds, m.open(common.Open(route.Picker, args)().(common.OpenMsg)))
	return tea.Batch(cmds...)
}

func (m *Model) hasRoute(r common.RouteKey) bool { return m.routes.Has(r) }

func (m *Model) top() common.Screen {
	if len(m.stack) == 0 {
		return nil
	}
	return m.stack[len(m.stack)-1].s
}

// topID is the id of the screen on top, 0 when there is none.
func (m *Model) topID() int {
	if len(m.stack) == 0 {
		return 0
	}
	return m.stack[len(m.stack)-1].id
}

// initialTheme is the theme before the terminal answers: the configured
// one; when the config says auto, what COLORFGBG says, else dark, the
// common case. A terminal that never answers the background query keeps it.
func initialTheme(c *config.Config) common.Theme {
	dark := c.Theme == "dark" || c.Theme != "light" && c.Env.Background != "light"
	return common.Theme{Dark: dark, NoColor: noColor(c)}
}

func orDiscard(l *slog.Logger) *slog.Logger {
	if l == nil {
		return slog.New(slog.DiscardHandler)
	}
	return l
}
