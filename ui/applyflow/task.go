package applyflow

import (
	"context"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// Task is what a screen hands the flow to apply: how to work out a plan,
// and what to show until there is one.
type Task interface {
	// Plan works out what would be sent, reading what it needs. It runs
	// in a command, so it must not touch the screen's model.
	Plan(ctx context.Context) (Plan, error)
	// Waiting is the preview while the plan is being worked out; when that
	// fails, the flow shows the error under Waiting's header instead.
	Waiting() Preview
	// Planned is told of each plan, on the UI goroutine, as it is shown.
	Planned(p Plan) tea.Cmd
}

// Plan is what would be sent, as the preview shows it: exactly what its
// Job sends, and nothing else.
type Plan interface {
	// Preview is what the preview shows at width.
	Preview(width int) Preview
	// Confirm is how the user says yes to this plan.
	Confirm() Confirm
	// Job is what applying the plan runs.
	Job() Job
}

// Preview is a plan, or a task waiting for one, as the preview shows it.
// The flow cuts every line to the width.
type Preview struct {
	Header []string // above the list; they do not scroll
	Lines  []string // the versions and what happens to each; they scroll
	// Blocked, when set, is the (styled) footer that says why nothing can
	// be sent; enter then does nothing.
	Blocked string
	// Enter is the footer that says what enter does, when it does.
	Enter string
}

// Confirm is the second yes a plan needs before it runs, beyond enter.
type Confirm struct {
	// Question, when set, is asked with the focus on Cancel; Yes names the
	// button that goes ahead ("Apply").
	Question, Yes string
	// Answer is what must be typed in the flow's Typing field before enter
	// runs the plan; Prompt asks for it and Wrong says that enter found
	// something else.
	Answer, Prompt, Wrong string
}

// Typing is a field where the user types the answer of a Confirm, such
// as a count, as gh asks for a repository's name before deleting it. It
// is focused from the start, so the answer can be typed while the plan
// is worked out.
type Typing struct {
	Limit  int               // the most characters the field takes
	Accept func(r rune) bool // the characters it takes; others are dropped
	Verb   string            // what enter does, in help ("delete")
}

// Job is what one run sends.
type Job interface {
	// Size is how many versions the run sends; zero sends nothing.
	Size() int
	// Words name the run and its results.
	Words() Words
	// Start readies the run, or says why it cannot begin; nothing has
	// been sent when it fails.
	Start() (Run, error)
	// Retry is the same job for the versions whose IDs failed holds only.
	Retry(failed map[string]bool) Job
}

// Run sends a job. It runs in a command; progress may be called from any
// goroutine with the number of versions done so far.
type Run func(ctx context.Context, progress func(done int)) Report

// Report is what a run did.
type Report struct {
	Outcomes []Outcome
	// Record names what the run wrote down (journal entries), shown on
	// the results after Words.Record.
	Record []string
	// Notes are lines the results show under their summary, such as how
	// the run went in parts; a retry's replace the run's.
	Notes []string
	// Then, when set, is called on the UI goroutine when the results show:
	// the screen's own bookkeeping, and the messages it sends.
	Then func() tea.Cmd
}

// Outcome is how one version ended.
type Outcome struct {
	ID, Name string // the version's ID and version string
	Status   string // how it reads: "updated", "not applied"
	Failed   bool   // it did not end as intended
	// Retry marks a failure that sending again may mend (the request was
	// lost on the way, the server was busy or failing, or what happened is
	// not known); r sends these again. A refusal (400, 403, 404, 409)
	// would be refused again, so it is not retried: Fix says what to
	// change instead.
	Retry bool
	Error string // why, when the server said
	Fix   string // what to change before sending again, for a refusal
	// Differs say how what the server holds differs from what was sent
	// (internal/verify's sentences), shown under the version whether it
	// failed or not.
	Differs []string
}

// Words name a job's run and results.
type Words struct {
	Verb    string // the run's busy line, and title: "applying the edit"
	Running string // the run's title, when not Verb's: "Publishing 2.5.0 to lumen"
	Of      string // what the versions are of: "lumen"
	Sent    string // beside the count sent: "the journal already holds the old values"
	Results string // the results' title: "Results"
	Record  string // what Report.Record is: "journal"
}

// Action is a key the results offer besides retry.
type Action struct {
	Key  key.Binding
	Says string // in the footer: "u undoes this edit"
	Do   func() tea.Cmd
}
