package applyflow_test

import (
	"context"

	tea "charm.land/bubbletea/v2"

	"rdash/ui/applyflow"
	"rdash/ui/common"
)

// publish is how a screen that publishes one new version would plug in:
// its plan is the one version, enter sends it without a second yes, and
// a retry sends it again.
type publish struct {
	project, version string
	create           func(ctx context.Context) (id string, err error)
}

func (p publish) Plan(context.Context) (applyflow.Plan, error) { return p, nil }

func (p publish) Waiting() applyflow.Preview { return applyflow.Preview{Header: []string{"Publish"}} }

func (p publish) Planned(applyflow.Plan) tea.Cmd { return nil }

func (p publish) Preview(int) applyflow.Preview {
	return applyflow.Preview{Header: []string{"Publish " + p.version + " to " + p.project}, Lines: []string{p.version},
		Enter: "enter publishes it · esc back to the form"}
}

func (p publish) Confirm() applyflow.Confirm { return applyflow.Confirm{} }

func (p publish) Job() applyflow.Job { return p }

func (p publish) Size() int { return 1 }

func (p publish) Words() applyflow.Words {
	return applyflow.Words{Verb: "publishing", Of: p.project, Results: "Published"}
}

func (p publish) Start() (applyflow.Run, error) {
	return func(ctx context.Context, progress func(int)) applyflow.Report {
		id, err := p.create(ctx)
		progress(1)
		o := applyflow.Outcome{ID: id, Name: p.version, Status: "published"}
		if err != nil {
			o = applyflow.Outcome{ID: p.version, Name: p.version, Status: "not published", Failed: true, Error: err.Error()}
		}
		return applyflow.Report{Outcomes: []applyflow.Outcome{o}}
	}, nil
}

func (p publish) Retry(map[string]bool) applyflow.Job { return p }

// A screen builds the flow once, hands it a task when its form is done,
// and passes it its messages; the flow previews, runs and reports.
func Example() {
	var c common.Common // as the root hands it to the screen
	flow := applyflow.New(context.Background(), c, applyflow.Options{Keys: applyflow.DefaultKeyMap()})
	create := func(context.Context) (string, error) { return "AAAAAAAA", nil }
	cmd := flow.Start(publish{project: "lumen", version: "2.5.0", create: create})
	_ = cmd // returned from the screen's Update; its reply goes back to flow.Update
}
